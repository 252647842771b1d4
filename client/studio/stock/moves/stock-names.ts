import { qtyIssue, type Unit } from '../../../../schema/shared/unit';

let qtyFormat: Intl.NumberFormat | undefined;
let shareFormat: Intl.NumberFormat | undefined;

/** «12 шт.», «1,5 м»: a quantity with its unit, as every stock screen writes it. */
export const quantityText = (qty: number, unit: Pick<Unit, 'label'> | undefined): string =>
  `${(qtyFormat ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 })).format(qty)} ${unit?.label ?? ''}`.trim();

/** «12 %» from a share (0.12); «—» when there is none. */
export const shareText = (share: number | null): string =>
  share === null ? '—' : `${(shareFormat ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 })).format(share * 100)} %`;

/** «25 ноября»: a day as the stock screens' lists write it. */
export const dayText = (d: string): string => new Date(`${d}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long' });

/** A typed quantity for a flower: the number, or the Russian reason it is not one. */
export const quantityOf = (text: string, unit: Unit): number | string => {
  const n = Number(text.replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n)) return 'Укажите количество';
  return qtyIssue(unit, n) ?? n;
};

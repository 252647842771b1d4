import { flowerUnits, type FlowerUnit } from '../../../schema/entities/flower';

const unitLabels = new Map<string, string>(flowerUnits.map((u) => [u.id, u.label]));
let qtyFormat: Intl.NumberFormat | undefined;
let shareFormat: Intl.NumberFormat | undefined;

/** «12 шт.», «1,5 м»: a quantity with its unit, as every stock screen writes it. */
export const quantityText = (qty: number, unit: FlowerUnit | undefined): string =>
  `${(qtyFormat ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 })).format(qty)} ${unitLabels.get(unit ?? 'pcs') ?? ''}`.trim();

/** «12 %» from a share (0.12); «—» when there is none. */
export const shareText = (share: number | null): string =>
  share === null ? '—' : `${(shareFormat ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 })).format(share * 100)} %`;

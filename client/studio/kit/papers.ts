import type { z } from 'zod';
import { today } from '../../../schema/shared/day';
import { unitOf, type Unit } from '../../../schema/shared/unit';
import { invoiceTotal, type invoice } from '../../../schema/entities/invoice';
import type { shift } from '../../../schema/entities/shift';
import type { slip } from '../../../schema/entities/slip';
import { deliveryPlace, paidMethods, type Order } from '../../../schema/studio/orders/order';
import { owed, received } from '../../../schema/studio/orders/order-money';
import type { PriceHistory } from '../../../schema/studio/stock/purchase-price';
import { shiftDifference, tillMethods } from '../../../schema/studio/money/shift-takings';
import { lineLoss } from '../../../schema/studio/stock/write-off-report';
import type { VoidMark } from '../../../schema/shared/voids';
import { paperMoney, paperQty, type PaperLine, type PrintedPaper } from '../../ui/printed-paper';

/**
 * The studio's five papers (issue 22, item 3), each a pure function of the records it prints: what the documents
 * screen, the shift close and the couriers' day lay out with one component (client/ui/paper-sheet.tsx). Sums are the
 * schema's own rules (invoiceTotal, lineLoss, owed); these functions only write them down.
 */
export const paperKinds = [
  { id: 'invoice', label: 'Приходная накладная' },
  { id: 'slip', label: 'Акт списания' },
  { id: 'shift', label: 'Отчёт о закрытии смены' },
  { id: 'receipt', label: 'Товарный чек' },
  { id: 'route', label: 'Маршрутный лист курьера' },
] as const;
export type PaperKind = (typeof paperKinds)[number]['id'];

type InvoiceData = z.infer<typeof invoice.fields>;
type SlipData = z.infer<typeof slip.fields>;
type ShiftData = z.infer<typeof shift.fields>;

/** What a paper names a flower or material by: its title and unit, as the device's records hold them. */
export interface StockItem {
  title: string;
  /** A code of the studio's `unit` list. */
  unit: string;
}
/** A unit's code read against the studio's list (`useUnits` on a screen); by default, against the list's defaults. */
type UnitOf = (code: string | undefined) => Unit;
const defaultUnitOf: UnitOf = (code) => unitOf([], code ?? 'pcs');
/** A flower the device no longer knows is still printed, by its id. */
const itemOf = (items: ReadonlyMap<string, StockItem>, id: string): StockItem => items.get(id) ?? { title: id, unit: 'pcs' };
const kopecks = (n: number) => Math.round(n * 100) / 100;

/**
 * A supply invoice («Приходная накладная»; a return to the supplier «Накладная на возврат поставщику»): each line with
 * its unit, quantity, price and sum; the total (invoiceTotal), what was paid when it was entered and what is left.
 */
export const invoicePaper = (i: InvoiceData, items: ReadonlyMap<string, StockItem>, warehouseName: string, units: UnitOf = defaultUnitOf): PrintedPaper => {
  const total = invoiceTotal(i.lines);
  const supply = i.kind === 'supply';
  return {
    title: supply ? 'Приходная накладная' : 'Накладная на возврат поставщику',
    number: i.number,
    day: i.day,
    parties: [
      { label: 'Поставщик', value: i.supplierName || 'не указан' },
      { label: supply ? 'Склад получателя' : 'Со склада', value: warehouseName },
      { label: 'Статус', value: i.status === 'posted' ? 'проведена' : 'черновик' },
    ],
    tables: [
      {
        columns: [{ label: '№', numeric: true }, { label: 'Наименование' }, { label: 'Ед.' }, { label: 'Кол-во', numeric: true }, { label: 'Цена', numeric: true }, { label: 'Сумма', numeric: true }],
        rows: i.lines.map((l, n) => {
          const item = itemOf(items, l.flower);
          return [String(n + 1), item.title, units(l.unit).label, paperQty(l.qty), paperMoney(l.price), paperMoney(kopecks(l.qty * l.price))];
        }),
      },
    ],
    totals: [
      { label: `Итого, позиций ${i.lines.length}`, value: paperMoney(total) },
      ...(supply ? [{ label: 'Оплачено', value: paperMoney(i.paid) }, { label: 'К оплате', value: paperMoney(Math.max(0, kopecks(total - i.paid))) }] : []),
    ],
    notes: i.note ? [i.note] : [],
    signatures: supply ? ['Сдал (поставщик)', 'Принял'] : ['Сдал', 'Принял (поставщик)'],
  };
};

/**
 * A write-off act: each line with its reason, the unit's cost and the loss (lineLoss: the purchase price of the act's
 * day), the act's total. `number` is what the screen calls the act (it has none of its own).
 */
export const slipPaper = (
  s: SlipData,
  number: string,
  items: ReadonlyMap<string, StockItem>,
  warehouseName: string,
  reasonLabel: (code: string) => string,
  prices: PriceHistory,
  units: UnitOf = defaultUnitOf,
): PrintedPaper => {
  const losses = s.lines.map((l) => lineLoss(l, s.day, prices));
  return {
    title: 'Акт списания',
    number,
    day: s.day,
    parties: [{ label: 'Склад', value: warehouseName }, ...(s.order ? [{ label: 'Заказ', value: s.order }] : [])],
    tables: [
      {
        columns: [{ label: '№', numeric: true }, { label: 'Наименование' }, { label: 'Ед.' }, { label: 'Кол-во', numeric: true }, { label: 'Причина' }, { label: 'Цена', numeric: true }, { label: 'Сумма', numeric: true }],
        rows: s.lines.map((l, n) => {
          const item = itemOf(items, l.flower);
          return [String(n + 1), item.title, units(item.unit).label, paperQty(l.qty), reasonLabel(l.reason), paperMoney(l.qty ? losses[n] / l.qty : 0), paperMoney(losses[n])];
        }),
      },
    ],
    totals: [{ label: `Итого списано, позиций ${s.lines.length}`, value: paperMoney(kopecks(losses.reduce((a, b) => a + b, 0))) }],
    notes: s.note ? [s.note] : [],
    signatures: ['Списал(а)', 'Утвердил(а)'],
  };
};

/** A voided record's paper (schema/shared/voids.ts): the same paper, stamped «Сторнировано» with the reason. */
export const voidedPaper = (paper: PrintedPaper, mark: VoidMark | undefined): PrintedPaper => (mark ? { ...paper, voided: mark.reason } : paper);

const methodLabel = (id: string) => paidMethods.find((m) => m.id === id)?.label ?? id;
/** «+100 ₽» for more in the till, «−100 ₽» for a shortage, «сходится» when the count matches. */
export const differenceText = (d: number): string => (d === 0 ? 'сходится' : `${d > 0 ? '+' : '−'}${paperMoney(Math.abs(d))}`);

/**
 * The shift report: the day's takings by payment method, the till's cash (start, takings, in, out, expected, counted,
 * difference), the card terminal, the cash moves and the note; closed by whom and when.
 */
export const shiftPaper = (s: ShiftData, closedBy: string, closedAt: string, reasonLabel: (code: string) => string): PrintedPaper => {
  const diff = shiftDifference({ cash: s.expectedCash, card: s.expectedCard }, s.counted);
  const rows = (pairs: [string, string][]) => pairs.map(([a, b]) => [a, b]);
  const twoColumns = [{ label: 'Статья' }, { label: 'Сумма', numeric: true }];
  return {
    title: 'Отчёт о закрытии смены',
    number: '',
    day: s.day,
    parties: [
      { label: 'Закрыл(а)', value: `${closedBy}, ${closedAt}` },
      { label: 'Оплаченных заказов', value: `${s.orders}, из них продаж в студии ${s.counterSales}` },
    ],
    tables: [
      { caption: 'Выручка по способам оплаты', columns: [{ label: 'Способ' }, { label: 'Сумма', numeric: true }], rows: tillMethods.map((m) => [methodLabel(m), paperMoney(s.takings[m])]) },
      {
        caption: 'Наличные',
        columns: twoColumns,
        rows: rows([
          ['На начало смены', paperMoney(s.opening)],
          ['Выручка наличными', paperMoney(s.takings.cash)],
          ['Внесено', paperMoney(s.cashIn)],
          ['Выдано', paperMoney(s.cashOut)],
          ['Должно быть в кассе', paperMoney(s.expectedCash)],
          ['Пересчитано', paperMoney(s.counted.cash)],
          ['Расхождение', differenceText(diff.cash)],
        ]),
      },
      {
        caption: 'Карта',
        columns: twoColumns,
        rows: rows([
          ['По заказам', paperMoney(s.expectedCard)],
          ['По терминалу', paperMoney(s.counted.card)],
          ['Расхождение', differenceText(diff.card)],
        ]),
      },
      ...(s.cashMoves.length
        ? [
            {
              caption: 'Движения наличных',
              columns: [{ label: 'Движение' }, { label: 'Статья' }, { label: 'Заметка' }, { label: 'Сумма', numeric: true }],
              rows: s.cashMoves.map((m) => [m.direction === 'in' ? 'Внесено' : 'Выдано', reasonLabel(m.category), m.note, paperMoney(m.amount)]),
            },
          ]
        : []),
    ],
    totals: [
      { label: 'Выручка за смену', value: paperMoney(tillMethods.reduce((sum, m) => sum + s.takings[m], 0)) },
      { label: 'В кассе пересчитано', value: paperMoney(s.counted.cash) },
    ],
    notes: s.note ? [`Объяснение расхождения: ${s.note}`] : [],
    signatures: ['Сдал(а) смену', 'Принял(а)'],
  };
};

/**
 * An order's receipt («Товарный чек»): its bouquets at the prices they were accepted with (a size's price is the line's
 * sum over its count), the delivery, the total, what was received and what is still owed (schema/studio/orders/order-money.ts).
 * Dated the day the order was taken, in Moscow.
 */
export const receiptPaper = (o: Order): PrintedPaper => {
  const rows = o.lines.map((l, n) => [String(n + 1), `${l.name}${l.letterSize ? ` (${l.letterSize})` : ''}`, l.art, String(l.count), paperMoney(l.sum / l.count), paperMoney(l.sum)]);
  if (o.deliveryPrice > 0) rows.push([String(rows.length + 1), 'Доставка', '', '1', paperMoney(o.deliveryPrice), paperMoney(o.deliveryPrice)]);
  const left = owed(o);
  const totals: PaperLine[] = [
    { label: 'Итого', value: paperMoney(o.total) },
    { label: 'Получено', value: paperMoney(received(o)) },
  ];
  if (left) totals.push({ label: 'К оплате', value: paperMoney(left) });
  return {
    title: 'Товарный чек',
    number: String(o.number),
    day: today(new Date(o.createdAt)),
    parties: [
      { label: 'Покупатель', value: o.sender.name },
      { label: 'Получение', value: `${deliveryPlace(o.delivery)}, ${o.date}, ${o.slot}` },
      ...(o.paid?.method ? [{ label: 'Оплата', value: methodLabel(o.paid.method) }] : []),
    ],
    tables: [
      {
        columns: [{ label: '№', numeric: true }, { label: 'Наименование' }, { label: 'Артикул' }, { label: 'Кол-во', numeric: true }, { label: 'Цена', numeric: true }, { label: 'Сумма', numeric: true }],
        rows,
      },
    ],
    totals,
    notes: [],
    signatures: ['Продавец'],
  };
};

import type { AnalyticsReport, PeriodFigures, Slice } from './analytics-report';
import { formatCsv } from '../../shared/csv';

const shown = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
const periodName = (p: { from: string; to: string }) => (p.from === p.to ? shown(p.from) : `${shown(p.from)}–${shown(p.to)}`);
const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(Math.round(v * 100) / 100));

/** The headline figures of a period, by name: what the screen's tiles show and the CSV's first rows hold. */
const headline = (f: PeriodFigures): [string, number | null][] => [
  ['Выручка, ₽', f.revenue],
  ['Заказы', f.orders],
  ['Средний чек, ₽', f.averageCheck],
  ['Валовая маржа, ₽ (по заказам с техкартой)', f.margin.value],
  ['Заказов без техкарты', f.margin.withoutCard],
  ['Списания, ₽', f.writeOffs.cost],
  ['Списания, % выручки', f.writeOffs.share === null ? null : f.writeOffs.share * 100],
  ['Потери за период, ₽', f.losses.total],
  ['Потери: недостачи при пересчёте, ₽', f.losses.shortages],
  ['Потери: собраны, заказ отменён, ₽', f.losses.cancelled],
  ['Новые клиенты', f.clients.new],
  ['Постоянные клиенты', f.clients.returning],
];

/** One slice per row, the previous period's figure for the same slice beside it. */
const slices = (section: string, now: Slice[], before: Slice[]) =>
  now.map((s) => [section, s.label, n(s.revenue), n(before.find((b) => b.id === s.id)?.revenue ?? 0)]);

/**
 * The report as one CSV table (comma-separated, CRLF, schema/shared/csv.ts): section, row, this period, the previous one.
 * Figures are plain numbers in roubles, so a spreadsheet sums them.
 */
export const analyticsCsv = ({ current, previous, month, stock }: AnalyticsReport): string =>
  formatCsv([
    ['Раздел', 'Строка', `Период ${periodName(current)}`, `Предыдущий период ${periodName(previous)}`],
    ...headline(current).map(([name, v], i) => ['Итоги', name, n(v), n(headline(previous)[i][1])]),
    ...current.byDay.map((d, i) => ['Выручка по дням', shown(d.day), n(d.revenue), n(previous.byDay[i]?.revenue)]),
    ...slices('По источникам', current.bySource, previous.bySource),
    ...slices('По способам оплаты', current.byPayment, previous.byPayment),
    ...slices('По категориям', current.byCategory, previous.byCategory),
    ...current.topBouquets.map((b) => ['Топ букетов, ₽', b.name, n(b.revenue), '']),
    ...current.topFlowers.map((f) => ['Топ цветов, шт.', f.name, n(f.qty), '']),
    ...stock.byWarehouse.map((w) => ['Склад по закупочным ценам сейчас, ₽', w.name, n(w.value), '']),
    ['Склад по закупочным ценам сейчас, ₽', 'Всего', n(stock.total), ''],
    ['Расходы месяца', `Валовая маржа ${periodName(month)}`, n(month.margin), ''],
    ...month.byCategory.map((c) => ['Расходы месяца', c.category, n(c.amount), '']),
    ['Расходы месяца', 'Остаток маржи после расходов', n(month.left), ''],
  ]);

import { assemblyReason } from '../../entities/slip';
import { paidMethods } from '../orders/order';
import { received } from '../orders/order-money';
import { refEntries, refLabel, type RefEntry } from '../../entities/ref';
import { daysOf, monthOf, previousPeriod, type Period } from './analytics-period';
import { costOfDay } from '../stock/purchase-price';
import { countShortages } from '../stock/write-off-report';
import { categoryLabel, reportStock, type AnalyticsReport, type ChargeFact, type PeriodFigures, type ReportInput, type Slice, type SlipFact, type SoldOrder } from './analytics-report';

/**
 * The report by day (issue 32, item 3; DECISIONS «Analytics sums days»): what each order, write-off act and charge
 * adds to the sums of one day, so that a projection can keep per day the sums the report needs — subtracting a
 * fact's old part and adding its new one when it changes — and a report sums the rows of its days. The same figures
 * as `analyticsReport` over every fact (`server/analytics/day-summary.test.ts` compares them on random data).
 *
 * A part is a list of entries: a day, a key, and numbers to add; the first number is always 1 (how many facts make
 * the entry: an entry whose count falls to 0 is gone, as a slice no order makes). Keys:
 * `n` [1, total] orders and revenue · `src|{source}` [1, total] · `pay|{method}` [1, orders, amount] ·
 * `prod|{id}` [1, units, sum] · `cmb|{ids}` [1] the set of products of an order (its categories are the catalogue's at
 * report time) · `dlv` [1, delivery] · `rest` [1, rest] · `card` / `nocard` [1, total] orders with or without an
 * assembly act · `stem|{act's day}|{flower}` [1, qty] their stems · `cust|{phone}` [1, total] · `wo|{flower}` [1, qty]
 * write-offs (on the act's day) · `cx|{flower}` [1, qty] stems of orders cancelled since · `chg|{code}` [1, amount].
 * Beside the sums, per order: its customer's day (`first`), and each product's name as that order has it (`name`).
 */
export type DayEntry =
  | { day: string; key: string; values: number[] }
  | { day: string; key: 'name'; product: string; order: string; name: string }
  | { day: string; key: 'first'; customer: string };

/** An act as the day sums read it: the report's `SlipFact` (an act voided since is no act at all). */
export type DayAct = SlipFact;

const sep = '\u0000';

/**
 * What an order adds (with the assembly acts naming it, voided ones left out): a sold order not cancelled, on its
 * delivery day; a cancelled one, the stems its acts took, on each act's day; an order not placed, nothing.
 */
export const orderPart = (order: SoldOrder | undefined, acts: readonly DayAct[]): DayEntry[] => {
  if (!order) return [];
  const stems = acts.flatMap((a) => a.lines.filter((l) => l.reason === assemblyReason).map((l) => ({ day: a.day, flower: l.flower, qty: l.qty })));
  if (order.status === 'cancelled') return stems.map((s) => ({ day: s.day, key: `cx|${s.flower}`, values: [1, s.qty] }));
  const day = order.date;
  const total = order.total;
  const out: DayEntry[] = [
    { day, key: 'n', values: [1, total] },
    { day, key: `src|${order.source ?? 'site'}`, values: [1, total] },
  ];
  const got = Math.min(received(order), total);
  if (got > 0) out.push({ day, key: `pay|${paidMethods.find((m) => m.id === order.paid?.method)?.id ?? 'unknown'}`, values: [1, 1, got] });
  if (total - got > 0) out.push({ day, key: 'pay|unpaid', values: [1, got > 0 ? 0 : 1, total - got] });
  const named = new Set<string>();
  for (const l of order.lines) {
    out.push({ day, key: `prod|${l.id}`, values: [1, l.count, l.sum] });
    if (!named.has(l.id)) out.push({ day, key: 'name', product: l.id, order: order.id, name: l.name });
    named.add(l.id);
  }
  out.push({ day, key: `cmb|${[...named].sort().join(sep)}`, values: [1] });
  if (order.deliveryPrice > 0) out.push({ day, key: 'dlv', values: [1, order.deliveryPrice] });
  const rest = total - order.deliveryPrice - order.lines.reduce((s, l) => s + l.sum, 0);
  if (rest !== 0) out.push({ day, key: 'rest', values: [1, rest] });
  out.push({ day, key: stems.length ? 'card' : 'nocard', values: [1, total] });
  for (const s of stems) out.push({ day, key: `stem|${s.day}${sep}${s.flower}`, values: [1, s.qty] });
  out.push({ day, key: `cust|${order.customer}`, values: [1, total] });
  if (order.customer) out.push({ day, key: 'first', customer: order.customer });
  return out;
};

/** What an act adds by itself: its lines other than assembly, on its day (assembly lines count with their order). */
export const actPart = (act: DayAct | undefined): DayEntry[] => (act ? act.lines.filter((l) => l.reason !== assemblyReason).map((l) => ({ day: act.day, key: `wo|${l.flower}`, values: [1, l.qty] })) : []);

/** What a charge adds: an expense (a charge out, not voided), by its category's code. */
export const chargePart = (c: ChargeFact | undefined): DayEntry[] => (c ? [{ day: c.day, key: `chg|${c.category}`, values: [1, c.amount] }] : []);

/** The kept sums a report reads (server/analytics/day-summary.ts). */
export interface DaySums {
  /** The sums of one day by key, when anything happened on it. */
  sums(day: string): ReadonlyMap<string, readonly number[]> | undefined;
  /** The product's name as the order of the smallest id of these days has it (as a pass over the orders by id). */
  productName(product: string, days: readonly string[]): string | undefined;
  /** The first day the customer has an order not cancelled on. */
  firstDay(customer: string): string | undefined;
}

/** What the report reads beside the day sums: lists, names, prices, counts, the stock, all as they stand now. */
export type DayContext = Omit<ReportInput, 'orders' | 'slips' | 'charges' | 'firstDays'> & { reasons: readonly RefEntry[] };

const defaultSources = refEntries([], 'order-source');
const noMethod = { id: 'unknown', label: 'Способ не указан' };
const unpaid = { id: 'unpaid', label: 'Не оплачено' };
const rub = (n: number) => Math.round(n);
const topSize = 10;

/** The period's sums by key (each key's numbers added over its days), and per key the days it has. */
const sumsOf = (rows: DaySums, days: readonly string[]) => {
  const all = new Map<string, number[]>();
  const stemsByDay: { day: string; flower: string; qty: number }[] = [];
  const byDay = new Map<string, { day: string; orders: number; revenue: number }>();
  const acts: { kind: 'wo' | 'cx'; day: string; flower: string; qty: number }[] = [];
  for (const day of days) {
    const sums = rows.sums(day);
    byDay.set(day, { day, orders: sums?.get('n')?.[0] ?? 0, revenue: sums?.get('n')?.[1] ?? 0 });
    for (const [key, values] of sums ?? []) {
      if (key.startsWith('stem|')) {
        const [slipDay, flower] = key.slice(5).split(sep);
        stemsByDay.push({ day: slipDay, flower, qty: values[1] });
      } else if (key.startsWith('wo|') || key.startsWith('cx|')) acts.push({ kind: key.startsWith('wo|') ? 'wo' : 'cx', day, flower: key.slice(3), qty: values[1] });
      const was = all.get(key);
      if (was) values.forEach((v, i) => (was[i] += v));
      else all.set(key, [...values]);
    }
  }
  return { all, stemsByDay, byDay, acts };
};

/** The figures of one period from the day sums: what `analyticsReport`'s `figuresOf` makes from every order and act. */
const figuresOfDays = (rows: DaySums, ctx: DayContext, period: Period): PeriodFigures => {
  const days = daysOf(period);
  const { all, stemsByDay, byDay, acts } = sumsOf(rows, days);
  const get = (key: string) => all.get(key) ?? [0, 0, 0];
  const slices = (prefix: string, label: (id: string) => string, orders: (v: number[]) => number, revenue: (v: number[]) => number) =>
    [...all].filter(([key]) => key.startsWith(prefix)).map(([key, v]): Slice => ({ id: key.slice(prefix.length), label: label(key.slice(prefix.length)), orders: orders(v), revenue: revenue(v) }));
  const sorted = (s: Slice[]) => s.sort((a, b) => b.revenue - a.revenue || a.id.localeCompare(b.id));
  const [, revenue] = get('n');
  const orders = all.get('n')?.[0] ?? 0;

  const bySource = slices('src|', (id) => refLabel(ctx.sources ?? defaultSources, id), (v) => v[0], (v) => v[1]);
  const byPayment = slices('pay|', (id) => (id === unpaid.id ? unpaid.label : (paidMethods.find((m) => m.id === id) ?? noMethod).label), (v) => v[1], (v) => v[2]);

  const categories = new Map<string, Slice>();
  const addTo = (id: string, label: string, orders: number, revenue: number) => {
    const s = categories.get(id) ?? { id, label, orders: 0, revenue: 0 };
    s.orders += orders;
    s.revenue += revenue;
    categories.set(id, s);
  };
  const categoryOf = (product: string) => ctx.categoryOf.get(product) ?? 'other';
  const bouquets: PeriodFigures['topBouquets'] = [];
  for (const [key, v] of all) {
    if (key.startsWith('prod|')) {
      const id = key.slice(5);
      addTo(categoryOf(id), categoryLabel(categoryOf(id)), 0, v[2]);
      bouquets.push({ id, name: rows.productName(id, days) ?? id, units: v[1], revenue: v[2] });
    } else if (key.startsWith('cmb|')) for (const c of new Set(key.slice(4).split(sep).map(categoryOf))) addTo(c, categoryLabel(c), v[0], 0);
  }
  if (all.has('dlv')) addTo('delivery', 'Доставка', get('dlv')[0], get('dlv')[1]);
  if (all.has('rest')) addTo('other', 'Другое', 0, get('rest')[1]);

  const flowers = new Map<string, { id: string; name: string; qty: number; cost: number }>();
  let stemCost = 0;
  for (const s of stemsByDay) {
    const money = s.qty * costOfDay(ctx.prices, s.flower, s.day);
    stemCost += money;
    const f = flowers.get(s.flower) ?? { id: s.flower, name: ctx.flowerNames.get(s.flower) ?? s.flower, qty: 0, cost: 0 };
    f.qty += s.qty;
    f.cost += money;
    flowers.set(s.flower, f);
  }
  const [, cardRevenue] = get('card');
  const [withoutCard, withoutCardRevenue] = get('nocard');

  const clients = { new: 0, returning: 0, newRevenue: 0, returningRevenue: 0 };
  for (const [key, v] of all) {
    if (!key.startsWith('cust|')) continue;
    const customer = key.slice(5);
    // A walk-in counter sale (no phone) is nobody's: no new client, no returning one.
    const isNew = !!customer && (rows.firstDay(customer) ?? period.from) >= period.from;
    if (customer) clients[isNew ? 'new' : 'returning'] += 1;
    clients[isNew ? 'newRevenue' : 'returningRevenue'] += v[1];
  }

  const costOf = (kind: 'wo' | 'cx') => acts.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.qty * costOfDay(ctx.prices, a.flower, a.day), 0);
  const writeOffCost = costOf('wo');
  const cancelledCost = costOf('cx');
  const shortageCost = countShortages(ctx.counts ?? [], period, ctx.prices).reduce((sum, l) => sum + l.money, 0);
  const lost = writeOffCost + shortageCost + cancelledCost;
  return {
    ...period,
    revenue,
    orders,
    averageCheck: orders ? rub(revenue / orders) : 0,
    margin: { value: rub(cardRevenue - stemCost), revenue: cardRevenue, cost: rub(stemCost), withoutCard, withoutCardRevenue, partial: withoutCard > 0 },
    writeOffs: { cost: rub(writeOffCost), share: revenue ? writeOffCost / revenue : null },
    losses: { writeOffs: rub(writeOffCost), shortages: rub(shortageCost), cancelled: rub(cancelledCost), total: rub(lost), share: revenue ? lost / revenue : null },
    byDay: [...byDay.values()],
    bySource: sorted(bySource),
    byPayment: sorted(byPayment),
    byCategory: sorted([...categories.values()]),
    topBouquets: bouquets.sort((a, b) => b.revenue - a.revenue || b.units - a.units || a.id.localeCompare(b.id)).slice(0, topSize),
    topFlowers: [...flowers.values()]
      .sort((a, b) => b.qty - a.qty || a.id.localeCompare(b.id))
      .slice(0, topSize)
      .map((f) => ({ ...f, cost: rub(f.cost) })),
    clients,
  };
};

/** The report of `period` from the day sums: what `analyticsReport` answers over every stored fact. */
export const analyticsReportOfDays = (rows: DaySums, ctx: DayContext, period: Period): AnalyticsReport => {
  const month = monthOf(period.to);
  const figures = figuresOfDays(rows, ctx, month);
  const byCategory = new Map<string, number>();
  for (const day of daysOf(month))
    for (const [key, v] of rows.sums(day) ?? []) {
      if (!key.startsWith('chg|')) continue;
      const label = refLabel(ctx.reasons, key.slice(4));
      byCategory.set(label, (byCategory.get(label) ?? 0) + v[1]);
    }
  const total = [...byCategory.values()].reduce((a, b) => a + b, 0);
  return {
    current: figuresOfDays(rows, ctx, period),
    previous: figuresOfDays(rows, ctx, previousPeriod(period)),
    month: {
      ...month,
      margin: figures.margin.value,
      partial: figures.margin.partial,
      charges: rub(total),
      byCategory: [...byCategory].map(([category, amount]) => ({ category, amount: rub(amount) })).sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category)),
      left: rub(figures.margin.value - total),
    },
    stock: reportStock(ctx.stock),
  };
};

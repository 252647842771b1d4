import type { ItemCategory } from '../../shop/category';
import { categories, extraCategoryIds } from '../../shop/category';
import { assemblyReason, type SlipLine } from '../../entities/slip';
import { paidMethods, type Order, type OrderLine } from '../orders/order';
import { refEntries, refLabel, type RefEntry } from '../../entities/ref';
import { received } from '../orders/order-money';
import { daysOf, monthOf, previousPeriod, type Period } from './analytics-period';
import { costOfDay, type PriceHistory } from '../stock/purchase-price';
import { countShortages } from '../stock/write-off-report';
import type { StockValue } from '../stock/stock-value';
import type { stockCount } from '../../entities/stock-count';
import type { z } from 'zod';

/**
 * The studio's figures for a period against the one before (issue 21, item 4; DECISIONS «Analytics»): a pure
 * function of the stored facts, run by the server (server/analytics/) over the whole `orders` database.
 *
 * Which orders count: placed (numbered) and not cancelled, on the day they are delivered for (`date`, a Moscow day),
 * paid or not — revenue is what the studio sold; what of it is still owed shows as «Не оплачено» by payment method.
 */

/** An order as the report reads it. */
export type SoldOrder = Pick<Order, 'id' | 'customer' | 'date' | 'status' | 'total' | 'deliveryPrice' | 'paid' | 'source'> & {
  lines: Pick<OrderLine, 'id' | 'name' | 'count' | 'sum'>[];
};

/**
 * A write-off act's data as the report reads it (schema/entities/slip.ts): assembly slips carry an order's cost of
 * goods. Without the lines' `cost`: the device's figure is never what the books add up (prices in ReportInput).
 */
export interface SlipFact {
  day: string;
  order: string;
  lines: Pick<SlipLine, 'flower' | 'qty' | 'reason'>[];
}

/** A slip's line at the unit's purchase price of the slip's day. */
type CostedLine = SlipFact['lines'][number] & { cost: number };

/** A charge (an expense or a cash withdrawal) as the report reads it: the `charge` facts of /admin/charges. */
export interface ChargeFact {
  day: string;
  amount: number;
  category: string;
}

export interface ReportInput {
  /** The placed orders of the periods read (cancelled ones are skipped here): earlier ones tell returning clients from new. */
  orders: Iterable<SoldOrder>;
  /**
   * The first day each customer ordered on before the orders given (when those are a range of days, not every order):
   * a customer who ordered before counts as returning. Absent: the orders given are every order.
   */
  firstDays?: ReadonlyMap<string, string>;
  slips: Iterable<SlipFact>;
  /** The month's charges: every charge fact; only those of the month that holds the period's end are summed. */
  charges: Iterable<ChargeFact>;
  /** The catalogue's category of each product id (a product since removed is «Другое»). */
  categoryOf: ReadonlyMap<string, ItemCategory>;
  /** Names of flowers and materials by record id. */
  flowerNames: ReadonlyMap<string, string>;
  /** Purchase prices by day from the stored posted invoices: what every slip's line is counted at (`costOfDay`). */
  prices: PriceHistory;
  /** The studio's list of order sources (/admin/refs), which names each order's source; its defaults when absent. */
  sources?: readonly RefEntry[];
  /** Finished counts not voided (their corrections among them): their shortages are losses (`countShortages`). */
  counts?: Iterable<z.infer<typeof stockCount.fields>>;
  /** What the stock is worth now (schema/studio/stock/stock-value.ts), with the warehouses' names. */
  stock?: { value: StockValue; warehouseNames: ReadonlyMap<string, string> };
}

/** A share of the whole: what, how many, how much. */
export interface Slice {
  id: string;
  label: string;
  orders: number;
  revenue: number;
}

interface Margin {
  /** Revenue less cost of goods, over the orders that have an assembly slip only. */
  value: number;
  /** The revenue and cost of goods of those orders. */
  revenue: number;
  cost: number;
  /** Orders without an assembly slip (no tech card was applied): not in the margin, never guessed. */
  withoutCard: number;
  withoutCardRevenue: number;
  /** True when some orders of the period are left out for want of a tech card. */
  partial: boolean;
}

export interface PeriodFigures extends Period {
  revenue: number;
  orders: number;
  averageCheck: number;
  margin: Margin;
  /** Write-offs other than assembly (the slips' cost), and their share of revenue (null when nothing was sold). */
  writeOffs: { cost: number; share: number | null };
  /**
   * «Потери за период» (issue 29, item 3): the write-offs, the counts' shortages and the stems of bouquets made for
   * orders cancelled since, in roubles at the purchase price of each day, and their sum's share of revenue.
   */
  losses: { writeOffs: number; shortages: number; cancelled: number; total: number; share: number | null };
  byDay: { day: string; orders: number; revenue: number }[];
  bySource: Slice[];
  byPayment: Slice[];
  /** Goods by catalogue category (orders: how many orders had some), and delivery as a slice of its own: the slices sum to revenue. */
  byCategory: Slice[];
  topBouquets: { id: string; name: string; units: number; revenue: number }[];
  topFlowers: { id: string; name: string; qty: number; cost: number }[];
  clients: { new: number; returning: number; newRevenue: number; returningRevenue: number };
}

interface MonthCharges extends Period {
  /** Gross margin of the month, partial as the margin is. */
  margin: number;
  partial: boolean;
  charges: number;
  byCategory: { category: string; amount: number }[];
  /** What is left of the margin after the charges. */
  left: number;
}

/** What the stock is worth now at purchase prices, in all and per warehouse (by name); `unpriced`: flowers in stock never bought. */
export interface StockWorth {
  total: number;
  byWarehouse: { warehouse: string; name: string; value: number }[];
  unpriced: number;
}

export interface AnalyticsReport {
  current: PeriodFigures;
  previous: PeriodFigures;
  month: MonthCharges;
  stock: StockWorth;
}

const topSize = 10;

const rub = (n: number) => Math.round(n);
const noMethod = { id: 'unknown', label: 'Способ не указан' };
const unpaid = { id: 'unpaid', label: 'Не оплачено' };
const delivery = { id: 'delivery', label: 'Доставка' };
const otherCategory = { id: 'other', label: 'Другое' };
const extraLabels: Record<(typeof extraCategoryIds)[number], string> = { vases: 'Вазы', paintings: 'Картины', complex: 'Комплекты' };
/** A catalogue category's label (an id no category has: «Другое»). */
export const categoryLabel = (id: string) => categories.find((c) => c.id === id)?.label ?? extraLabels[id as keyof typeof extraLabels] ?? otherCategory.label;

const counts = (o: SoldOrder) => o.status !== 'cancelled';
const inPeriod = (d: string, p: Period) => d >= p.from && d <= p.to;

/** Adds to a slice, made with its label the first time. */
const add = (slices: Map<string, Slice>, id: string, label: string, revenue: number, orders = 1) => {
  const s = slices.get(id) ?? { id, label, orders: 0, revenue: 0 };
  s.orders += orders;
  s.revenue += revenue;
  slices.set(id, s);
};
const sorted = (slices: Map<string, Slice>) => [...slices.values()].sort((a, b) => b.revenue - a.revenue || a.id.localeCompare(b.id));

/** What was read once from all the facts, shared by every period of one report. */
interface Facts {
  orders: SoldOrder[];
  /** Cost of goods by order id: the assembly lines of its slips. */
  costOf: Map<string, number>;
  /** Stems and materials of each order's assembly. */
  stemsOf: Map<string, CostedLine[]>;
  writeOffs: { day: string; lines: CostedLine[] }[];
  /** Assembly lines of orders cancelled since: stems used for nothing sold. */
  cancelled: { day: string; lines: CostedLine[] }[];
  firstDay: Map<string, string>;
  input: ReportInput;
}

const defaultSources = refEntries([], 'order-source');

const factsOf = (input: ReportInput): Facts => {
  const orders: SoldOrder[] = [];
  const firstDay = new Map<string, string>(input.firstDays ?? []);
  const cancelledIds = new Set<string>();
  for (const o of input.orders) {
    if (!counts(o)) {
      cancelledIds.add(o.id);
      continue;
    }
    orders.push(o);
    const first = firstDay.get(o.customer);
    if (!first || o.date < first) firstDay.set(o.customer, o.date);
  }
  const costOf = new Map<string, number>();
  const stemsOf = new Map<string, CostedLine[]>();
  const writeOffs: Facts['writeOffs'] = [];
  const cancelled: Facts['cancelled'] = [];
  for (const slip of input.slips) {
    const s = { ...slip, lines: slip.lines.map((l) => ({ ...l, cost: costOfDay(input.prices, l.flower, slip.day) })) };
    const assembly = s.lines.filter((l) => l.reason === assemblyReason);
    if (s.order && assembly.length) {
      costOf.set(s.order, (costOf.get(s.order) ?? 0) + assembly.reduce((sum, l) => sum + l.qty * l.cost, 0));
      stemsOf.set(s.order, [...(stemsOf.get(s.order) ?? []), ...assembly]);
      if (cancelledIds.has(s.order)) cancelled.push({ day: s.day, lines: assembly });
    }
    if (s.lines.some((l) => l.reason !== assemblyReason)) writeOffs.push({ ...s, lines: s.lines.filter((l) => l.reason !== assemblyReason) });
  }
  return { orders, costOf, stemsOf, writeOffs, cancelled, firstDay, input };
};

const figuresOf = (facts: Facts, period: Period): PeriodFigures => {
  const byDay = new Map(daysOf(period).map((d) => [d, { day: d, orders: 0, revenue: 0 }]));
  const bySource = new Map<string, Slice>();
  const byPayment = new Map<string, Slice>();
  const byCategory = new Map<string, Slice>();
  const bouquets = new Map<string, { id: string; name: string; units: number; revenue: number }>();
  const flowers = new Map<string, { id: string; name: string; qty: number; cost: number }>();
  const clients = { new: 0, returning: 0, newRevenue: 0, returningRevenue: 0 };
  const seenClients = new Set<string>();
  const margin = { revenue: 0, cost: 0, withoutCard: 0, withoutCardRevenue: 0 };
  let revenue = 0;
  let orders = 0;

  for (const o of facts.orders) {
    if (!inPeriod(o.date, period)) continue;
    revenue += o.total;
    orders += 1;
    const d = byDay.get(o.date)!;
    d.orders += 1;
    d.revenue += o.total;

    const source = o.source ?? 'site';
    add(bySource, source, refLabel(facts.input.sources ?? defaultSources, source), o.total);

    const got = Math.min(received(o), o.total);
    if (got > 0) {
      const method = paidMethods.find((m) => m.id === o.paid?.method) ?? noMethod;
      add(byPayment, method.id, method.label, got);
    }
    if (o.total - got > 0) add(byPayment, unpaid.id, unpaid.label, o.total - got, got > 0 ? 0 : 1);

    const categoriesOfOrder = new Set<string>();
    for (const l of o.lines) {
      const category = facts.input.categoryOf.get(l.id) ?? otherCategory.id;
      add(byCategory, category, categoryLabel(category), l.sum, categoriesOfOrder.has(category) ? 0 : 1);
      categoriesOfOrder.add(category);
      const b = bouquets.get(l.id) ?? { id: l.id, name: l.name, units: 0, revenue: 0 };
      b.units += l.count;
      b.revenue += l.sum;
      bouquets.set(l.id, b);
    }
    // The lines' sums and the delivery make the total; whatever else an edit left (a discount) is delivery's neighbour, «Другое».
    if (o.deliveryPrice > 0) add(byCategory, delivery.id, delivery.label, o.deliveryPrice);
    const rest = o.total - o.deliveryPrice - o.lines.reduce((s, l) => s + l.sum, 0);
    if (rest !== 0) add(byCategory, otherCategory.id, otherCategory.label, rest, 0);

    const cost = facts.costOf.get(o.id);
    if (cost === undefined) {
      margin.withoutCard += 1;
      margin.withoutCardRevenue += o.total;
    } else {
      margin.revenue += o.total;
      margin.cost += cost;
      for (const l of facts.stemsOf.get(o.id) ?? []) {
        const f = flowers.get(l.flower) ?? { id: l.flower, name: facts.input.flowerNames.get(l.flower) ?? l.flower, qty: 0, cost: 0 };
        f.qty += l.qty;
        f.cost += l.qty * l.cost;
        flowers.set(l.flower, f);
      }
    }

    // A walk-in counter sale (no phone) is nobody's: no new client, no returning one.
    const isNew = !!o.customer && (facts.firstDay.get(o.customer) ?? o.date) >= period.from;
    if (o.customer && !seenClients.has(o.customer)) {
      seenClients.add(o.customer);
      if (isNew) clients.new += 1;
      else clients.returning += 1;
    }
    if (isNew) clients.newRevenue += o.total;
    else clients.returningRevenue += o.total;
  }

  const costOfActs = (acts: Facts['writeOffs']) => acts.reduce((sum, s) => sum + (inPeriod(s.day, period) ? s.lines.reduce((n, l) => n + l.qty * l.cost, 0) : 0), 0);
  const writeOffCost = costOfActs(facts.writeOffs);
  const cancelledCost = costOfActs(facts.cancelled);
  const shortageCost = countShortages(facts.input.counts ?? [], period, facts.input.prices).reduce((sum, l) => sum + l.money, 0);
  const lost = writeOffCost + shortageCost + cancelledCost;

  return {
    ...period,
    revenue,
    orders,
    averageCheck: orders ? rub(revenue / orders) : 0,
    margin: { value: rub(margin.revenue - margin.cost), revenue: margin.revenue, cost: rub(margin.cost), withoutCard: margin.withoutCard, withoutCardRevenue: margin.withoutCardRevenue, partial: margin.withoutCard > 0 },
    writeOffs: { cost: rub(writeOffCost), share: revenue ? writeOffCost / revenue : null },
    losses: { writeOffs: rub(writeOffCost), shortages: rub(shortageCost), cancelled: rub(cancelledCost), total: rub(lost), share: revenue ? lost / revenue : null },
    byDay: [...byDay.values()],
    bySource: sorted(bySource),
    byPayment: sorted(byPayment),
    byCategory: sorted(byCategory),
    topBouquets: [...bouquets.values()].sort((a, b) => b.revenue - a.revenue || b.units - a.units || a.id.localeCompare(b.id)).slice(0, topSize),
    topFlowers: [...flowers.values()]
      .sort((a, b) => b.qty - a.qty || a.id.localeCompare(b.id))
      .slice(0, topSize)
      .map((f) => ({ ...f, cost: rub(f.cost) })),
    clients,
  };
};

const monthCharges = (facts: Facts, charges: Iterable<ChargeFact>, day: string): MonthCharges => {
  const month = monthOf(day);
  const figures = figuresOf(facts, month);
  const byCategory = new Map<string, number>();
  for (const c of charges) if (inPeriod(c.day, month)) byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + c.amount);
  const total = [...byCategory.values()].reduce((a, b) => a + b, 0);
  return {
    ...month,
    margin: figures.margin.value,
    partial: figures.margin.partial,
    charges: rub(total),
    // Equal amounts by name: the order the charges were read in decides nothing.
    byCategory: [...byCategory].map(([category, amount]) => ({ category, amount: rub(amount) })).sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category)),
    left: rub(figures.margin.value - total),
  };
};

/** What the stock is worth, in whole roubles, its warehouses named. */
export const reportStock = (stock: ReportInput['stock']): StockWorth => {
  const value = stock?.value ?? { total: 0, byWarehouse: [], unpriced: [] };
  return {
    total: rub(value.total),
    byWarehouse: value.byWarehouse.map((w) => ({ warehouse: w.warehouse, name: stock?.warehouseNames.get(w.warehouse) ?? w.warehouse, value: rub(w.value) })),
    unpriced: value.unpriced.length,
  };
};

/** The report of `period` against the period of the same length before it, and the charges of the month `period` ends in. */
export const analyticsReport = (input: ReportInput, period: Period): AnalyticsReport => {
  const facts = factsOf(input);
  return { current: figuresOf(facts, period), previous: figuresOf(facts, previousPeriod(period)), month: monthCharges(facts, input.charges, period.to), stock: reportStock(input.stock) };
};

import type { z } from 'zod';
import { invoiceTotal, type invoice } from '../../entities/invoice';
import { assemblyReason, type slip } from '../../entities/slip';
import { countDifference, type stockCount } from '../../entities/stock-count';
import { costOfDay, priceHistory, type PriceHistory } from './purchase-price';
import { unvoided } from '../../shared/voids';

type Slip = z.infer<typeof slip.fields>;
type Invoice = z.infer<typeof invoice.fields>;
type Count = z.infer<typeof stockCount.fields>;

/** A span of days, both ends included (yyyy-MM-dd). */
interface Period {
  from: string;
  to: string;
}

const inPeriod = (day: string, p: Period): boolean => day >= p.from && day <= p.to;

/** The calendar month a day is in: the waste report's and the acts list's default period. */
export const monthOf = (day: string): Period => {
  const [y, m] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${day.slice(0, 7)}-01`, to: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
};

/** What the acts list is narrowed to: a period, and optionally one reason and one flower. */
export interface SlipFilter extends Period {
  reason?: string;
  flower?: string;
}

/** Whether an act belongs in the list: its day in the period and, when asked, a line with the reason and the flower. */
export const slipMatches = (s: Slip, f: SlipFilter): boolean =>
  inPeriod(s.day, f) && s.lines.some((l) => (!f.reason || l.reason === f.reason) && (!f.flower || l.flower === f.flower));

const kopecks = (n: number) => Math.round(n * 100) / 100;

/**
 * What a line of an act of `day` lost: its quantity at the purchase price of that day (`costOfDay`), never at the
 * cost the device wrote on the line, which is only what the florist saw.
 */
export const lineLoss = (l: Pick<Slip['lines'][number], 'flower' | 'qty'>, day: string, history: PriceHistory): number => kopecks(l.qty * costOfDay(history, l.flower, day));

interface WasteRow {
  /** A reason's code or a flower's id. */
  key: string;
  qty: number;
  /** Roubles lost. */
  money: number;
  /** The loss as a share of the period's purchases (0.12 = 12 %), or null with no purchases in the period. */
  share: number | null;
}

/** The losses that are no write-off's reason: a count's shortage, and the stems of a bouquet made for an order since cancelled. */
export const shortageKey = 'count-shortage';
export const cancelledKey = 'cancelled-after-assembly';
const lossLabels: ReadonlyMap<string, string> = new Map([
  [shortageKey, 'Недостача при пересчёте'],
  [cancelledKey, 'Собран, заказ отменён'],
]);
/** The name of a loss that is no write-off reason (`shortageKey`, `cancelledKey`), else undefined. */
export const lossLabel = (key: string): string | undefined => lossLabels.get(key);

/** A line lost that is no write-off: what, how many, on which day, for how much. */
export interface LossLine {
  day: string;
  flower: string;
  qty: number;
  money: number;
}

/**
 * The shortages of the period's finished counts (issue 29, item 3): per day, warehouse and flower, the counts' moves
 * (counted − expected) summed, so a count and the server's correction of it (`count-fix-…`, a finished count of the
 * same warehouse and day) are one difference; what is below zero is a loss at the purchase price of that day. A
 * surplus is no gain here: stems found are stems an earlier act took by mistake, and the loss report does not net them.
 * Pass counts already without the voided ones.
 */
export const countShortages = (counts: Iterable<Count>, period: Period, history: PriceHistory): LossLine[] => {
  const nets = new Map<string, { day: string; flower: string; qty: number }>();
  for (const c of counts) {
    if (c.status !== 'finished' || !inPeriod(c.day, period)) continue;
    for (const l of c.lines) {
      const key = `${c.day}\u0000${c.warehouse}\u0000${l.flower}`;
      const n = nets.get(key) ?? { day: c.day, flower: l.flower, qty: 0 };
      nets.set(key, { ...n, qty: Math.round((n.qty + countDifference(l)) * 1000) / 1000 });
    }
  }
  return [...nets.values()].filter((n) => n.qty < 0).map((n) => ({ day: n.day, flower: n.flower, qty: -n.qty, money: lineLoss({ flower: n.flower, qty: -n.qty }, n.day, history) }));
};

/** Beside the write-offs, what else a period lost: its counts, and which orders were cancelled (their assembly's stems are a loss). */
export interface MoreLosses {
  counts?: readonly FactOf<Count>[];
  cancelledOrders?: ReadonlySet<string>;
}

export interface WasteReport {
  period: Period;
  /** Roubles lost in the period: write-offs, counts' shortages and the stems of bouquets made for orders since cancelled. */
  money: number;
  /** Of `money`: the write-offs (assembly for orders is not waste and is left out). */
  writeOffs: number;
  /** Of `money`: counts' shortages (`countShortages`). */
  shortages: number;
  /** Of `money`: the assembly of orders since cancelled. */
  cancelled: number;
  /** Roubles of posted supply invoices in the period. */
  purchases: number;
  share: number | null;
  byReason: WasteRow[];
  byFlower: WasteRow[];
}

/** A record as the report reads it: its id, which a void names (schema/shared/voids.ts), and its data. */
interface FactOf<T> {
  id: string;
  data: T;
}

/**
 * Waste at a glance (issue 19, item 10): write-offs of a period by reason and by flower, in roubles and as a share of
 * the period's purchases (posted invoices dated in it). Stems an order's bouquet took (`assembly`) are sales, not
 * waste, unless the order was cancelled since (`more.cancelledOrders`): then its stems are a loss. Counts'
 * shortages (`more.counts`, `countShortages`) are losses beside them (issue 29, item 3), under the reasons
 * `shortageKey` and `cancelledKey`. A voided act, count or invoice (`voided`, from `voidedIds`) counts neither as
 * loss, nor as purchase, nor in the prices. Rows are by loss, largest first.
 */
export const wasteReport = (
  slipRecords: readonly FactOf<Slip>[],
  invoiceRecords: readonly FactOf<Invoice>[],
  period: Period,
  voided: ReadonlyMap<string, unknown>,
  more: MoreLosses = {},
): WasteReport => {
  const slips = unvoided(slipRecords, voided).map((s) => s.data);
  const invoices = unvoided(invoiceRecords, voided).map((i) => i.data);
  const history = priceHistory(invoices);
  const purchases = kopecks(invoices.filter((i) => i.status === 'posted' && inPeriod(i.day, period)).reduce((s, i) => s + invoiceTotal(i.lines), 0));
  const share = (money: number) => (purchases > 0 ? Math.round((money / purchases) * 10_000) / 10_000 : null);
  const reasons = new Map<string, { qty: number; money: number }>();
  const flowers = new Map<string, { qty: number; money: number }>();
  const sums = { writeOffs: 0, shortages: 0, cancelled: 0 };
  const lose = (reason: string, flower: string, qty: number, loss: number) => {
    for (const [map, key] of [[reasons, reason], [flowers, flower]] as const) {
      const row = map.get(key) ?? { qty: 0, money: 0 };
      map.set(key, { qty: row.qty + qty, money: row.money + loss });
    }
  };
  for (const s of slips) {
    if (!inPeriod(s.day, period)) continue;
    const cancelled = Boolean(s.order && more.cancelledOrders?.has(s.order));
    for (const l of s.lines) {
      if (l.reason === assemblyReason && !cancelled) continue;
      const loss = lineLoss(l, s.day, history);
      if (l.reason === assemblyReason) sums.cancelled += loss;
      else sums.writeOffs += loss;
      lose(l.reason === assemblyReason ? cancelledKey : l.reason, l.flower, l.qty, loss);
    }
  }
  for (const l of countShortages(unvoided(more.counts ?? [], voided).map((c) => c.data), period, history)) {
    sums.shortages += l.money;
    lose(shortageKey, l.flower, l.qty, l.money);
  }
  const money = sums.writeOffs + sums.shortages + sums.cancelled;
  const rows = (map: Map<string, { qty: number; money: number }>): WasteRow[] =>
    [...map]
      .map(([key, r]) => ({ key, qty: Math.round(r.qty * 1000) / 1000, money: kopecks(r.money), share: share(r.money) }))
      .toSorted((a, b) => b.money - a.money || a.key.localeCompare(b.key));
  return {
    period,
    money: kopecks(money),
    writeOffs: kopecks(sums.writeOffs),
    shortages: kopecks(sums.shortages),
    cancelled: kopecks(sums.cancelled),
    purchases,
    share: share(money),
    byReason: rows(reasons),
    byFlower: rows(flowers),
  };
};

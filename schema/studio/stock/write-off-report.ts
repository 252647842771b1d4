import type { z } from 'zod';
import { invoiceTotal, type invoice } from '../../entities/invoice';
import { assemblyReason, type slip } from '../../entities/slip';
import { costOfDay, priceHistory, type PriceHistory } from './purchase-price';
import { unvoided } from '../../shared/voids';

type Slip = z.infer<typeof slip.fields>;
type Invoice = z.infer<typeof invoice.fields>;

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

export interface WasteReport {
  period: Period;
  /** Roubles written off in the period (assembly for orders is not waste and is left out). */
  money: number;
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
 * waste. A voided act or invoice (`voided`, from `voidedIds`) counts neither as loss, nor as purchase, nor in the
 * prices. Rows are by loss, largest first.
 */
export const wasteReport = (slipRecords: readonly FactOf<Slip>[], invoiceRecords: readonly FactOf<Invoice>[], period: Period, voided: ReadonlyMap<string, unknown>): WasteReport => {
  const slips = unvoided(slipRecords, voided).map((s) => s.data);
  const invoices = unvoided(invoiceRecords, voided).map((i) => i.data);
  const history = priceHistory(invoices);
  const purchases = kopecks(invoices.filter((i) => i.status === 'posted' && inPeriod(i.day, period)).reduce((s, i) => s + invoiceTotal(i.lines), 0));
  const share = (money: number) => (purchases > 0 ? Math.round((money / purchases) * 10_000) / 10_000 : null);
  const reasons = new Map<string, { qty: number; money: number }>();
  const flowers = new Map<string, { qty: number; money: number }>();
  let money = 0;
  for (const s of slips) {
    if (!inPeriod(s.day, period)) continue;
    for (const l of s.lines) {
      if (l.reason === assemblyReason) continue;
      const loss = lineLoss(l, s.day, history);
      money += loss;
      for (const [map, key] of [[reasons, l.reason], [flowers, l.flower]] as const) {
        const row = map.get(key) ?? { qty: 0, money: 0 };
        map.set(key, { qty: row.qty + l.qty, money: row.money + loss });
      }
    }
  }
  const rows = (map: Map<string, { qty: number; money: number }>): WasteRow[] =>
    [...map]
      .map(([key, r]) => ({ key, qty: Math.round(r.qty * 1000) / 1000, money: kopecks(r.money), share: share(r.money) }))
      .toSorted((a, b) => b.money - a.money || a.key.localeCompare(b.key));
  return { period, money: kopecks(money), purchases, share: share(money), byReason: rows(reasons), byFlower: rows(flowers) };
};

import type { invoice } from '../../entities/invoice';
import type { RecordOf } from '../../shared/record';

/**
 * A supply invoice as stored: its record id and `updatedAt` beside its data. A posted invoice never changes again
 * (`frozen`), so for one that counts here `updatedAt` is when it was posted.
 */
export type InvoiceRecord = Pick<RecordOf<typeof invoice>, 'id' | 'updatedAt' | 'data'>;

export interface PurchasePrice {
  /** The price of the latest posted invoice that has the flower (`byPurchase`). */
  last: number;
  /** Weighted by quantity over every posted invoice given. */
  average: number;
  /** The day of that latest invoice. */
  since: string;
}

/**
 * The order purchases were made in, the same however the invoices are listed: by the invoice's day, then by when it
 * was posted, then by its id (two posted in the same millisecond, on two phones).
 */
const byPurchase = (a: InvoiceRecord, b: InvoiceRecord): number =>
  a.data.day.localeCompare(b.data.day) || a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Purchase prices per flower from posted supply invoices (returns move stock, not prices): the cost a tech card and the waste report count in. */
export const purchasePrices = (invoices: readonly InvoiceRecord[]): Map<string, PurchasePrice> => {
  const posted = invoices.filter((i) => i.data.status === 'posted' && i.data.kind !== 'return').toSorted(byPurchase);
  const sums = new Map<string, { qty: number; money: number; last: number; since: string }>();
  for (const { data: inv } of posted) {
    for (const l of inv.lines) {
      const s = sums.get(l.flower) ?? { qty: 0, money: 0, last: 0, since: inv.day };
      sums.set(l.flower, { qty: s.qty + l.qty, money: s.money + l.qty * l.price, last: l.price, since: inv.day });
    }
  }
  return new Map([...sums].map(([flower, s]) => [flower, { last: s.last, average: s.qty ? Math.round((s.money / s.qty) * 100) / 100 : 0, since: s.since }]));
};

/** A flower's average purchase price as it stood after each day it was bought, days in order. */
export type PriceHistory = ReadonlyMap<string, readonly { day: string; average: number }[]>;

/**
 * Each flower's purchase prices by day, from supply invoices (drafts and returns left out). The average over the
 * invoices of a day and before does not depend on their order, so plain invoice data is enough.
 */
export const priceHistory = (invoices: Iterable<Pick<InvoiceRecord['data'], 'day' | 'status' | 'kind' | 'lines'>>): PriceHistory => {
  const byDay = new Map<string, Map<string, { qty: number; money: number }>>();
  for (const inv of invoices) {
    if (inv.status !== 'posted' || inv.kind === 'return') continue;
    for (const l of inv.lines) {
      const days = byDay.get(l.flower) ?? new Map<string, { qty: number; money: number }>();
      const d = days.get(inv.day) ?? { qty: 0, money: 0 };
      days.set(inv.day, { qty: d.qty + l.qty, money: d.money + l.qty * l.price });
      byDay.set(l.flower, days);
    }
  }
  const history = new Map<string, { day: string; average: number }[]>();
  for (const [flower, days] of byDay) {
    let qty = 0;
    let money = 0;
    history.set(
      flower,
      [...days].toSorted(([a], [b]) => a.localeCompare(b)).map(([day, d]) => {
        qty += d.qty;
        money += d.money;
        return { day, average: qty ? Math.round((money / qty) * 100) / 100 : 0 };
      }),
    );
  }
  return history;
};

/**
 * What the books count a unit of a flower written off (or moved) on `day` at: its average purchase price over the
 * posted invoices of that day and before; before its first purchase, the first purchase's price; never bought, 0.
 * Never a record's own `cost`, which is only what the device showed (docs/DECISIONS.md «Money comes from the server»).
 */
export const costOfDay = (history: PriceHistory, flower: string, day: string): number => {
  const steps = history.get(flower);
  if (!steps?.length) return 0;
  let found = steps[0].average;
  for (const s of steps) {
    if (s.day > day) break;
    found = s.average;
  }
  return found;
};

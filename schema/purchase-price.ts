import type { invoice } from './entities/invoice';
import type { RecordOf } from './record';

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
export const byPurchase = (a: InvoiceRecord, b: InvoiceRecord): number =>
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

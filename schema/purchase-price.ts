import type { z } from 'zod';
import type { invoice } from './entities/invoice';

type Invoice = z.infer<typeof invoice.fields>;

export interface PurchasePrice {
  /** The price of the latest posted invoice that has the flower (by its day, then its place in the list given). */
  last: number;
  /** Weighted by quantity over every posted invoice given. */
  average: number;
  /** The day of that latest invoice. */
  since: string;
}

/** Purchase prices per flower from posted supply invoices (returns move stock, not prices): the cost a tech card and the waste report count in. */
export const purchasePrices = (invoices: readonly Invoice[]): Map<string, PurchasePrice> => {
  const posted = invoices.filter((i) => i.status === 'posted' && i.kind !== 'return').toSorted((a, b) => a.day.localeCompare(b.day));
  const sums = new Map<string, { qty: number; money: number; last: number; since: string }>();
  for (const inv of posted) {
    for (const l of inv.lines) {
      const s = sums.get(l.flower) ?? { qty: 0, money: 0, last: 0, since: inv.day };
      sums.set(l.flower, { qty: s.qty + l.qty, money: s.money + l.qty * l.price, last: l.price, since: inv.day });
    }
  }
  return new Map([...sums].map(([flower, s]) => [flower, { last: s.last, average: s.qty ? Math.round((s.money / s.qty) * 100) / 100 : 0, since: s.since }]));
};

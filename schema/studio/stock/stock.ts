import { z } from 'zod';

/**
 * One product's stock, as the server keeps it (server-only `stock` database, one document per product id).
 * Not a counter: sets of facts, each under a key that says who wrote it, so writing a fact twice changes nothing
 * and two conflicting copies of the document merge by taking the union of their keys (`mergeStock`).
 * - `supply`: units brought in (+) or written off (−): `opening` (the catalogue's count when the ledger began),
 *   `fix-…` (a staff correction of the count).
 * - `holds`: units reserved by an order attempt, under `{orderId}/{attempt}`.
 * - `released`: attempts whose hold no longer counts (refused, or the order cancelled). Never removed, so a hold
 *   written late for a released attempt still does not count.
 */
export const stockLedger = z.object({
  supply: z.record(z.string(), z.number().int()).default({}),
  holds: z.record(z.string(), z.number().int().min(0)).default({}),
  released: z.record(z.string(), z.literal(true)).default({}),
});
export type StockLedger = z.infer<typeof stockLedger>;

/** Supply minus every hold that was not released: below zero when more is held than there is. */
export const unitsLeft = (s: StockLedger): number => {
  let n = 0;
  for (const v of Object.values(s.supply)) n += v;
  for (const [key, v] of Object.entries(s.holds)) if (!s.released[key]) n -= v;
  return n;
};

/** Units the studio can still sell: supply minus every hold that was not released. Never below zero. */
export const balanceOf = (s: StockLedger): number => Math.max(0, unitsLeft(s));

/** Two copies of one ledger (conflict branches on a cluster) as one: every fact of either. */
export const mergeStock = (a: StockLedger, b: StockLedger): StockLedger => ({
  supply: { ...a.supply, ...b.supply },
  holds: { ...a.holds, ...b.holds },
  released: { ...a.released, ...b.released },
});

/**
 * Holds of the merged ledger that not every copy has: each was checked against its own copy's balance only, so
 * together they may hold more than there is. Smallest first (dropping few units spares the most orders).
 */
export const contestedHolds = (copies: readonly StockLedger[], merged: StockLedger): string[] =>
  Object.entries(merged.holds)
    .filter(([key]) => !merged.released[key] && !copies.every((c) => key in c.holds))
    .sort(([ka, a], [kb, b]) => a - b || ka.localeCompare(kb))
    .map(([key]) => key);

/** Units per product over an order's lines: two sizes of one bouquet draw on the same stock. */
export const unitsByProduct = (lines: readonly { id: string; count: number }[]): Map<string, number> => {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.id, (units.get(l.id) ?? 0) + l.count);
  return units;
};

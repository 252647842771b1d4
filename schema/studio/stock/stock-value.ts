import type { PurchasePrice } from './purchase-price';

/** One balance as `BalanceBook.all()` gives it: units of a flower or material in a warehouse. */
interface Held {
  flower: string;
  warehouse: string;
  qty: number;
}

export interface StockValue {
  /** Roubles of everything in stock, at purchase prices. */
  total: number;
  /** Roubles per warehouse id, every warehouse that holds something priced; largest first. */
  byWarehouse: { warehouse: string; value: number }[];
  /** Flowers in stock that no posted invoice has priced yet: in the units, not in the roubles. */
  unpriced: string[];
}

const kopecks = (n: number) => Math.round(n * 100) / 100;

/**
 * What the stock is worth (issue 29, item 3; DECISIONS «Stock value»): each balance at its flower's average purchase
 * price over the posted, not voided supply invoices (`purchasePrices(...).average`, the price write-offs are counted
 * at too), per warehouse and in all. So a posted invoice adds its sum, and a write-off, an assembly for a sale, a
 * count's shortage or a transfer out takes its units at that price. A balance below zero (stock that left before
 * its invoice was recorded) is worth nothing rather than less than nothing: the value never goes negative for a
 * warehouse whose books a count has not mended yet.
 */
export const stockValue = (balances: Iterable<Held>, prices: ReadonlyMap<string, Pick<PurchasePrice, 'average'>>): StockValue => {
  const byWarehouse = new Map<string, number>();
  const unpriced = new Set<string>();
  let total = 0;
  for (const b of balances) {
    if (b.qty <= 0) continue;
    const price = prices.get(b.flower)?.average;
    if (!price) {
      unpriced.add(b.flower);
      continue;
    }
    const value = b.qty * price;
    total += value;
    byWarehouse.set(b.warehouse, (byWarehouse.get(b.warehouse) ?? 0) + value);
  }
  return {
    total: kopecks(total),
    byWarehouse: [...byWarehouse]
      .map(([warehouse, value]) => ({ warehouse, value: kopecks(value) }))
      .toSorted((a, b) => b.value - a.value || a.warehouse.localeCompare(b.warehouse)),
    unpriced: [...unpriced].toSorted(),
  };
};

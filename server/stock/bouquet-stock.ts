import { assemblyStart } from '../../schema/studio/orders/order-assembly';
import { overPromised, sellableBouquets } from '../../schema/studio/stock/bouquet-stock';
import { baseSizeBouquets, cardsByProduct, stemsOf } from '../../schema/studio/stock/tech-card';
import type { ChangesHub } from '../db/changes-hub';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';
import { orderRecord } from '../orders/order-record';
import { stripMeta } from '../db/docs';
import type { StockProjection } from './stock-projection';
import { stockOf } from './stock';

/**
 * One stock truth for bouquets (DECISIONS «One stock truth for bouquets»): the count of every catalogue item a tech
 * card is published as is what the stems in the card's warehouse make, less the stems promised to orders not yet
 * assembled — derived when asked from the stock projection (every stock-moving record: invoices, write-offs,
 * transfers, counts, assemblies, voids) and the orders' holds, never kept as a counter. The stock service judges a
 * hold by it (so checkout refuses what the stems no longer make) and projects it into the catalogue's `count`, which
 * the storefront, its server-rendered pages and the cart read; this module projects it again whenever the office
 * records or the holds change, on every app server (each computes the same number from the same facts).
 */
type Ledger = Awaited<ReturnType<StockProjection['current']>>;

/**
 * What the bouquets' counts read of the office ledger, as one string: how often cards and assembly acts were seen, and
 * the balance of every stem of every published card in its card's warehouse. The same string, the same counts (with
 * the same holds): an office change that leaves it as it was (another record, a stem no card uses) needs no pass.
 */
export const stemsKey = (ledger: Ledger): string => {
  const parts: number[] = [ledger.seen.cards, ledger.seen.assemblies];
  for (const { card } of cardsByProduct(ledger.cards).values()) for (const flower of stemsOf(card, ledger.cards).keys()) parts.push(ledger.book.balance(flower, card.warehouse));
  return parts.join(' ');
};

export const bouquetStock = (storage: Storage, projection: StockProjection, hub: ChangesHub) => {
  const stock = stockOf(storage);
  const orders = storage.db('orders');

  /**
   * Bouquets per catalogue item held by orders that are neither cancelled nor assembled (their stems are still on the
   * shelf), in the card's own size: an order's L promises the stems its assembly will take (`baseSizeBouquets`).
   */
  const promised = async (products: readonly string[], assembled: (order: string) => boolean): Promise<Map<string, number>> => {
    if (!products.length) return new Map();
    const holds: { product: string; order: string; n: number }[] = [];
    for (const [product, ledger] of await stock.some(products))
      for (const [key, n] of Object.entries(ledger.holds)) {
        const order = key.slice(0, key.indexOf('/'));
        if (!ledger.released[key] && order && !assembled(order)) holds.push({ product, order, n });
      }
    const found = await orders.allDocs({ keys: [...new Set(holds.map((h) => h.order))], include_docs: true });
    const waiting = new Map(
      found.rows.flatMap((row) => {
        const parsed = 'doc' in row && row.doc ? orderRecord.safeParse({ ...stripMeta(row.doc), id: row.key }) : null;
        const r = parsed?.success ? parsed.data : null;
        return r && r.stage !== 'refused' && r.status !== 'cancelled' && !assemblyStart(r.history) ? [[row.key, r.lines] as const] : [];
      }),
    );
    const byProduct = new Map<string, number>();
    for (const h of holds) {
      const lines = waiting.get(h.order);
      if (!lines) continue;
      const sized = baseSizeBouquets(lines, h.product);
      byProduct.set(h.product, (byProduct.get(h.product) ?? 0) + (sized > 0 ? sized : h.n));
    }
    return byProduct;
  };

  /** Every tech-card bouquet's count by this ledger and the holds as stored now. */
  const countsOf = async (ledger: Ledger): Promise<Map<string, number>> => {
    const products = [...cardsByProduct(ledger.cards).keys()];
    return sellableBouquets(ledger.cards, (flower, warehouse) => ledger.book.balance(flower, warehouse), await promised(products, (o) => ledger.assembled(o)));
  };
  /** Every tech-card bouquet's count now. */
  const counts = async (): Promise<Map<string, number>> => countsOf(await projection.current());

  /** Whether this item's stems are promised, with every hold as stored now, past what its card's warehouse holds. */
  const oversold = async (id: string): Promise<boolean> => {
    const ledger = await projection.current();
    const products = [...cardsByProduct(ledger.cards).keys()];
    return overPromised(ledger.cards, (flower, warehouse) => ledger.book.balance(flower, warehouse), await promised(products, (o) => ledger.assembled(o))).has(id);
  };

  /** Items counted last time: one whose card went away gets the ledger's count back once. */
  let counted = new Set<string>();
  /** `stemsKey` of the ledger the last pass counted by (null: none yet). */
  let passKey: string | null = null;
  /**
   * A pass counts by the ledger as the projection last took the office feed in (every office change taken in asks
   * for a pass, so a later change is counted by a later pass), and the holds as stored now; each item's count is
   * written from that one count, not counted again per item.
   */
  const reprojectAll = async (ledger: Ledger = projection.cached()) => {
    passKey = stemsKey(ledger);
    const now = await countsOf(ledger);
    await stock.reproject([...now.keys(), ...counted], now);
    counted = new Set(now.keys());
  };

  // One pass at a time; changes during a pass ask for one more.
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const schedule = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = reprojectAll()
      // After stopping, the databases may be closing under a pass still under way: nothing to tell.
      .catch((e: unknown) => void (stopped || log.error({ err: e }, 'stock: projecting bouquets from stems failed')))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  };

  return {
    /** Makes tech-card bouquets' counts derived from now on, projects them all, and keeps them current. Answers how to stop. */
    async start(): Promise<() => void> {
      // A product no card names (as last read) is no bouquet by card: its ledger decides, without reading the feed.
      // Cards change rarely and the office feed is followed live, so a card just published is seen within moments.
      const byStems = (id: string) => cardsByProduct(projection.cached().cards).has(id);
      stock.deriveFrom(async (id) => (byStems(id) ? ((await counts()).get(id) ?? null) : null), { byStems, oversold });
      await reprojectAll(await projection.current());
      // Office changes ask for a pass only when they change what the counts read of them (most office writes are
      // other records, or stems no card uses): `stemsKey`. Holds (the stock database) always do.
      const officeChanged = () => {
        if (stemsKey(projection.cached()) !== passKey) schedule();
      };
      const stops = [projection.onTaken(officeChanged), hub.watch('stock', schedule)];
      return () => {
        stopped = true;
        stops.forEach((stop) => stop());
      };
    },
    /** Waits for the pass under way, if any (tests). */
    async settled(): Promise<void> {
      while (running) await running;
    },
    counts,
  };
};
export type BouquetStock = ReturnType<typeof bouquetStock>;

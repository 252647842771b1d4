import { z } from 'zod';
import type { Product } from '../../schema/shop/product';
import { balanceOf, contestedHolds, mergeStock, stockLedger, unitsByProduct, unitsLeft, type StockLedger } from '../../schema/studio/stock/stock';
import { getDoc, mergeLater, stripMeta, upsert, type Stored } from '../db/docs';
import { oneAtATime } from '../db/one-at-a-time';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';

interface Shortage {
  product: string;
  available: number;
  /** Units were there, but the hold reached too few copies of a CouchDB cluster to stand against a rival's. */
  unconfirmed?: true;
  /** A tech-card bouquet whose stems make fewer than asked (its count is derived from them, not kept here). */
  bouquet?: true;
}

/** How many of a product the stems make, when a tech card decides it (server/stock/bouquet-stock.ts); null for any other product. */
export type DerivedCount = (id: string) => Promise<number | null>;

/** What the stems say beside the count: whether a card decides an item (as last read), and whether its stems are promised past what there is. */
export interface StemChecks {
  byStems(id: string): boolean;
  oversold(id: string): Promise<boolean>;
}

const shelfCount = z.object({ count: z.number().int().min(0) });

const parseLedger = (doc: Stored<object> | null): StockLedger | null => (doc ? stockLedger.parse(stripMeta(doc)) : null);

/**
 * The studio's stock: a ledger per product in the server-only `stock` database (schema/studio/stock/stock.ts). Every change is
 * a write of that one document against the revision it read, so two orders for the last bouquet, in one process or
 * two, cannot both get it; and every change is keyed, so repeating one after a crash changes nothing.
 * The catalogue's `count` that devices read is a projection of the ledger, written after each change.
 */
const stockService = (storage: Storage) => {
  const listeners = new Set<() => void>();
  const onChange = () => listeners.forEach((l) => l());
  const ledgers = storage.db('stock');
  const catalog = storage.db('catalog');
  const queue = oneAtATime();

  /** The catalogue's count when a product has no ledger yet (a new product, or data from before the ledger). */
  const opening = async (id: string): Promise<StockLedger> => {
    const shelf = shelfCount.safeParse(await getDoc(catalog, id));
    return { supply: { opening: shelf.success ? shelf.data.count : 0 }, holds: {}, released: {} };
  };

  /** Tech-card bouquets' counts, derived from the stems; until set (or for other products) the ledger's balance is the count. */
  let derived: DerivedCount = async () => null;
  let stems: StemChecks = { byStems: () => false, oversold: async () => false };

  /** Whether a contested hold may be dropped (set by the order service: the hold's order is refused first). */
  let mayDrop: (key: string) => Promise<boolean> = async () => false;

  /**
   * Conflict branches of a ledger that outlived their writer (a cluster writer heard 202 and died before taking its
   * leaf out; see server/db/docs.ts `upsert`) become one, pessimistically: every fact of every branch (a hold, a
   * release, a correction counts if any copy has it), then, if together they hold more than there is, holds that
   * not every copy has are dropped (released) until nothing is oversold, each only once `mayDrop` agreed.
   */
  const resolveLedger = async (leaves: Stored<StockLedger>[]): Promise<StockLedger> => {
    const copies = leaves.map((l) => stockLedger.parse(stripMeta(l)));
    let merged = copies.reduce(mergeStock);
    for (const key of contestedHolds(copies, merged)) {
      if (unitsLeft(merged) >= 0) break;
      if (await mayDrop(key)) merged = { ...merged, released: { ...merged.released, [key]: true } };
    }
    // Two placed orders that each saw enough units on their own copy: both keep their units, the studio is told.
    if (unitsLeft(merged) < 0) log.error(`stock of ${leaves[0]._id}: oversold by ${-unitsLeft(merged)} after copies of the ledger merged`);
    return merged;
  };

  /** Changes one ledger; `change` answers the new ledger, or null to leave it. */
  const changeLedger = async (id: string, change: (s: StockLedger) => StockLedger | null, onWritten?: (w: { quorum: boolean }) => void) => {
    const changed = await upsert<StockLedger>(
      ledgers,
      id,
      async (doc) => {
        const current = parseLedger(doc);
        if (current) return change(current);
        // No ledger yet: it starts from the catalogue, and is written even if this change leaves it as it is.
        const start = await opening(id);
        return change(start) ?? start;
      },
      { resolve: resolveLedger, onWritten },
    );
    // A branch its writer did not see is merged a few seconds after the last change, and the count projected again.
    mergeLater(ledgers, id, resolveLedger, () => inTurn(id, () => project(id)));
    return changed;
  };

  const read = async (id: string): Promise<StockLedger | null> => parseLedger(await getDoc(ledgers, id));

  /**
   * Writes the ledger's balance into the catalogue's count, if it differs. Against the catalogue's revision, so the
   * last writer writes the newest balance. `known`: what the stems make, counted by the caller a moment ago.
   */
  const project = async (id: string, known?: number): Promise<void> => {
    let changed = false;
    await upsert<Omit<Product, 'id'>>(catalog, id, async (p) => {
      if (!p) return null;
      const fromStems = known ?? (await derived(id));
      const s = fromStems === null ? await read(id) : null;
      const count = fromStems ?? (s ? balanceOf(s) : p.count);
      if (p.count === count) return null;
      changed = true;
      return { ...stripMeta(p), count, updatedAt: Date.now() };
    });
    if (changed) onChange();
  };

  const inTurn = <T>(id: string, task: () => Promise<T>) => queue(id, task);
  /** The turn every hold of a bouquet by tech card takes (no product id has a space). */
  const stemsTurn = 'stems by card';

  return {
    /**
     * Reserves every line's units under `key` ({orderId}/{attempt}), product by product. Answers the first product
     * that ran short, or null when all are held. Holds already there are kept: repeating a hold is harmless.
     * The caller releases the key if anything ran short.
     */
    async hold(key: string, lines: readonly { id: string; count: number }[]): Promise<Shortage | null> {
      for (const [id, n] of [...unitsByProduct(lines)].sort(([a], [b]) => a.localeCompare(b))) {
        // Bouquets by card share stems: on this server they are judged and held one at a time, whatever the item.
        const short = await inTurn(stems.byStems(id) ? stemsTurn : id, async () => {
          let shortage: Shortage | null = null;
          let quorum = true;
          // A bouquet by tech card: what its stems make now, less what orders not yet assembled were promised (this one's hold not among them yet).
          const fromStems = await derived(id);
          await changeLedger(
            id,
            (s) => {
              shortage = null;
              const available = fromStems ?? balanceOf(s);
              const refusal: Shortage = fromStems === null ? { product: id, available } : { product: id, available, bouquet: true };
              // A released attempt holds nothing, now or later: its hold was dropped, or it was refused.
              if (s.released[key]) return ((shortage = refusal), null);
              if (key in s.holds) return null;
              if (available < n) return ((shortage = refusal), null);
              return { ...s, holds: { ...s.holds, [key]: n } };
            },
            (w) => (quorum = w.quorum),
          );
          // Another app server may have held the same stems for another bouquet at the same moment: with every hold
          // now written, an order whose stems are promised past what there is steps back (both may: never oversold).
          if (!shortage && fromStems !== null && (await stems.oversold(id))) {
            await changeLedger(id, (s) => (s.released[key] ? null : { ...s, released: { ...s.released, [key]: true } }));
            shortage = { product: id, available: 0, bouquet: true };
          }
          await project(id);
          // A hold only one side of a split cluster took could stand beside a rival's for the same units: not counted.
          if (!shortage && !quorum) return { product: id, available: n, unconfirmed: true } satisfies Shortage;
          return shortage as Shortage | null;
        });
        if (short) return short;
      }
      return null;
    },

    /** Makes the hold under `key` count no more, for each product (once: releasing twice changes nothing). */
    async release(key: string, productIds: Iterable<string>): Promise<void> {
      for (const id of new Set(productIds))
        await inTurn(id, async () => {
          await changeLedger(id, (s) => (s.released[key] ? null : { ...s, released: { ...s.released, [key]: true } }));
          await project(id);
        });
    },

    /**
     * An edited order's lines move from `fromKey` to `toKey`: per product, in one ledger write, the old hold stops
     * counting and the new one is written. The service checked the shelf before the order was changed; a sale in
     * between can leave the balance short, which is kept as it is (the ledger still sums to what orders hold).
     * Repeating it changes nothing.
     */
    async move(fromKey: string, toKey: string, fromIds: Iterable<string>, to: readonly { id: string; count: number }[]): Promise<void> {
      const units = unitsByProduct(to);
      for (const id of [...new Set([...fromIds, ...units.keys()])].sort())
        await inTurn(id, async () => {
          await changeLedger(id, (s) => {
            const n = units.get(id);
            const hold = n !== undefined && !(toKey in s.holds) && !s.released[toKey];
            const release = !s.released[fromKey] && fromKey !== toKey;
            if (!hold && !release) return null;
            return {
              ...s,
              holds: hold ? { ...s.holds, [toKey]: n } : s.holds,
              released: release ? { ...s.released, [fromKey]: true } : s.released,
            };
          });
          await project(id);
        });
    },

    /** Staff counted the shelf: the balance becomes `count` through a correction under `fixId`. */
    async setCount(id: string, count: number, fixId: string): Promise<void> {
      await inTurn(id, async () => {
        await changeLedger(id, (s) => {
          const delta = count - balanceOf(s);
          return delta === 0 || s.supply[fixId] !== undefined ? null : { ...s, supply: { ...s.supply, [fixId]: delta } };
        });
        await project(id);
      });
    },

    /** Every product of the catalogue gets a ledger (from its count, if it has none), its branches merged, and its count re-projected. */
    async reprojectAll(): Promise<void> {
      // Read in bulk; only products whose ledger is missing or branched, or whose count is off, are touched one by one.
      const [shelf, books] = await Promise.all([catalog.allDocs({ include_docs: true }), ledgers.allDocs({ include_docs: true, conflicts: true })]);
      const ledgerOf = new Map(books.rows.map((r) => [r.id, r.doc]));
      for (const row of shelf.rows) {
        if (row.id.startsWith('_design/')) continue;
        const doc = ledgerOf.get(row.id);
        const count = shelfCount.safeParse(row.doc);
        const settled = doc && !doc._conflicts?.length && count.success && count.data.count === balanceOf(stockLedger.parse(stripMeta(doc)));
        if (!settled)
          await inTurn(row.id, async () => {
            await changeLedger(row.id, () => null);
            await project(row.id);
          });
      }
    },

    /** The ledgers of these products, as stored (those that have one). */
    async some(ids: readonly string[]): Promise<Map<string, StockLedger>> {
      const { rows } = await ledgers.allDocs({ keys: [...ids], include_docs: true });
      return new Map(rows.flatMap((r) => ('doc' in r && r.doc ? [[r.key, stockLedger.parse(stripMeta(r.doc))] as const] : [])));
    },

    /**
     * Who knows the counts of tech-card bouquets (server/stock/bouquet-stock.ts): from then on their catalogue count
     * is what the stems make, and a hold is judged against it.
     */
    deriveFrom(count: DerivedCount, checks?: StemChecks) {
      derived = count;
      if (checks) stems = checks;
    },

    /** Which of these products have a count their stems decide (a published tech card). */
    async fromStems(ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const id of new Set(ids)) if ((await derived(id)) !== null) found.add(id);
      return found;
    },

    /**
     * Writes these products' counts into the catalogue again (after stems moved), each in its turn. `counts`: what the
     * stems make of those a card decides, counted once for them all (else each is counted in its turn).
     */
    async reproject(ids: Iterable<string>, counts?: ReadonlyMap<string, number>): Promise<void> {
      for (const id of new Set(ids)) await inTurn(id, () => project(id, counts?.get(id)));
    },

    /** Every ledger as stored (for the start-up check of many orders at once). */
    async all(): Promise<Map<string, StockLedger>> {
      const { rows } = await ledgers.allDocs({ include_docs: true });
      return new Map(rows.flatMap((r) => (r.doc && !r.id.startsWith('_design/') ? [[r.id, stockLedger.parse(stripMeta(r.doc))] as const] : [])));
    },

    /**
     * Who decides whether a hold contested between conflict branches may be dropped: the order service, which first
     * makes sure the hold's order will not be placed.
     */
    judgeDrops(judge: (key: string) => Promise<boolean>) {
      mayDrop = judge;
    },

    /** `listener` runs after this process changed a count in the catalogue (to drop a cached copy). */
    onChange(listener: () => void) {
      listeners.add(listener);
    },
  };
};
export type StockService = ReturnType<typeof stockService>;

const services = new WeakMap<Storage, StockService>();
/** The one stock service of these databases in this process, so that its queue covers every caller. */
export const stockOf = (storage: Storage): StockService => {
  if (!services.has(storage)) services.set(storage, stockService(storage));
  return services.get(storage)!;
};

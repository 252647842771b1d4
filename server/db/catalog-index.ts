import type { ListRequest } from '../../schema/shared/api';
import type { Product } from '../../schema/shop/product';
import { matchesQuery } from '../../schema/shop/product-filter';
import { searchThread } from './catalog-search-thread';
import type { ChangesHub } from './changes-hub';
import { fromSynced } from './synced';
import { log } from '../ops/log';

/** Who is asking: customers see what is on sale, staff see everything. */
export type Audience = 'customer' | 'staff';
export type ListFilter = Omit<ListRequest['query'], 'name'>;

const onSale = (p: Product) => p.isActive && !p.isHidden;

/** The fields that decide where a product is listed (filters, visibility, order) or how it is found. */
const placeOf = (p: Product) => JSON.stringify([p.rank, p.name, p.isActive, p.isHidden, p.itemType, p.category, p.shownOn, p.tags, p.art, p.composition]);

/** The order of `byRank` (one collator, not one per comparison), then ids, so equal ranks and names keep one order. */
const names = new Intl.Collator('ru');
const inOrder = (a: Product, b: Product) => a.rank - b.rank || names.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A batch of changes this long re-sorts the whole list instead of moving products one by one. */
const resortAbove = 500;
/**
 * Derived lists and answers kept per state of the catalogue, at most this many (then forgotten together): a list of
 * 50,000 ids is about 0.4 MB, a serialized page about 10 KB.
 */
const listsKept = 100;
const answersKept = 1_000;

/**
 * The catalogue of this process: a copy of the database kept in rank order, read in full once and then kept up to
 * date change by change from the changes feed (a write by another process on the same CouchDB included). A changed
 * product is replaced in place; it moves only if its place in the order changed; the search thread takes only that
 * product; a change of stock alone touches nothing but the product itself. Lists per audience and filter are derived
 * lazily and kept until a change that could alter them; serialized answers until any change.
 *
 * Searches run in their own thread (catalog-search-thread.ts) and their results are kept per query. After a change
 * another process made, a kept result is still served while the thread searches again, so an edit never holds up
 * the shop's searches; after a change this process wrote, its next read waits for the new result, so whoever edits
 * finds the product as edited.
 */
export const catalogIndex = (catalog: PouchDB.Database, hub: ChangesHub) => {
  const byId = new Map<string, Product>();
  /** Every product's id, by rank. */
  let sorted: string[] = [];
  let seq: string | number = 0;
  const search = searchThread(() => sorted.map(productOf));
  /** Counts changes that can alter a search's result (a product added, removed or moved); results carry it. */
  let version = 0;
  /** The least version a result may have to be served: that of the last change this process wrote and has read. */
  let mustSee = 0;
  /** Search results per query (trimmed), as of a version. */
  const searched = new Map<string, { version: number; ids: string[] }>();
  /** Searches under way per query, with the version they were asked at. */
  const searching = new Map<string, { version: number; done: Promise<void> }>();
  /** Lists derived from `sorted` or the search: dropped when a product's place changes. */
  let lists = new Map<string, string[]>();
  /** Answers as sent: dropped on any change. */
  let answers = new Map<string, string>();
  let all: Product[] | null = null;

  let loading: Promise<void> | null = null;
  let catching: Promise<void> | null = null;
  /** Writes this process made (counted) and how many of them the copy has read: a read waits for its own writes. */
  let written = 0;
  let read = 0;
  /** The feed spoke while a reading was under way: read once more after it. */
  let again = false;

  const position = (p: Product): number => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (inOrder(byId.get(sorted[mid])!, p) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const apply = (changes: PouchDB.Core.ChangesResponseChange<Omit<Product, 'id'>>[]) => {
    if (!changes.length) return;
    const resort = changes.length > resortAbove;
    const put: Product[] = [];
    const removed: string[] = [];
    for (const change of changes) {
      if (change.id.startsWith('_design/')) continue;
      const old = byId.get(change.id);
      const next = change.deleted || !change.doc || change.doc._deleted ? null : fromSynced<Product>(change.doc);
      if (old && next && placeOf(old) === placeOf(next)) {
        byId.set(next.id, next);
        continue;
      }
      if (old && !resort) sorted.splice(position(old), 1);
      if (old) byId.delete(old.id);
      if (next) {
        if (!resort) sorted.splice(position(next), 0, next.id);
        byId.set(next.id, next);
        put.push(next);
      } else if (old) removed.push(old.id);
    }
    if (resort) sorted = [...byId.values()].sort(inOrder).map((p) => p.id);
    search.remove(removed);
    search.put(put);
    if (put.length || removed.length) {
      version++;
      lists = new Map();
    }
    answers = new Map();
    all = null;
  };

  const readChanges = async () => {
    const { results, last_seq } = await catalog.changes<Omit<Product, 'id'>>({ since: seq, include_docs: true });
    apply(results);
    seq = last_seq;
  };

  /** The first read: every product, with the sequence to follow from. */
  const load = () =>
    (loading ??= readChanges().catch((e: unknown) => {
      loading = null;
      throw e;
    }));

  /** Reads what changed since the last read; one reading at a time, and one more if asked for meanwhile. */
  const catchUp = (): Promise<void> => {
    if (catching) {
      again = true;
      return catching;
    }
    again = false;
    const upTo = written;
    const reading = (catching = load()
      .then(readChanges)
      .then(() => {
        if (upTo <= read) return;
        read = upTo;
        mustSee = version;
      })
      .finally(() => {
        catching = null;
        if (again) catchUp().catch((e: unknown) => log.error({ err: e }, 'catalogue copy could not catch up'));
      }));
    return reading;
  };

  hub.watch('catalog', () => void catchUp().catch((e: unknown) => log.error({ err: e }, 'catalogue copy could not catch up')));

  /** The copy, having read at least every write this process made before this call. */
  const ready = async () => {
    await load();
    const mine = written;
    // A reading under way may have started before the write: then one more.
    while (read < mine) await catchUp();
  };

  const keep = <T>(cache: Map<string, T>, limit: number, key: string, make: () => T): T => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      cache.set(key, (value = make()));
    }
    return value;
  };

  const productOf = (id: string) => byId.get(id)!;

  /** Searches the query again as of the present version (one search per query and version at a time). */
  const searchAgain = (query: string): Promise<void> => {
    const under = searching.get(query);
    if (under && under.version === version) return under.done;
    const asked = version;
    const done = search
      .find(query)
      .then((ids) => {
        if ((searched.get(query)?.version ?? -1) >= asked) return;
        // The oldest query is forgotten first (a result being served is already in hand).
        if (!searched.has(query) && searched.size >= listsKept) searched.delete(searched.keys().next().value!);
        searched.set(query, { version: asked, ids });
        // Answers and lists made from the older result are made again.
        answers = new Map();
      })
      .finally(() => {
        if (searching.get(query)?.done === done) searching.delete(query);
      });
    searching.set(query, { version: asked, done });
    return done;
  };

  /** A result for the query that may be served: current, or older than this process's last write but refreshing. */
  const searchFor = async (query: string) => {
    let kept = searched.get(query);
    if (kept && kept.version < version) void searchAgain(query).catch((e: unknown) => log.error({ err: e }, 'catalogue search failed'));
    while (!kept || kept.version < mustSee) {
      await searchAgain(query);
      kept = searched.get(query);
    }
  };
  const resultOf = (query: string) => {
    const kept = searched.get(query);
    if (!kept) throw new Error(`the search for «${query}» was not asked for with view(query)`);
    return kept;
  };

  /** The state of the catalogue at one moment: everything here is synchronous, so one answer sees one state. */
  const view = {
    /** Every product, by rank. */
    all: (): Product[] => (all ??= sorted.map(productOf)),
    product: (id: string): Product | undefined => byId.get(id),
    /**
     * Ids of the products the audience sees that pass the filter: by rank, or best match first for a name (asked for
     * with `view(name)`). A name that cannot be searched finds nothing.
     */
    matching(audience: Audience, filter: ListFilter, name?: string): string[] {
      const query = name?.trim() ?? '';
      const found = query ? resultOf(query) : null;
      const key = JSON.stringify([audience, filter, query, found?.version]);
      const passes = matchesQuery(filter);
      return keep(lists, listsKept, key, () => (found?.ids ?? sorted).filter((id) => {
        // An older search result may name a product removed since.
        const p = byId.get(id);
        return !!p && (audience === 'staff' || onSale(p)) && passes(p);
      }));
    },
    /** The search for a query asked for with `view(query)`, best first. */
    find: (query: string): Product[] => (query.trim() ? resultOf(query.trim()).ids.flatMap((id) => byId.get(id) ?? []) : []),
    /** An answer serialized once per state of the catalogue and key. */
    answer: (key: string, make: () => unknown): string => keep(answers, answersKept, key, () => JSON.stringify(make())),
  };

  return {
    /** The catalogue at this moment, after catching up with what this process wrote, with this search done. */
    async view(search?: string): Promise<typeof view> {
      await ready();
      if (search?.trim()) await searchFor(search.trim());
      return view;
    },
    /** Every product, by rank. */
    async all(): Promise<Product[]> {
      await ready();
      return view.all();
    },
    /** After this process writes, so its next read sees the write without waiting for the feed. */
    invalidate() {
      written++;
    },
    close: () => search.close(),
  };
};
export type CatalogIndex = ReturnType<typeof catalogIndex>;

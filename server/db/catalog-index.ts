import type { ListRequest } from '../../schema/api';
import type { Product } from '../../schema/product';
import { matchesQuery } from '../../schema/product-filter';
import { catalogSearch, type CatalogSearch } from '../../schema/search';
import type { ChangesHub } from './changes-hub';
import { fromSynced } from './synced';

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
 * product is replaced in place; it moves only if its place in the order changed; the search index takes only that
 * product; a change of stock alone touches nothing but the product itself. Lists per audience and filter are derived
 * lazily and kept until a change that could alter them; serialized answers until any change.
 */
export const catalogIndex = (catalog: PouchDB.Database, hub: ChangesHub) => {
  const byId = new Map<string, Product>();
  /** Every product's id, by rank. */
  let sorted: string[] = [];
  let search: CatalogSearch | null = null;
  let seq: string | number = 0;
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
    let moved = false;
    for (const change of changes) {
      if (change.id.startsWith('_design/')) continue;
      const old = byId.get(change.id);
      const next = change.deleted || !change.doc || change.doc._deleted ? null : fromSynced<Product>(change.doc);
      if (old && next && placeOf(old) === placeOf(next)) {
        byId.set(next.id, next);
        search?.put(next);
        continue;
      }
      moved = true;
      if (old && !resort) sorted.splice(position(old), 1);
      if (old) byId.delete(old.id);
      if (next) {
        if (!resort) sorted.splice(position(next), 0, next.id);
        byId.set(next.id, next);
        search?.put(next);
      } else if (old) search?.remove(old.id);
    }
    if (resort) sorted = [...byId.values()].sort(inOrder).map((p) => p.id);
    if (moved) lists = new Map();
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
      .then(() => void (read = Math.max(read, upTo)))
      .finally(() => {
        catching = null;
        if (again) catchUp().catch((e: unknown) => console.error('catalogue copy could not catch up', e));
      }));
    return reading;
  };

  hub.watch('catalog', () => void catchUp().catch((e: unknown) => console.error('catalogue copy could not catch up', e)));

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
  const searchIndex = () => (search ??= catalogSearch(sorted.map(productOf)));

  /** The state of the catalogue at one moment: everything here is synchronous, so one answer sees one state. */
  const view = {
    /** Every product, by rank. */
    all: (): Product[] => (all ??= sorted.map(productOf)),
    product: (id: string): Product | undefined => byId.get(id),
    /**
     * Ids of the products the audience sees that pass the filter: by rank, or best match first for a name.
     * A name that cannot be searched finds nothing.
     */
    matching(audience: Audience, filter: ListFilter, name?: string): string[] {
      const base = name?.trim()
        ? keep(lists, listsKept, JSON.stringify(['search', name]), () => searchIndex().find(name).map((p) => p.id))
        : sorted;
      const key = JSON.stringify([audience, filter, name?.trim() ? name : '']);
      const passes = matchesQuery(filter);
      return keep(lists, listsKept, key, () => base.filter((id) => {
        const p = byId.get(id)!;
        return (audience === 'staff' || onSale(p)) && passes(p);
      }));
    },
    /** The search over the same state, best first. */
    find: (query: string): Product[] => searchIndex().find(query),
    /** An answer serialized once per state of the catalogue and key. */
    answer: (key: string, make: () => unknown): string => keep(answers, answersKept, key, () => JSON.stringify(make())),
  };

  return {
    /** The catalogue at this moment, after catching up with what this process wrote. */
    async view(): Promise<typeof view> {
      await ready();
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
  };
};
export type CatalogIndex = ReturnType<typeof catalogIndex>;
export type CatalogView = Awaited<ReturnType<CatalogIndex['view']>>;

import type { Product } from '../../schema/product';
import { byRank } from '../../schema/product-filter';
import { catalogSearch, type CatalogSearch } from '../../schema/search';
import type { ChangesHub } from './changes-hub';
import { allSynced } from './synced';

/**
 * The catalogue, sorted by rank, read once and again only after it changes, and its search index, built from that
 * copy on the first search after a change. Not shared state: a copy of the database that its changes feed
 * invalidates (a write by another process on the same CouchDB included).
 */
export const catalogIndex = (catalog: PouchDB.Database, hub: ChangesHub) => {
  let current: Promise<Product[]> | null = null;
  let search: { of: Promise<Product[]>; index: Promise<CatalogSearch> } | null = null;
  const invalidate = () => {
    current = null;
    search = null;
  };
  hub.watch('catalog', invalidate);
  const all = (): Promise<Product[]> => {
    const reading = (current ??= allSynced<Product>(catalog).then((items) => items.sort(byRank)));
    reading.catch(() => {
      if (current === reading) invalidate();
    });
    return reading;
  };
  return {
    all,
    /** The search over the same copy `all()` answers: rebuilt only when that copy is. */
    search(): Promise<CatalogSearch> {
      const of = all();
      if (search?.of !== of) search = { of, index: of.then(catalogSearch) };
      return search.index;
    },
    /** After this process writes, so its next read sees the write without waiting for the feed. */
    invalidate,
  };
};
export type CatalogIndex = ReturnType<typeof catalogIndex>;

import type { Product } from '../../schema/product';
import { byRank } from '../../schema/product-filter';
import type { ChangesHub } from './changes-hub';
import { allSynced } from './synced';

/**
 * The catalogue, sorted by rank, read once and again only after it changes. Not shared state: a copy of
 * the database that its changes feed invalidates (a write by another process on the same CouchDB included).
 */
export const catalogIndex = (catalog: PouchDB.Database, hub: ChangesHub) => {
  let current: Promise<Product[]> | null = null;
  hub.watch('catalog', () => {
    current = null;
  });
  return {
    all(): Promise<Product[]> {
      current ??= allSynced<Product>(catalog).then((items) => items.sort(byRank));
      current.catch(() => (current = null));
      return current;
    },
    /** After this process writes, so its next read sees the write without waiting for the feed. */
    invalidate() {
      current = null;
    },
  };
};
export type CatalogIndex = ReturnType<typeof catalogIndex>;

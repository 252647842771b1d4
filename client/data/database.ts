import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { Product } from '../../schema/product';
import type { Page } from '../../schema/page';
import type { ShopEvent } from '../../schema/event';
import type { CacheRecord } from '../../schema/cache-record';
import { dataSourceCollections, shopCollections, type StoredCart } from './collections';

export interface ShopCollections {
  products: RxCollection<Product>;
  pages: RxCollection<Page>;
  events: RxCollection<ShopEvent>;
  carts: RxCollection<StoredCart>;
}

export interface LocalData {
  shop: RxDatabase<ShopCollections>;
  dataSources: RxDatabase<{ cache: RxCollection<CacheRecord> }>;
}

/** Dexie's IndexedDB in the browser; tests hand in fake-indexeddb. */
export type IndexedDbApi = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

const withSchemas = <C extends Record<string, { schema: unknown }>>(collections: C) =>
  Object.fromEntries(Object.entries(collections).map(([name, c]) => [name, { schema: c.schema }])) as { [K in keyof C]: { schema: C[K]['schema'] } };

/** Opens the device's databases. `prefix` keeps test databases apart. */
export const openLocalData = async (prefix = '', idb?: IndexedDbApi): Promise<LocalData> => {
  const storage = getRxStorageDexie(idb);
  const shop = await createRxDatabase<ShopCollections>({ name: `${prefix}shop`, storage, multiInstance: true, closeDuplicates: true });
  await shop.addCollections(withSchemas(shopCollections) as never);
  const dataSources = await createRxDatabase<{ cache: RxCollection<CacheRecord> }>({ name: `${prefix}datasources`, storage, multiInstance: true, closeDuplicates: true });
  await dataSources.addCollections(withSchemas(dataSourceCollections) as never);
  return { shop, dataSources };
};

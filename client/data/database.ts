import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import type { Product } from '../../schema/shop/product';
import type { Page } from '../../schema/shop/page';
import type { ShopEvent } from '../../schema/studio/orders/event';
import type { CacheRecord } from '../../schema/shared/cache-record';
import type { Order } from '../../schema/studio/orders/order';
import type { OfficeRecord } from '../../schema/shared/record';
import { dataSourceCollections, shopCollections, type PendingOrder } from './collections';
import type { StoredCart } from './stored-cart';
import { zodValidatedStorage } from './zod-storage';
import { rangeReadStorage } from './range-reads';
import { officeConflictHandler } from './sync/office-conflicts';

interface ShopCollections {
  products: RxCollection<Product>;
  pages: RxCollection<Page>;
  events: RxCollection<ShopEvent>;
  carts: RxCollection<StoredCart>;
  orders: RxCollection<Order>;
  pendingOrders: RxCollection<PendingOrder>;
  office: RxCollection<OfficeRecord>;
}

export interface LocalData {
  shop: RxDatabase<ShopCollections>;
  dataSources: RxDatabase<{ cache: RxCollection<CacheRecord> }>;
}

/** Dexie's IndexedDB in the browser; tests hand in fake-indexeddb. */
export type IndexedDbApi = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

/** What RxDB needs of each declared collection: its schema and, for older stores, how to lift their documents. */
const creators = <C extends Record<string, { schema: unknown; migrationStrategies: unknown }>>(collections: C) =>
  Object.fromEntries(Object.entries(collections).map(([name, c]) => [name, { schema: c.schema, migrationStrategies: c.migrationStrategies }])) as {
    [K in keyof C]: { schema: C[K]['schema']; migrationStrategies: C[K]['migrationStrategies'] };
  };

addRxPlugin(RxDBMigrationSchemaPlugin);

/**
 * In the dev server: RxDB's dev-mode checks (schemas, queries, documents) over a storage that validates every
 * write with zod. Never in a production build (the import is dropped), and off in unit tests unless asked for,
 * since some tests write what an older client might have written.
 */
const withDevChecks = async <I, O>(storage: RxStorage<I, O>, on: boolean): Promise<RxStorage<I, O>> => {
  if (!import.meta.env?.DEV || !on) return storage;
  const { RxDBDevModePlugin, disableWarnings } = await import('rxdb/plugins/dev-mode');
  disableWarnings();
  addRxPlugin(RxDBDevModePlugin);
  const zodOf = Object.entries({ ...shopCollections, ...dataSourceCollections }).map(([name, c]) => [name, c.zod] as const);
  return zodValidatedStorage(storage, Object.fromEntries(zodOf));
};

/**
 * Opens the device's databases. `prefix` keeps test databases apart. A store written by an older version is
 * migrated before this resolves (RxDB's autoMigrate): see `shopCollections` for what is kept and what is pulled again.
 */
export const openLocalData = async (
  prefix = '',
  idb?: IndexedDbApi,
  devChecks = import.meta.env?.MODE !== 'test',
  /** Tabs of one origin tell each other of writes. In Node that goes through temp files; a bench of one tab turns it off. */
  { multiInstance = true }: { multiInstance?: boolean } = {},
): Promise<LocalData> => {
  const storage = await withDevChecks(rangeReadStorage(getRxStorageDexie(idb)), devChecks);
  const shop = await createRxDatabase<ShopCollections>({ name: `${prefix}shop`, storage, multiInstance, closeDuplicates: true });
  const shopCreators = creators(shopCollections);
  // Two staff devices changed one record offline: the entity's merge rule decides (sync/office-conflicts.ts).
  await shop.addCollections({ ...shopCreators, office: { ...shopCreators.office, conflictHandler: officeConflictHandler } } as never);
  const dataSources = await createRxDatabase<{ cache: RxCollection<CacheRecord> }>({ name: `${prefix}datasources`, storage, multiInstance, closeDuplicates: true });
  await dataSources.addCollections(creators(dataSourceCollections) as never);
  return { shop, dataSources };
};

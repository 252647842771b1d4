import { z } from 'zod';
import { removeRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { dataSourceCollections, pendingOrder, shopCollections, type StoredDocument } from './collections';
import { storedCart } from './stored-cart';
import type { IndexedDbApi, LocalData } from './database';

/** Where what the device alone held waits, in localStorage, between clearing the store and opening a new one. */
const rescueKey = 'device-rescue';

/** What only this device holds, and so what a broken store must not take with it. */
const saved = { carts: storedCart, pendingOrders: pendingOrder } as const;
type SavedName = keyof typeof saved;
const rescued = z.object({ carts: z.array(z.unknown()), pendingOrders: z.array(z.unknown()) });
type Rescued = z.infer<typeof rescued>;

/**
 * The IndexedDB databases of the device store: RxDB's Dexie storage keeps one per collection and schema
 * version (`rxdb-dexie-{database}--{version}--{collection}`), plus its own; newest version first.
 */
const storeDatabases = async (idb: IDBFactory, prefix: string): Promise<string[]> => {
  const ours = [`rxdb-dexie-${prefix}shop--`, `rxdb-dexie-${prefix}datasources--`];
  const names =
    typeof idb.databases === 'function'
      ? (await idb.databases()).flatMap((d) => (d.name && ours.some((p) => d.name!.startsWith(p)) ? [d.name] : []))
      : knownDatabases(prefix);
  const version = (name: string) => Number(name.split('--')[1]) || 0;
  return names.sort((a, b) => version(b) - version(a));
};

/** Browsers that cannot list their databases (Firefox before 126): the names this build knows of. */
const knownDatabases = (prefix: string): string[] => {
  const each = (database: string, collections: Record<string, { version: number }>) =>
    Object.entries({ ...collections, _rxdb_internal: { version: 0 } }).flatMap(([name, c]) =>
      Array.from({ length: c.version + 1 }, (_, v) => `rxdb-dexie-${prefix}${database}--${v}--${name}`),
    );
  return [...each('shop', shopCollections), ...each('datasources', dataSourceCollections)];
};

/** The live documents of one collection's database, read without RxDB (which could not open it). */
const readDocuments = (idb: IDBFactory, name: string): Promise<StoredDocument[]> =>
  new Promise((resolve) => {
    const opening = idb.open(name);
    opening.onerror = () => resolve([]);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains('docs')) return (db.close(), resolve([]));
      const all = db.transaction('docs', 'readonly').objectStore('docs').getAll();
      all.onerror = () => (db.close(), resolve([]));
      all.onsuccess = () => {
        db.close();
        const rows = all.result as StoredDocument[];
        // Dexie keeps RxDB's `_deleted` as '1'/'0'; RxDB's own fields start with '_'.
        resolve(rows.filter((r) => r._deleted !== '1' && r._deleted !== true).map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('_')))));
      };
    };
  });

/** Copies carts and the order outbox from a store RxDB cannot open into localStorage. */
export const rescueDeviceData = async (idb: IDBFactory = indexedDB, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage, prefix = ''): Promise<Rescued> => {
  const found: Rescued = { carts: [], pendingOrders: [] };
  const earlier = rescued.safeParse(JSON.parse(storage.getItem(rescueKey) ?? 'null'));
  if (earlier.success) Object.assign(found, earlier.data);
  for (const name of await storeDatabases(idb, prefix)) {
    const collection = name.split('--').at(-1) as SavedName;
    if (Object.hasOwn(saved, collection)) found[collection].push(...(await readDocuments(idb, name)));
  }
  storage.setItem(rescueKey, JSON.stringify(found));
  return found;
};

/** Deletes the device store; the next start makes a new one and pulls the server's data again. */
export const clearDeviceStore = async (api: IndexedDbApi = { indexedDB, IDBKeyRange }, prefix = ''): Promise<void> => {
  // RxDB's own removal also finds the replication checkpoints, whose names are hashes; it needs RxDB's own
  // records of the store, which may be what is broken, so the databases are then deleted by name as well.
  for (const database of ['shop', 'datasources']) {
    await removeRxDatabase(`${prefix}${database}`, getRxStorageDexie(api), false).catch((e: unknown) => console.warn('RxDB не удалил хранилище', database, e));
  }
  const idb = api.indexedDB;
  const names = await storeDatabases(idb, prefix);
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const deleting = idb.deleteDatabase(name);
          // Blocked: another tab still has it open; it goes once that tab closes.
          deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
        }),
    ),
  );
};

/** Puts rescued carts and outbox orders into a freshly opened store, where it holds none of its own. */
export const restoreRescued = async (data: LocalData, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage): Promise<void> => {
  const found = rescued.safeParse(JSON.parse(storage.getItem(rescueKey) ?? 'null'));
  if (!found.success) return;
  const { carts, pendingOrders } = data.shop;
  for (const doc of found.data.carts) {
    const cart = storedCart.safeParse(doc);
    if (!cart.success) console.warn('Корзина не восстановлена:', cart.error.message);
    else if (!(await carts.findOne(cart.data.owner).exec())) await carts.insert(cart.data);
  }
  for (const doc of found.data.pendingOrders) {
    const order = pendingOrder.safeParse(doc);
    if (!order.success) console.warn('Заказ не восстановлен:', order.error.message);
    else if (!(await pendingOrders.findOne(order.data.id).exec())) await pendingOrders.insert(order.data);
  }
  storage.removeItem(rescueKey);
};

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { CommandOutcome } from '../../../schema/studio/orders/order-command';
import type { OfficeRecord } from '../../../schema/shared/record';
import { shopCollections } from '../collections';
import { officeConflictHandler } from '../sync/office-conflicts';

addRxPlugin(RxDBMigrationSchemaPlugin);

/** For tests only: a staff device as the app opens it, and its network, replicating with the real server. */
export type OfficeDevice = RxDatabase<{ office: RxCollection<OfficeRecord> }>;

/** The device's office collection with the app's schema, migrations and conflict handler, on fake-indexeddb. */
export const openOfficeDevice = async (name: string): Promise<OfficeDevice> => officeDeviceAt(`${name}${Date.now()}`, new IDBFactory());

/** The device's store `name` in the browser's IndexedDB `indexedDB`: opened again after a close, it holds what was written (a tab closed, another opened). */
export const officeDeviceAt = async (name: string, indexedDB: IDBFactory): Promise<OfficeDevice> => {
  const db: OfficeDevice = await createRxDatabase({ name, storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) });
  await db.addCollections({ office: { schema: shopCollections.office.schema, migrationStrategies: shopCollections.office.migrationStrategies, conflictHandler: officeConflictHandler } });
  return db;
};

/**
 * The device's network: requests to `shop` carry the session's `cookie` (unless they name one of their own), and fail as a browser's do while `online` is
 * off; `through` may hold a request back before it goes. `restore` puts the test process's own fetch back.
 */
export const deviceNetwork = (shop: string, cookie: string, through?: (url: string, go: () => Promise<Response>) => Promise<Response>) => {
  const plain = globalThis.fetch;
  const network = { online: true, plain, restore: () => void (globalThis.fetch = plain) };
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(shop)) return plain(input, init);
    if (!network.online) throw new TypeError('Failed to fetch');
    const go = () => plain(input, { ...init, headers: { cookie, ...(init?.headers as Record<string, string>) } });
    return through ? through(url, go) : go();
  };
  return network;
};

/** A command's outcome as the server stored it in /db/office, or undefined while it waits. */
export const storedOutcome = async (network: { plain: typeof fetch }, shop: string, cookie: string, id: string): Promise<CommandOutcome | undefined> =>
  ((await (await network.plain(`${shop}/db/office/${id}`, { headers: { cookie } })).json()) as { data?: { outcome?: CommandOutcome } }).data?.outcome;

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { CommandOutcome } from '../../../schema/studio/orders/order-command';
import type { Order } from '../../../schema/studio/orders/order';
import { studioOrderReceipt } from '../../../schema/studio/receipts/counter-print';
import { defaultReceiptSettings } from '../../../schema/studio/receipts/receipt';
import { queueCounterPrint } from '../counter-prints';
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

/** A counter sale of one bouquet paid in cash, its receipt queued for the register on the device, as a florist's device queues it. */
export const queueCashSale = async (db: OfficeDevice, order: string) => {
  const sale: Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'source' | 'delivery'> = {
    id: order, number: 0, source: 'showcase', delivery: { method: 'pickup' }, customer: '', sender: { name: '', phone: '' }, deliveryPrice: 0, total: 350000,
    lines: [{ id: 'rose', art: '1', name: 'Букет', image: '', count: 1, price: 350000, priceFactor: 1, sum: 350000 }],
  };
  const receipt = studioOrderReceipt(sale, { id: `pay-${order}`, action: { kind: 'payment', status: 'paid', method: 'cash' } }, defaultReceiptSettings)!;
  await queueCounterPrint(db.office, '79990000003', receipt);
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

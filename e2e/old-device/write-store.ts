import { addRxPlugin, createRxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openStoreV0 } from '../../client/data/history/store-v0';
import { shopCollections } from '../../client/data/collections';

/** What the test asks this page to leave in the browser's IndexedDB before the shop itself is loaded. */
interface Order {
  /** `v0`: the store every device held before versioning. `foreign`: carts written at today's version in another shape (RxDB DB6). */
  kind: 'v0' | 'foreign';
  carts: object[];
  pendingOrders: object[];
  products: object[];
}

addRxPlugin(RxDBMigrationSchemaPlugin);

const write = async ({ kind, carts, pendingOrders, products }: Order) => {
  const storage = getRxStorageDexie();
  if (kind === 'v0') {
    const { shop, dataSources } = await openStoreV0('', storage);
    await shop.carts.bulkInsert(carts);
    await shop.pendingOrders.bulkInsert(pendingOrders);
    await shop.products.bulkInsert(products);
    await shop.close();
    await dataSources.close();
    return;
  }
  const shop = await createRxDatabase({ name: 'shop', storage, multiInstance: false });
  await shop.addCollections({
    carts: { schema: { ...shopCollections.carts.schema, description: 'written by another build' } },
    pendingOrders: { schema: shopCollections.pendingOrders.schema },
  });
  await shop.carts.bulkInsert(carts);
  await shop.pendingOrders.bulkInsert(pendingOrders);
  await shop.close();
};

const order = (window as unknown as { oldDevice: Order }).oldDevice;
write(order).then(
  () => (document.title = 'written'),
  (e: Error) => (document.title = `failed: ${e.message}`),
);

import { addRxPlugin, createRxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openStoreV0 } from '../../client/data/history/store-v0';
import { shopCollections } from '../../client/data/collections';

/** What the test asks this page to leave in the browser's IndexedDB before the shop itself is loaded. */
interface Order {
  /**
   * `v0`: the store every device held before versioning. `foreign`: carts written at today's version in another shape (RxDB DB6).
   * `products-v1`: products as the build before an item's own care stored them (version 1, no `care`), the rest as today.
   */
  kind: 'v0' | 'foreign' | 'products-v1';
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
  if (kind === 'products-v1') {
    // Today's schema less `care`, at version 1: the one pinned for version 1 in client/data/collections.test.ts.
    const { care: _care, ...properties } = shopCollections.products.schema.properties;
    await shop.addCollections({
      carts: { schema: shopCollections.carts.schema },
      pendingOrders: { schema: shopCollections.pendingOrders.schema },
      products: { schema: { ...shopCollections.products.schema, version: 1, properties } },
    });
    await shop.carts.bulkInsert(carts);
    await shop.pendingOrders.bulkInsert(pendingOrders);
    await shop.products.bulkInsert(products);
    await shop.close();
    return;
  }
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

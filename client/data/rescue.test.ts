import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { shopCollections } from './collections';
import { openLocalData } from './database';
import { clearDeviceStore, rescueDeviceData, restoreRescued } from './rescue';
import { memoryStorage } from '../lib/memory-storage';

const cart = { owner: '0000003', cart: { 'A-1': { id: 'p-001', art: 'A-1', name: 'Букет', image: '', price: 3000, count: 1, priceFactor: 1 } } };
const waiting = {
  id: 'outbox-rescue-0000001', owner: '79000000003', createdAt: 1, lines: [{ id: 'p-001', count: 1 }], sender: { name: 'Анна', phone: '79000000003' },
  recipient: { name: 'Ольга', phone: '79440000009' }, delivery: { method: 'pickup' as const }, date: '2099-03-08', slot: '12:00–15:00' as const,
  postcard: '', anonymous: false, comment: '', payment: 'cash' as const,
};

/** A store RxDB refuses (another build wrote carts at the same version in another shape: DB6) gives up its cart and outbox. */
describe('a device store that cannot be opened', () => {
  it('is cleared after its cart and outbox are saved, and they come back in the new store', async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const prefix = `rescue${Date.now()}`;
    const other = await createRxDatabase({ name: `${prefix}shop`, storage: getRxStorageDexie(idb), multiInstance: false });
    await other.addCollections({
      carts: { schema: { ...shopCollections.carts.schema, description: 'another build' } },
      pendingOrders: { schema: shopCollections.pendingOrders.schema },
    });
    await other.carts.insert(cart);
    await other.pendingOrders.insert(waiting);
    await other.close();
    await expect(openLocalData(prefix, idb)).rejects.toMatchObject({ code: 'DB6' });

    const storage = memoryStorage();
    const found = await rescueDeviceData(idb.indexedDB, storage, prefix);
    expect(found).toEqual({ carts: [cart], pendingOrders: [waiting] });
    await clearDeviceStore(idb, prefix);
    const data = await openLocalData(prefix, idb);
    await restoreRescued(data, storage);
    expect((await data.shop.carts.findOne(cart.owner).exec())?.toJSON()).toEqual(cart);
    expect((await data.shop.pendingOrders.findOne(waiting.id).exec())?.toJSON()).toEqual(waiting);
    expect(storage.getItem('device-rescue')).toBeNull();
    await data.shop.close();
    await data.dataSources.close();
  });
});

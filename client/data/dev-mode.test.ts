import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxDocumentData } from 'rxdb';
import type { ShopEvent } from '../../schema/studio/orders/event';
import { openLocalData, type LocalData } from './database';

const shift = (id: string, sum: number): ShopEvent => ({
  id, source: 'admin', title: 'Закрытие смены', description: '', day: '2026-11-20', type: 'event', sum, data: {}, meta: { author: '79000000003', createdAt: 1 },
});

/** What the dev server runs: RxDB dev-mode over the zod-validating storage. (Own file: dev-mode is global once added.) */
describe('dev-mode checks with zod-validated storage', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`dev${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, true);
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
  });

  it('opens every collection (dev-mode accepts the derived schemas)', () => {
    expect(Object.keys(data.shop.collections).sort()).toEqual(['carts', 'events', 'office', 'orders', 'pages', 'pendingOrders', 'products']);
    expect(Object.keys(data.dataSources.collections)).toEqual(['cache']);
  });

  it('writes a valid event and refuses one that breaks schema/studio/orders/event.ts before it is stored', async () => {
    await data.shop.events.insert(shift('shift-good-0001', 1200));
    await expect(data.shop.events.insert(shift('shift-bad-00001', -1))).rejects.toThrow();
    expect(await data.shop.events.findOne('shift-bad-00001').exec()).toBeNull();
    expect((await data.shop.events.findOne('shift-good-0001').exec())?.sum).toBe(1200);
  });

  it('lets through a server tombstone, which has no fields', async () => {
    const tombstone = { id: 'shift-gone-0001', _deleted: true, _rev: '1-a', _meta: { lwt: Date.now() }, _attachments: {} } as unknown as RxDocumentData<ShopEvent>;
    const result = await data.shop.events.storageInstance.bulkWrite([{ document: tombstone }], 'test-tombstone');
    expect(result.error).toEqual([]);
  });
});

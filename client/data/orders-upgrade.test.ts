import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { today } from '../../schema/shared/day';
import type { Order } from '../../schema/studio/orders/order';
import { openOrdersV12, ordersV12Schema } from './history/orders-v12';
import { openLocalData } from './database';
import { schemaHash } from './testing/schema-hash';
import { sampleOrder } from './sample-orders';

/** What a customer's device holds at version 12: their copy of an order paid online, part of it going back through YooKassa. */
const { history: _h, ...copy } = sampleOrder(7, today(), { paid: { status: 'unpaid', method: 'online', amount: 2000 }, refunds: [{ amount: 500, state: 'going' }] });
const held: Order = copy;

/**
 * Version 13 of the orders collection lets a refund on the customer's copy say the studio handed the money back itself
 * (`way`: cash, card at the studio). A device that stored its orders at version 12 must still open its store (else
 * RxDB DB6: a blank page); its copies are the server's, dropped and pulled again.
 */
describe('an orders store written at version 12', () => {
  it('opens with today’s build, its server copies dropped, and then stores a copy with a refund the studio handed back', async () => {
    // The fixture is the schema version 12 pinned before, not a look-alike.
    expect(schemaHash(ordersV12Schema)).toBe('e7426882e5ebc2c6');
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const prefix = `orders-v12-${Date.now()}`;
    const old = await openOrdersV12(prefix, getRxStorageDexie(idb));
    await old.collections.orders!.insert(held);
    expect(await old.collections.orders!.count().exec()).toBe(1);
    await old.close();

    // The app's own opening, with dev checks on: every write is validated with the collection's zod schema.
    const data = await openLocalData(prefix, idb, true, { multiInstance: false });
    try {
      const orders = data.shop.orders;
      expect(await orders.count().exec()).toBe(0);
      const pulled: Order = { ...held, refunds: [{ amount: 500, state: 'done' }, { amount: 300, state: 'done', way: 'cash' }] };
      await orders.insert(pulled);
      expect((await orders.findOne(held.id).exec())?.toMutableJSON()).toEqual(pulled);
    } finally {
      await data.shop.close();
      await data.dataSources.close();
    }
  });
});

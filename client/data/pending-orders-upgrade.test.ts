import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openPendingOrdersV4, pendingOrdersV4Schema } from './history/pending-orders-v4';
import { openLocalData } from './database';
import { schemaHash } from './testing/schema-hash';
import { pickupDraft } from './testing/customer-device';
import type { PendingOrder } from './collections';

const customer = '79440000731';
/** What a customer's device holds: a draft not sent yet, and one a restore lost, put back with its former number. */
const held: PendingOrder[] = [
  { ...pickupDraft('outbox-v4-000000001', customer), owner: customer, createdAt: 1 },
  { ...pickupDraft('outbox-v4-000000002', customer), owner: customer, createdAt: 2, formerNumber: 57 },
];

/**
 * Version 5 of the order outbox added `formerPayment` (DECISIONS «A paid order a restore lost»). A device that stored
 * it at version 4 must still open its store (else RxDB DB6: a blank page) and keep its drafts to send.
 */
describe('an order outbox written at version 4', () => {
  it('opens with today’s build, its drafts intact, and then stores a draft naming its payment', async () => {
    // The fixture is the schema version 4 pinned in collections.test.ts, not a look-alike.
    expect(schemaHash(pendingOrdersV4Schema)).toBe('2cc7c19d46577d7a');
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const prefix = `outbox-v4-${Date.now()}`;
    const old = await openPendingOrdersV4(prefix, getRxStorageDexie(idb));
    await old.collections.pendingOrders!.bulkInsert(held);
    expect(await old.collections.pendingOrders!.count().exec()).toBe(2);
    await old.close();

    // The app's own opening, with dev checks on: every write is validated with the collection's zod schema.
    const data = await openLocalData(prefix, idb, true, { multiInstance: false });
    try {
      const outbox = data.shop.pendingOrders;
      for (const draft of held) expect((await outbox.findOne(draft.id).exec())?.toMutableJSON()).toEqual(draft);
      expect((await outbox.find({ selector: { owner: customer } }).exec()).map((d) => d.id).sort()).toEqual(held.map((d) => d.id));
      const paid = { ...pickupDraft('outbox-v5-000000003', customer), owner: customer, createdAt: 3, formerNumber: 58, formerPayment: { id: '2f7a1c3e-000f-5000-9000-1b2c3d4e5f60', method: 'bank_card' as const, tries: 1 } };
      await outbox.insert(paid);
      expect((await outbox.findOne(paid.id).exec())?.toMutableJSON()).toEqual(paid);
    } finally {
      await data.shop.close();
      await data.dataSources.close();
    }
  });
});

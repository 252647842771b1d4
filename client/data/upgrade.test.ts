import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { replicateCouchDB } from 'rxdb/plugins/replication-couchdb';
import type { RxCollection } from 'rxdb';
import { demoPhones, signIn, startTestShop } from '../../server/testing/test-shop';
import { nextDay, today } from '../../schema/shared/day';
import { openStoreV0 } from './history/store-v0';
import { openLocalData, type LocalData } from './database';
import { startShopSync, type ShopSync } from './sync/shop-sync';

const phone = demoPhones.florist;
const cart = {
  owner: phone.slice(7),
  cart: { 'A-1~L': { id: 'p-001', art: 'A-1', name: 'Букет', image: '', price: 3000, count: 2, letterSize: 'L' as const, priceFactor: 1.5 } },
};
/** Tomorrow: within the 30 days an order may be booked ahead (schema/studio/orders/order.ts), every slot open. */
const waitingOrder = {
  id: 'outbox-upgrade-000001', owner: phone, createdAt: 1, lines: [{ id: 'p-001', count: 1 }], sender: { name: 'Анна', phone },
  recipient: { name: 'Ольга', phone: '79440000009' }, delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00',
  postcard: '', anonymous: false, comment: '', payment: 'cash',
};
const shift = (id: string, sum: number) => ({
  id, source: 'admin', title: 'Закрытие смены', description: '', day: today(), type: 'event', sum, data: {}, meta: { author: phone, createdAt: Date.now() },
});

/** Node's fetch with the session cookie a browser would send. */
const plainFetch = globalThis.fetch;
const withCookie = (cookie: string): typeof fetch => (input, init) => plainFetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });

/** What builds before versioning ran: a one-off pull (and push) under the replication names they used. */
const syncAsV0 = async (collection: RxCollection, db: string, url: string, f: typeof fetch, push = false) => {
  const state = replicateCouchDB({
    replicationIdentifier: `shop-${db}`, collection, url: `${url}/db/${db}/`, fetch: f, live: false, waitForLeadership: false, pull: {}, push: push ? {} : undefined,
  });
  await state.awaitInitialReplication();
  await state.cancel();
};

/**
 * A device that used the shop before its store was versioned opens today's build: what it alone holds
 * (cart, outbox, a staff edit not pushed yet) is kept; the server's data is dropped and pulled again.
 */
describe('a returning device upgrades its store', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let cookie: string;
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  const prefix = `up${Date.now()}`;
  let data: LocalData;
  let sync: ShopSync | undefined;
  let catalogSize: number;

  beforeAll(async () => {
    shop = await startTestShop();
    cookie = await signIn(shop.url, phone);
    catalogSize = (await shop.shop.storage.db('catalog').info()).doc_count;
    const old = await openStoreV0(prefix, getRxStorageDexie(idb));
    await syncAsV0(old.shop.products, 'catalog', shop.url, withCookie(cookie));
    await syncAsV0(old.shop.events, 'events', shop.url, withCookie(cookie), true);
    await old.shop.carts.insert(cart);
    await old.shop.pendingOrders.insert(waitingOrder);
    // Closed offline: the shift was never pushed.
    await old.shop.events.insert(shift('shift-unsent-0001', 4321));
    expect(await old.shop.products.count().exec()).toBe(catalogSize);
    await old.shop.close();
    await old.dataSources.close();
    data = await openLocalData(prefix, idb);
  });
  afterAll(async () => {
    await sync?.stop();
    await data?.shop.close();
    await data?.dataSources.close();
    await shop.close();
  });

  it('keeps the cart and the outbox as they were', async () => {
    expect((await data.shop.carts.findOne(cart.owner).exec())?.toJSON()).toEqual(cart);
    expect((await data.shop.pendingOrders.findOne(waitingOrder.id).exec())?.toJSON()).toEqual(waitingOrder);
    expect((await data.shop.events.findOne('shift-unsent-0001').exec())?.sum).toBe(4321);
  });

  it("drops the server's data and pulls it again; the unsent shift reaches the server once", async () => {
    expect(await data.shop.products.count().exec()).toBe(0);
    globalThis.fetch = withCookie(cookie);
    try {
      sync = startShopSync(data, shop.url);
      await sync.setStaff(true);
      await Promise.all(sync.replications().map((r) => r.awaitInitialReplication()));
      expect(await data.shop.products.count().exec()).toBe(catalogSize);
      expect(await data.shop.pages.count().exec()).toBeGreaterThan(5);
      await sync.eventsInSync();
      const pushed = await shop.shop.storage.db('events').allDocs({ include_docs: true });
      expect(pushed.rows.filter((r) => r.id === 'shift-unsent-0001')).toHaveLength(1);
      await sync.setCustomer(phone);
      const [sent] = await sync.flushOutbox();
      expect(sent?.id).toBe(waitingOrder.id);
      await expect.poll(async () => (await data.shop.orders.findOne(waitingOrder.id).exec())?.number, { timeout: 10_000 }).toBe(sent.number);
    } finally {
      globalThis.fetch = plainFetch;
    }
  });
});

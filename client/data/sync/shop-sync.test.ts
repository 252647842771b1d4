import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { openLocalData, type LocalData } from '../database';
import { startShopSync, type ShopSync } from './shop-sync';
import { today } from '../../../schema/shared/day';
import { pickupDraft } from '../testing/customer-device';
import { rejections$, type Rejection } from './rejections';
import { call } from '../../../server/testing/test-shop';

/** Node's fetch has no cookie jar: send the session cookie the way a browser would. */
const withCookie = (cookie: string) => {
  const plain = globalThis.fetch;
  globalThis.fetch = (input, init) => plain(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  return () => void (globalThis.fetch = plain);
};

const shiftEvent = (id: string, sum: number) => ({
  id, source: 'admin', title: 'Закрытие смены', description: '', day: today(), type: 'event' as const, sum, data: {}, meta: { author: demoPhones.florist, createdAt: Date.now() },
});

describe('RxDB on fake-indexeddb, replicating with the real server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let data: LocalData;
  let sync: ShopSync;
  let restoreFetch: () => void;
  beforeAll(async () => {
    shop = await startTestShop();
    restoreFetch = withCookie(await signIn(shop.url, demoPhones.florist));
    data = await openLocalData(`t${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    sync = startShopSync(data, shop.url);
  });
  afterAll(async () => {
    await sync.stop();
    await data.shop.close();
    await data.dataSources.close();
    restoreFetch();
    await shop.close();
  });

  it('pulls the whole catalogue and the pages', async () => {
    await Promise.all(sync.replications().map((r) => r.awaitInitialReplication()));
    expect(await data.shop.products.count().exec()).toBe((await shop.shop.storage.db('catalog').info()).doc_count);
    expect((await data.shop.products.findOne('p-001').exec())?.name).toBe('Букет «Утренний Прованс»');
    expect(await data.shop.pages.count().exec()).toBeGreaterThan(5);
  });

  it('pushes staff events, and drops a refused one without stalling the next', async () => {
    const seen: Rejection[] = [];
    const sub = rejections$.subscribe((r) => seen.push(r));
    await sync.setStaff(true);
    await data.shop.events.insert(shiftEvent('shift-good-0001', 1200));
    // An older client could still hold a document today's server refuses: written here past the client's zod check.
    await data.shop.events.insert(shiftEvent('shift-bad-00001', -1));
    await data.shop.events.insert(shiftEvent('shift-good-0002', 3400));
    await sync.eventsInSync();
    const server = await shop.shop.storage.db('events').allDocs({ keys: ['shift-good-0001', 'shift-bad-00001', 'shift-good-0002'] });
    expect(server.rows.map((r) => 'value' in r && !!r.value)).toEqual([true, false, true]);
    expect(seen).toEqual([expect.objectContaining({ db: 'events', id: 'shift-bad-00001' })]);
    await expect.poll(async () => (await data.shop.events.findOne('shift-bad-00001').exec()) === null).toBe(true);
    sub.unsubscribe();
  });

  it('receives a change made on the server', async () => {
    const catalog = shop.shop.storage.db('catalog');
    const doc = await catalog.get('p-002');
    await catalog.put({ ...doc, price: 7777 });
    await expect.poll(async () => (await data.shop.products.findOne('p-002').exec())?.price, { timeout: 10_000 }).toBe(7777);
  });

  it('sends an order from the outbox once and pulls its status changes into the orders collection', async () => {
    const phone = demoPhones.florist;
    await sync.setCustomer(phone);
    const draft = pickupDraft('outbox-draft-000000001', phone);
    await data.shop.pendingOrders.insert({ ...draft, owner: phone, createdAt: Date.now() });
    const [sent] = await sync.flushOutbox();
    expect(sent.id).toBe(draft.id);
    expect(await sync.flushOutbox()).toEqual([]);
    await expect.poll(async () => (await data.shop.orders.findOne(draft.id).exec())?.number, { timeout: 10_000 }).toBe(sent.number);
    await call(shop.url, '/api/orders/update-status', { id: draft.id, status: 'delivering' }, await signIn(shop.url, demoPhones.manager));
    await expect.poll(async () => (await data.shop.orders.findOne(draft.id).exec())?.status, { timeout: 10_000 }).toBe('delivering');
    await sync.flushOutbox();
    expect(await data.shop.pendingOrders.findOne(draft.id).exec()).toBeNull();
    expect((await shop.shop.storage.db('orders').allDocs()).rows).toHaveLength(1);
  });
});

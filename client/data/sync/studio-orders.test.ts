import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { nextDay, today } from '../../../schema/shared/day';
import type { Order } from '../../../schema/studio/orders/order';
import { openLocalData, type LocalData } from '../database';
import { startShopSync, type ShopSync } from './shop-sync';

/** Node's fetch has no cookie jar: send the session cookie the way a browser would. */
const withCookie = (cookie: string) => {
  const plain = globalThis.fetch;
  globalThis.fetch = (input, init) => plain(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  return () => void (globalThis.fetch = plain);
};

/** A customer orders on the site; the server writes the customer's copy and the studio's. */
const placeOrder = async (url: string, phone: string, id: string) => {
  const { status, body } = await call<{ data: Order }>(url, '/api/orders/create', {
    id, lines: [{ id: 'p-001', count: 1 }], sender: { name: 'Анна', phone }, recipient: { name: 'Ольга', phone: '79440000009' },
    delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', postcard: '', anonymous: false, comment: '', payment: 'cash',
  }, await signIn(url, phone));
  if (status !== 200) throw new Error(`order ${id}: ${status}`);
  return body.data;
};

describe('staff devices hold the studio’s orders while signed in', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let data: LocalData;
  let sync: ShopSync;
  let restoreFetch: () => void;
  let own: Order;
  let other: Order;
  const ids = () => [own.id, other.id];
  const onDevice = async () => (await data.shop.orders.findByIds(ids()).exec()).size;

  beforeAll(async () => {
    shop = await startTestShop();
    own = await placeOrder(shop.url, demoPhones.florist, 'own-order-of-florist-1');
    other = await placeOrder(shop.url, '79990007788', 'someone-elses-order-2');
    restoreFetch = withCookie(await signIn(shop.url, demoPhones.florist));
    data = await openLocalData(`s${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, false, { multiInstance: false });
    sync = startShopSync(data, shop.url);
  });
  afterAll(async () => {
    await sync.stop();
    await data.shop.close();
    await data.dataSources.close();
    restoreFetch();
    await shop.close();
  });

  it('a customer pulls only their own orders; staff pull every order of the studio into the same collection', async () => {
    await sync.setCustomer(demoPhones.florist);
    await expect.poll(async () => (await data.shop.orders.findOne(own.id).exec())?.number, { timeout: 10_000 }).toBe(own.number);
    expect(await data.shop.orders.findOne(other.id).exec()).toBeNull();
    await sync.setStaff(true);
    await expect.poll(onDevice, { timeout: 10_000 }).toBe(2);
  });

  it('a change staff make to another customer’s order reaches the device', async () => {
    // The device's fetch carries the florist's session, as a browser's would.
    expect((await call(shop.url, '/api/orders/update-status', { id: other.id, status: 'confirmed' })).status).toBe(200);
    await expect.poll(async () => (await data.shop.orders.findOne(other.id).exec())?.status, { timeout: 10_000 }).toBe('confirmed');
  });

  it('on staff sign-out the device keeps only the signed-in phone’s own orders, and the next staff session pulls the rest again', async () => {
    await sync.setCustomer(null);
    await sync.setStaff(false);
    expect((await data.shop.orders.findOne(own.id).exec())?.customer).toBe(demoPhones.florist);
    expect(await data.shop.orders.findOne(other.id).exec()).toBeNull();
    await sync.setStaff(true);
    await expect.poll(onDevice, { timeout: 10_000 }).toBe(2);
  });
});

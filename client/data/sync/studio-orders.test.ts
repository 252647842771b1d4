import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { toSynced } from '../../../server/db/synced';
import { customerOrdersDb } from '../../../schema/databases';
import type { Order } from '../../../schema/order';
import { sampleOrder } from '../sample-orders';
import { openLocalData, type LocalData } from '../database';
import { startShopSync, type ShopSync } from './shop-sync';

/** Node's fetch has no cookie jar: send the session cookie the way a browser would. */
const withCookie = (cookie: string) => {
  const plain = globalThis.fetch;
  globalThis.fetch = (input, init) => plain(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  return () => void (globalThis.fetch = plain);
};

// Until the order service spreads staff copies (issue 10, branch orders-server), the test writes them where it will.
const serverWrites = (db: PouchDB.Database, o: Order) => db.put({ _id: o.id, ...toSynced(o) });

describe('staff devices hold the studio’s orders while signed in', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let data: LocalData;
  let sync: ShopSync;
  let restoreFetch: () => void;
  const own = sampleOrder(1, '2026-11-24', { id: 'own-order-of-florist-1', customer: demoPhones.florist });
  const other = sampleOrder(2, '2026-11-24', { id: 'someone-elses-order-2' });
  const ids = [own.id, other.id];
  const onDevice = async () => (await data.shop.orders.findByIds(ids).exec()).size;

  beforeAll(async () => {
    shop = await startTestShop();
    restoreFetch = withCookie(await signIn(shop.url, demoPhones.florist));
    data = await openLocalData(`s${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, false, { multiInstance: false });
    sync = startShopSync(data, shop.url);
    const studio = shop.shop.storage.db('studio-orders');
    await serverWrites(studio, own);
    await serverWrites(studio, other);
    await serverWrites(shop.shop.storage.db(customerOrdersDb(demoPhones.florist)), { ...own, history: undefined });
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

  it('a change the server makes to a studio copy reaches the device', async () => {
    const studio = shop.shop.storage.db('studio-orders');
    const doc = await studio.get(other.id);
    await studio.put({ ...doc, status: 'ready' });
    await expect.poll(async () => (await data.shop.orders.findOne(other.id).exec())?.status, { timeout: 10_000 }).toBe('ready');
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

import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../server/testing/test-shop';
import { storeBackup, takeBackup } from '../../../server/ops/backup';
import { storeEpochHeader, storeEpochs } from './store-epoch';
import { requeueNoteId } from './restored-store';
import { pickupDraft } from '../testing/customer-device';
import { deviceDrill, placeFromOutbox, type DeviceDrill } from '../testing/device-drill';

const customer = '79440000031';
const draftOf = (id: string) => pickupDraft(id, customer);

/**
 * Issue 31 leftovers, item 1: a customer's device closed between meeting the restored store's new epoch and putting its
 * lost orders back into the outbox. The epoch is written down at once (the next open does not see it as new), so the
 * pending re-queue is written down with it, and its drafts are noted before the copies they come from are dropped: the
 * next open finishes it, and every lost order reaches the restored shop once.
 */
describe('a customer device closed while it handled a restore', () => {
  const name = `requeue${Date.now()}`;
  let drill: DeviceDrill | undefined;
  afterAll(() => drill?.end());

  it('finishes the re-queue at the next open, whether it was closed before the re-queue began or after the copies were dropped', async () => {
    const d = (drill = deviceDrill(name));
    const limits = { unconfirmedOrdersPerCustomer: 5 };
    let shop = await d.startShop(limits);
    let url = d.url();
    d.jar.cookie = await signIn(url, customer);
    const open = async () => (await d.open()).data;
    const close = () => d.close();
    let device = await open();
    await d.sync!.setCustomer(customer);

    const place = (id: string) => placeFromOutbox(device, d.sync!, customer, draftOf(id));
    /** The disk dies; the archive is restored and the shop starts on the same address (every session ended). */
    const restore = async (file: string) => {
      shop = await d.restore(shop, file, limits);
      url = d.url();
    };
    /** The customer is back: the outbox goes out; what the restored shop holds of each order, by id. */
    const signedInAgain = async (ids: string[]) => {
      d.jar.cookie = await signIn(url, customer);
      await d.sync!.setCustomer(customer);
      await expect.poll(async () => (await d.sync!.flushOutbox(), (await device.shop.pendingOrders.find().exec()).map((d) => JSON.stringify(d.toJSON()))), { timeout: 60_000, interval: 500 }).toEqual([]);
      const orders = shop.shop.storage.db('orders');
      const all = (await orders.allDocs({ include_docs: true })).rows.map((r) => r.doc as { _id: string; number?: number; customer?: string } | undefined);
      const mine = all.filter((d) => d?.customer === customer);
      const numbers = all.map((d) => d?.number).filter((n): n is number => typeof n === 'number');
      expect(new Set(numbers).size).toBe(numbers.length);
      for (const id of ids) expect(mine.filter((d) => d?._id === id)).toHaveLength(1);
      await expect.poll(async () => (await device.shop.orders.find({ selector: { customer } }).exec()).map((d) => d.id).sort(), { timeout: 30_000, interval: 250 }).toEqual(mine.map((d) => d!._id).sort());
    };

    // 1. Closed right after the epoch was seen: the answer that named it was read, the re-queue never began.
    await place('requeue-a-0000000001');
    const first = await storeBackup(await takeBackup(shop.shop.storage, shop.shop.config), await d.tempDir(), 2);
    await place('requeue-b-0000000001');
    await place('requeue-c-0000000001');
    await close();
    await restore(first);
    const epoch = (await fetch(`${url}/db/catalog`)).headers.get(storeEpochHeader);
    expect(epoch).toBeTruthy();
    // What the replication's fetch does with that answer (replicate.ts), and then the tab is gone: nothing restarted.
    storeEpochs(`${name}shop`, () => undefined).meet(epoch);
    expect(await shop.shop.storage.db('orders').get('requeue-b-0000000001').catch(() => null)).toBeNull();
    device = await open();
    await expect
      .poll(async () => (await device.shop.pendingOrders.find().exec()).map((d) => d.id).sort(), { timeout: 60_000, interval: 250 })
      .toEqual(['requeue-a-0000000001', 'requeue-b-0000000001', 'requeue-c-0000000001']);
    await signedInAgain(['requeue-a-0000000001', 'requeue-b-0000000001', 'requeue-c-0000000001']);
    expect(storeEpochs(`${name}shop`, () => undefined).requeuePending()).toBe(false);

    // 2. Closed half-way: the copies were dropped, the drafts not yet in the outbox (the insert fails once here).
    const second = await storeBackup(await takeBackup(shop.shop.storage, shop.shop.config), await d.tempDir(), 2);
    await place('requeue-d-0000000001');
    const insert = device.shop.pendingOrders.bulkInsert.bind(device.shop.pendingOrders);
    let broke = false;
    device.shop.pendingOrders.bulkInsert = (docs) => {
      if (broke) return insert(docs);
      broke = true;
      return Promise.reject(new Error('the tab is closing'));
    };
    await restore(second);
    // The restored shop holds A, B and C (the second backup), not D.
    expect((await shop.shop.storage.db('orders').allDocs()).rows.map((r) => r.id).filter((id) => id.startsWith('requeue-'))).toEqual(['requeue-a-0000000001', 'requeue-b-0000000001', 'requeue-c-0000000001']);
    await expect.poll(() => broke, { timeout: 60_000, interval: 100 }).toBe(true);
    await expect.poll(async () => (await device.shop.orders.findOne('requeue-d-0000000001').exec()) === null, { timeout: 30_000, interval: 100 }).toBe(true);
    expect(await device.dataSources.cache.findOne(requeueNoteId).exec()).not.toBeNull();
    expect(await device.shop.pendingOrders.findOne('requeue-d-0000000001').exec()).toBeNull();
    await close();
    expect(storeEpochs(`${name}shop`, () => undefined).requeuePending()).toBe(true);
    device = await open();
    await expect.poll(async () => (await device.shop.pendingOrders.findOne('requeue-d-0000000001').exec())?.formerNumber, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    await signedInAgain(['requeue-a-0000000001', 'requeue-b-0000000001', 'requeue-c-0000000001', 'requeue-d-0000000001']);
    expect(await device.dataSources.cache.findOne(requeueNoteId).exec()).toBeNull();
    expect(storeEpochs(`${name}shop`, () => undefined).requeuePending()).toBe(false);
  }, 300_000);
});

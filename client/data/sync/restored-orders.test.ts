import { afterAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../../server/testing/test-shop';
import { storeBackup, takeBackup } from '../../../server/ops/backup';
import type { Order } from '../../../schema/studio/orders/order';
import { pickupDraft } from '../testing/customer-device';
import { deviceDrill, placeFromOutbox, type DeviceDrill } from '../testing/device-drill';

const customer = '79440000021';
const draftOf = (id: string, phone = customer) => pickupDraft(id, phone);

/**
 * The restore drill for a customer's device: orders placed online after the last backup are on the device only as
 * pulled copies (the outbox dropped their drafts). The shop is restored; the device meets the new store epoch, puts
 * its unfinished orders back into the outbox, drops every server copy and pulls again. The restored shop ends with
 * each order once, the number kept where it is free and a new one (named on the order) where another order took it,
 * and a product the restore took away is gone from the device.
 */
describe('a customer device after the shop was restored from a backup', () => {
  let drill: DeviceDrill | undefined;
  afterAll(() => drill?.end());

  it('sends again the orders the restored shop lacks, once each, and forgets what the restore took away', async () => {
    drill = deviceDrill(`restored${Date.now()}`);
    // Four orders wait for the studio's call at once: the site's limit on them is not what this test is about.
    const limits = { unconfirmedOrdersPerCustomer: 5 };
    const first = await drill.startShop(limits);
    drill.jar.cookie = await signIn(drill.url(), customer);
    const { data, sync } = await drill.open();
    await sync.setCustomer(customer);
    const shop = data.shop;
    const place = (id: string) => placeFromOutbox(data, sync, customer, draftOf(id));

    const numberA = await place('restore-order-a-000001');
    const backup = await takeBackup(first.shop.storage, { dataDir: first.dataDir });
    const file = await storeBackup(backup, await drill.tempDir(), 2);

    // After the backup: three more orders, and a product the studio added; all reach the device.
    const numberB = await place('restore-order-b-000001');
    const numberC = await place('restore-order-c-000001');
    const numberD = await place('restore-order-d-000001');
    expect([numberB, numberC, numberD]).toEqual([numberA + 1, numberA + 2, numberA + 3]);
    const catalog = first.shop.storage.db('catalog');
    const { _id: _i, _rev: _r, ...p1 } = await catalog.get<Record<string, unknown>>('p-001');
    await catalog.put({ ...p1, _id: 'p-after-backup', id: 'p-after-backup', name: 'Букет после копии' });
    await expect.poll(async () => (await shop.products.findOne('p-after-backup').exec())?.name, { timeout: 30_000, interval: 200 }).toBe('Букет после копии');

    // The disk dies; the archive is restored and the shop starts on the same address. Every session ended with it.
    const restored = await drill.restore(first, file, limits);
    const url = drill.url();
    const orders = restored.shop.storage.db('orders');
    expect(await orders.get('restore-order-b-000001').catch(() => null)).toBeNull();

    // The device meets the new epoch at its next /db answer: its unfinished orders wait in the outbox with their numbers.
    const waiting = async () => (await shop.pendingOrders.find({ selector: { owner: customer } }).exec()).map((d) => [d.id, d.formerNumber]).sort();
    await expect.poll(waiting, { timeout: 60_000, interval: 250 }).toEqual([
      ['restore-order-a-000001', numberA],
      ['restore-order-b-000001', numberB],
      ['restore-order-c-000001', numberC],
      ['restore-order-d-000001', numberD],
    ]);
    // The product the restore took away is gone from the device; the catalogue is the restored one.
    await expect.poll(async () => shop.products.findOne('p-after-backup').exec(), { timeout: 30_000, interval: 250 }).toBeNull();
    await expect.poll(async () => shop.products.count().exec(), { timeout: 30_000, interval: 250 }).toBe((await restored.shop.storage.db('catalog').info()).doc_count);

    // Before the customer is back, another customer orders and takes the next number: B's.
    const other = '79440000022';
    const taken = await call<{ data: Order }>(url, '/api/orders/create', draftOf('restore-order-other-01', other), await signIn(url, other));
    expect(taken.body.data.number).toBe(numberB);

    // The customer signs in again; the outbox goes out.
    drill.jar.cookie = await signIn(url, customer);
    await sync.flushOutbox();
    const stored = async (id: string) => (await orders.get<{ number?: number; stage?: string }>(id).catch(() => null))?.number;
    expect(await stored('restore-order-a-000001')).toBe(numberA);
    // D and C keep their numbers (free, though above the restored shop's highest); B's was taken: the next after them.
    expect(await stored('restore-order-d-000001')).toBe(numberD);
    expect(await stored('restore-order-c-000001')).toBe(numberC);
    const numberBNow = await stored('restore-order-b-000001');
    expect(numberBNow).toBe(numberD + 1);
    // Each order once, no number twice.
    const all = (await orders.allDocs({ include_docs: true })).rows.map((r) => r.doc as { _id: string; number?: number } | undefined);
    expect(all.map((d) => d?._id).filter((id) => id?.startsWith('restore-order-')).sort()).toEqual([
      'restore-order-a-000001',
      'restore-order-b-000001',
      'restore-order-c-000001',
      'restore-order-d-000001',
      'restore-order-other-01',
    ]);
    const numbers = all.map((d) => d?.number).filter((n): n is number => typeof n === 'number');
    expect(new Set(numbers).size).toBe(numbers.length);

    // The device pulls the orders again: B names the number the customer knew it by; the outbox empties.
    await expect.poll(async () => (await shop.orders.findOne('restore-order-b-000001').exec())?.number, { timeout: 30_000, interval: 250 }).toBe(numberBNow);
    expect((await shop.orders.findOne('restore-order-b-000001').exec())?.formerNumber).toBe(numberB);
    expect((await shop.orders.findOne('restore-order-c-000001').exec())?.formerNumber).toBeUndefined();
    await expect.poll(async () => (await sync.flushOutbox(), shop.pendingOrders.count().exec()), { timeout: 30_000, interval: 500 }).toBe(0);
    expect(await shop.orders.find({ selector: { customer } }).exec()).toHaveLength(4);
  }, 180_000);
});

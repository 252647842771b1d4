import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../server/testing/test-shop';
import { paidOnline } from '../../../server/testing/paid-online';
import { startYookassaStandIn } from '../../../server/testing/yookassa-stand-in';
import { storeBackup, takeBackup } from '../../../server/ops/backup';
import type { Order } from '../../../schema/studio/orders/order';
import { pickupDraft } from '../testing/customer-device';
import { deviceDrill, type DeviceDrill } from '../testing/device-drill';

const customer = '79440000041';

/**
 * DECISIONS «A paid order a restore lost»: an order paid online after the last backup comes back from the customer's
 * device with the payment its copy named, and the restored shop, having read that payment at YooKassa (the stand-in),
 * marks it paid under its former number. A device that names for another order a payment that is not that order's
 * (here: the paid order's own payment, written into the other copy on the device) gets nothing marked.
 */
describe('a customer device whose paid order the restore lost', () => {
  let drill: DeviceDrill | undefined;
  let yk: Awaited<ReturnType<typeof startYookassaStandIn>> | undefined;
  afterAll(async () => {
    await drill?.end();
    await yk?.close();
  });

  it('sends it again naming its payment: paid on the restored shop with its former number; a payment claimed for another order marks nothing', async () => {
    yk = await startYookassaStandIn();
    const config = { unconfirmedOrdersPerCustomer: 5, yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl } };
    drill = deviceDrill(`restored-paid${Date.now()}`);
    const first = await drill.startShop(config);
    let url = drill.url();
    drill.jar.cookie = await signIn(url, customer);
    const { data, sync } = await drill.open();
    await sync.setCustomer(customer);
    const shop = data.shop;

    // The last backup holds none of this customer's orders.
    const file = await storeBackup(await takeBackup(first.shop.storage, { dataDir: first.dataDir }), await drill.tempDir(), 2);

    // After it: A paid online at YooKassa; B placed from the outbox, to be paid on delivery. Both reach the device.
    const paid = await paidOnline(url, yk, drill.jar.cookie, { id: 'restore-paid-a-000001', bouquet: 'p-001', count: 1, customer, recipient: '79440000049' });
    await shop.pendingOrders.insert({ ...pickupDraft('restore-paid-b-000001', customer), owner: customer, createdAt: Date.now() });
    await sync.flushOutbox();
    const copyOf = async (id: string) => (await shop.orders.findOne(id).exec())?.toJSON() as Order | undefined;
    await expect.poll(async () => (await copyOf(paid.id))?.paid?.status, { timeout: 30_000, interval: 200 }).toBe('paid');
    await expect.poll(async () => (await copyOf('restore-paid-b-000001'))?.number, { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);
    // The outbox drops B's draft once its copy is there: B lives on the device as its copy only, as A does.
    await sync.flushOutbox();
    expect(await shop.pendingOrders.count().exec()).toBe(0);
    const numberA = (await copyOf(paid.id))!.number;
    const numberB = (await copyOf('restore-paid-b-000001'))!.number;
    // A device that lies: B's copy is made to name A's payment as its own.
    await (await shop.orders.findOne('restore-paid-b-000001').exec())!.incrementalPatch({ online: { method: 'bank_card', payment: paid.payment, tries: 1, status: 'paid', until: 0 } });

    // The disk dies; the archive is restored and the shop starts on the same address, YooKassa as before.
    const restored = await drill.restore(first, file, config);
    url = drill.url();
    const orders = restored.shop.storage.db('orders');
    expect(await orders.get(paid.id).catch(() => null)).toBeNull();

    // The device meets the new epoch: both orders wait in the outbox with their numbers and the payment each copy named.
    const waiting = async () => (await shop.pendingOrders.find({ selector: { owner: customer } }).exec()).map((d) => [d.id, d.formerNumber, d.formerPayment?.id]).sort();
    await expect.poll(waiting, { timeout: 60_000, interval: 250 }).toEqual([
      [paid.id, numberA, paid.payment],
      ['restore-paid-b-000001', numberB, paid.payment],
    ]);

    // The customer signs in again; the outbox goes out.
    drill.jar.cookie = await signIn(url, customer);
    await expect.poll(async () => (await sync.flushOutbox(), shop.pendingOrders.count().exec()), { timeout: 60_000, interval: 500 }).toBe(0);
    const record = (id: string) => orders.get<Order>(id);
    expect(await record(paid.id)).toMatchObject({ number: numberA, paid: { status: 'paid', method: 'online' }, online: { status: 'paid', payment: paid.payment } });
    expect((await record(paid.id)).history?.filter((h) => h.what === 'Оплачен онлайн')).toHaveLength(1);
    const lied = await record('restore-paid-b-000001');
    expect(lied.number).toBe(numberB);
    expect(lied.paid?.status ?? 'unpaid').toBe('unpaid');
    expect(lied.online?.status).toBe('on-delivery');
    expect(lied.online?.payment).toBeUndefined();

    // The device pulls them again: A paid online in the customer's copy, B not paid.
    await expect.poll(async () => (await copyOf(paid.id))?.paid?.status, { timeout: 30_000, interval: 250 }).toBe('paid');
    await expect.poll(async () => (await copyOf('restore-paid-b-000001'))?.online?.status, { timeout: 30_000, interval: 250 }).toBe('on-delivery');
    expect((await copyOf('restore-paid-b-000001'))?.paid?.status ?? 'unpaid').toBe('unpaid');
  }, 180_000);
});

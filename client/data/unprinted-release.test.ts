import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { OfficeRecord } from '../../schema/shared/record';
import type { Order } from '../../schema/studio/orders/order';
import { driverUuid } from '../../schema/studio/receipts/atol-driver';
import { studioOrderReceipt } from '../../schema/studio/receipts/counter-print';
import { defaultReceiptSettings, type CounterRegister } from '../../schema/studio/receipts/receipt';
import { getDoc } from '../../server/db/docs';
import { deviceReleaseId, receiptsDb, receiptsOfOrder } from '../../server/receipts/receipts';
import { startAtolDriverStandIn } from '../../server/testing/atol-driver-stand-in';
import { orderOneBouquet } from '../../server/testing/order-rush';
import { demoPhones, type startTestShop } from '../../server/testing/test-shop';
import { until } from '../../server/testing/until';
import { callAt } from '../lib/api';
import { printsOfOrder, releaseUnprinted, runCounterPrints, writePayment } from './counter-prints';
import { sendOrderCommand } from './order-commands';
import { markOfficeInSync } from './sync/in-sync-mark';
import { replicate } from './sync/replicate';
import { startRegisterShop } from './testing/register-shop';
import { officeDeviceAt, openOfficeDevice, type OfficeDevice } from './testing/office-device';

/**
 * Issue 30: a device that wrote a payment's command marked printed here (`printedHere`) and closed, or crashed, before it
 * queued the print — as an older build could — leaves the server holding that receipt back for a print that never comes.
 * When the device's store opens again, the device finds its marked commands with no print and tells the server it does
 * not print them (`releaseUnprinted`): the server sends each at once, one task at the register, and the device prints
 * nothing — whether the command reached the server before the release or after it. This build writes the two together.
 */
describe('a marked payment whose print was never queued', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let network: Awaited<ReturnType<typeof startRegisterShop>>['network'];
  let register: CounterRegister;
  const open: OfficeDevice[] = [];
  const syncs: RxCouchDBReplicationState<OfficeRecord>[] = [];
  const me = demoPhones.florist;
  const release = (r: { order: string; command: string }) => callAt(shop.url, 'POST /api/receipts/device-release', r);
  const card = { kind: 'payment', status: 'paid', method: 'card', printedHere: true } as const;

  beforeAll(async () => {
    ({ driver, shop, network, register } = await startRegisterShop(me));
  }, 60_000);
  afterAll(async () => {
    for (const s of syncs) await s.cancel();
    for (const db of open) if (!db.closed) await db.close();
    network?.restore();
    await shop?.close();
    await driver?.close();
  });

  /** The device's store `name`, opened (again) in the browser's `indexedDB`. */
  const openAt = async (name: string, indexedDB: IDBFactory) => {
    const db = await officeDeviceAt(name, indexedDB);
    open.push(db);
    return db;
  };
  const sync = (db: OfficeDevice) => {
    const s = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    syncs.push(s);
    return s;
  };
  const receiptOf = async (order: string) => (await receiptsOfOrder(shop.shop.storage, order))[0];
  const registered = async (order: string) => until(() => receiptOf(order), (r) => r?.state === 'registered');

  it('reopened after the tab closed, the device releases it and the server sends it at once: one task, no print on the device', async () => {
    const order = await orderOneBouquet(shop.url, '79440000951');
    const indexedDB = new IDBFactory();
    const name = `unprinted${Date.now()}`;
    const tab = await openAt(name, indexedDB);
    // The first half of an older build's write: the command marked, then the tab closes before the print is queued.
    const pay = await sendOrderCommand(tab.office, me, order, card);
    const first = sync(tab);
    expect(await until(() => receiptOf(order), (r) => !!r?.devicePrint)).toMatchObject({ state: 'queued', devicePrint: true });
    await first.cancel();
    await tab.close();

    const again = await openAt(name, indexedDB);
    sync(again);
    const printer = runCounterPrints(again.office, () => register, { me, release, every: () => () => undefined });
    expect(await registered(order)).toMatchObject({ state: 'registered', id: `receipt:prepayment:${order}:${pay}` });
    expect(driver.tasks().filter((t) => t.uuid === driverUuid(`receipt:prepayment:${order}:${pay}`))).toHaveLength(1);
    expect(await printsOfOrder(again.office, order)).toEqual([]);
    await printer.stop();
  }, 60_000);

  it('released before its command reaches the server: the command queues the receipt unheld', async () => {
    const order = await orderOneBouquet(shop.url, '79440000952');
    const indexedDB = new IDBFactory();
    const name = `unsent${Date.now()}`;
    const tab = await openAt(name, indexedDB);
    const pay = await sendOrderCommand(tab.office, me, order, card);
    await tab.close();

    // Opened again, the release goes before the office sync has pushed the command.
    const again = await openAt(name, indexedDB);
    expect(await releaseUnprinted(again.office, me, release)).toBe(0);
    expect(await receiptOf(order)).toBeUndefined();
    sync(again);
    expect(await registered(order)).toMatchObject({ state: 'registered', id: `receipt:prepayment:${order}:${pay}` });
    expect(driver.tasks().filter((t) => t.uuid === driverUuid(`receipt:prepayment:${order}:${pay}`))).toHaveLength(1);
  }, 60_000);

  it('asked while the server cannot be reached, the release waits twice as long each time up to a minute, never gives up, and goes at once when the server is heard again', async () => {
    const order = await orderOneBouquet(shop.url, '79440000953');
    const db = await openAt(`backoff${Date.now()}`, new IDBFactory());
    const pay = await sendOrderCommand(db.office, me, order, card);
    // The shop's server out of reach: every ask fails as a browser's does; the printer's clock is the test's.
    network.online = false;
    let now = 1_000_000;
    const asked: number[] = [];
    let tick: (() => void) | undefined;
    const printer = runCounterPrints(db.office, () => register, {
      me, now: () => now, every: (fn) => ((tick = fn), () => undefined),
      release: (r) => (asked.push(now), release(r)),
    });
    await printer.settled();
    // Ten minutes of the printer's 2 s rounds (300 of them, each one of them an ask before).
    for (let i = 0; i < 300; i += 1) {
      now += 2000;
      tick?.();
      await printer.settled();
    }
    const gaps = asked.slice(1).map((t, i) => t - asked[i]);
    expect(gaps).toEqual([2000, 4000, 8000, 16000, 32000, ...Array<number>(8).fill(60_000)]);
    expect(await getDoc(shop.shop.storage.db(receiptsDb), deviceReleaseId(pay))).toBeNull();

    // The network back and the office in sync (the leader's replication pushed everything): asked at once, the clock still.
    network.online = true;
    const before = asked.length;
    markOfficeInSync(Date.now());
    await printer.settled();
    expect(asked.length).toBe(before + 1);
    expect(await getDoc(shop.shop.storage.db(receiptsDb), deviceReleaseId(pay))).not.toBeNull();
    // Heard: nothing more to ask.
    now += 120_000;
    tick?.();
    await printer.settled();
    expect(asked.length).toBe(before + 1);
    await printer.stop();
  }, 60_000);

  it('a marked payment written with its print (this build: one write) is the device’s to print: nothing is released', async () => {
    const db = await openOfficeDevice('written-together');
    open.push(db);
    const order = 'togetherorder001';
    const sale: Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'source' | 'delivery'> = {
      id: order, number: 0, source: 'showcase', delivery: { method: 'pickup' }, customer: '', sender: { name: '', phone: '' }, deliveryPrice: 0, total: 350000,
      lines: [{ id: 'rose', art: '1', name: 'Букет', image: '', count: 1, price: 350000, priceFactor: 1, sum: 350000 }],
    };
    const payment = { id: 'paytogether00001', action: { kind: 'payment', status: 'paid', method: 'cash' } } as const;
    const print = studioOrderReceipt(sale, payment, defaultReceiptSettings)!;
    await writePayment(db.office, me, order, payment, print, (e) => {
      throw e;
    });
    expect(await db.office.findOne(payment.id).exec()).toMatchObject({ data: { action: { printedHere: true } } });
    expect(await printsOfOrder(db.office, order)).toMatchObject([{ receipt: print.id, state: 'queued' }]);
    const asked: unknown[] = [];
    expect(await releaseUnprinted(db.office, me, async (r) => asked.push(r))).toBe(0);
    expect(asked).toEqual([]);
  });
});

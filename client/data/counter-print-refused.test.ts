import { firstValueFrom, filter } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { OfficeRecord } from '../../schema/shared/record';
import type { Order } from '../../schema/studio/orders/order';
import { counterPrintId, counterPrintLabel, printUnbacked, studioOrderReceipt } from '../../schema/studio/receipts/counter-print';
import type { CounterRegister } from '../../schema/studio/receipts/receipt';
import { getDoc } from '../../server/db/docs';
import { orderRecordOf } from '../../server/orders/order-record';
import { receiptsOfOrder } from '../../server/receipts/receipts';
import { startAtolDriverStandIn } from '../../server/testing/atol-driver-stand-in';
import { orderOneBouquet } from '../../server/testing/order-rush';
import { demoPhones, type startTestShop } from '../../server/testing/test-shop';
import { counterPrints$, printDue, writePayment } from './counter-prints';
import { orderCommands$ } from './order-commands';
import { replicate } from './sync/replicate';
import { startRegisterShop } from './testing/register-shop';
import { openOfficeDevice, type OfficeDevice } from './testing/office-device';

/**
 * Issue 30: a payment on pickup the device printed while the server was away, whose command the server then refused. The server never registers that print, so
 * the device must not say «ждёт сервер» for ever: it says the payment was not taken and the till is to be checked.
 */
describe('a device print whose payment the server refused', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let db: OfficeDevice;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let network: Awaited<ReturnType<typeof startRegisterShop>>['network'];
  let register: CounterRegister;
  const me = demoPhones.florist;

  beforeAll(async () => {
    ({ driver, shop, network, register } = await startRegisterShop(me));
    db = await openOfficeDevice('counter-print-refused');
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    network?.restore();
    await shop?.close();
    await driver?.close();
  });

  it('says «Оплата не принята сервером» once the refusal comes back, not «ждёт сервер»', async () => {
    const id = await orderOneBouquet(shop.url, '79440000961');
    const placed = orderRecordOf((await getDoc<object>(shop.shop.storage.db('orders'), id))!)!.total;
    expect(placed).toBeGreaterThan(0);
    // Taken at the counter while the server is away: the florist records another sum than the order's, which only a
    // manager may — the server refuses the payment (403) when it arrives.
    network.online = false;
    const amount = Math.round(placed / 2);
    const sale: Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'source' | 'delivery'> = {
      id, number: 0, source: 'site', delivery: { method: 'pickup' }, customer: '', sender: { name: '', phone: '' }, deliveryPrice: 0, total: amount,
      lines: [{ id: 'rose', art: '1', name: 'Букет', image: '', count: 1, price: amount, priceFactor: 1, sum: amount }],
    };
    const payment = { id: `pay${Date.now()}abcdefgh`, action: { kind: 'payment', status: 'paid', method: 'cash', amount } } as const;
    const print = studioOrderReceipt(sale, payment, register.settings!);
    expect(print?.id).toBe(`receipt:prepayment:${id}:${payment.id}`);
    await writePayment(db.office, me, id, payment, print, (e) => {
      throw e;
    });
    expect(await printDue(db.office, register, { timeoutMs: 5000 })).toBe(1);
    const shown = counterPrints$(db.office, id);
    const [printed] = await firstValueFrom(shown);
    expect(printed).toMatchObject({ state: 'printed', paymentRefused: false });
    expect(counterPrintLabel(printed!)).toBe('Чек напечатан на кассе, ждёт сервер');

    // Back online: the server refuses the payment; the refusal comes back with the pull.
    network.online = true;
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const [command] = await firstValueFrom(orderCommands$(db.office, id).pipe(filter((cs) => cs[0]?.state !== 'pending')));
    expect(command).toMatchObject({ id: payment.id, state: 'refused', status: 403 });
    // Read from the device's store as it holds the refusal now.
    const [refused] = await firstValueFrom(counterPrints$(db.office, id));
    expect(refused).toMatchObject({ state: 'printed', paymentRefused: true });
    expect(refused!.known).toBeUndefined();
    expect(counterPrintLabel(refused!)).toBe('Оплата не принята сервером: чек напечатан, сверьте кассу');
    // The server holds no receipt of it: none was queued, the print registered nothing.
    expect(await receiptsOfOrder(shop.shop.storage, id)).toEqual([]);
  }, 60_000);

  it('says the same when the server takes the payment but refuses the print itself (a transfer: not the counter’s money)', async () => {
    // An older build printed a payment by transfer (today's device prints cash or card only): the server applies the
    // payment, and refuses the print for its method (`devicePrintIssue`) — it writes why back into the print's record.
    const id = await orderOneBouquet(shop.url, '79440000962');
    const total = orderRecordOf((await getDoc<object>(shop.shop.storage.db('orders'), id))!)!.total;
    await sync?.cancel();
    network.online = false;
    const sale: Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'source' | 'delivery'> = {
      id, number: 0, source: 'site', delivery: { method: 'pickup' }, customer: '', sender: { name: '', phone: '' }, deliveryPrice: 0, total,
      lines: [{ id: 'rose', art: '1', name: 'Букет', image: '', count: 1, price: total, priceFactor: 1, sum: total }],
    };
    const payment = { id: `pay${Date.now()}transfer`, action: { kind: 'payment', status: 'paid', method: 'transfer' } } as const;
    const print = studioOrderReceipt(sale, payment, register.settings!);
    await writePayment(db.office, me, id, payment, print, (e) => {
      throw e;
    });
    expect(await printDue(db.office, register, { timeoutMs: 5000 })).toBe(1);
    expect(driver.tasks().filter((t) => t.uuid === counterPrintId(print!.id))).toHaveLength(1);

    network.online = true;
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const reason = 'Чек с кассы печатают только за наличные или карту в студии: оплату онлайн или переводом пробивает сервер';
    const [shown] = await firstValueFrom(counterPrints$(db.office, id).pipe(filter((ps) => ps[0]?.refused !== undefined)));
    expect(shown).toMatchObject({ state: 'printed', paymentRefused: false, refused: reason });
    expect(shown!.known).toBeUndefined();
    expect(printUnbacked(shown!)).toBe(true);
    expect(counterPrintLabel(shown!)).toBe('Оплата не принята сервером: чек напечатан, сверьте кассу');
    // The payment itself stands: the server applied it (only its print was not taken).
    const [command] = await firstValueFrom(orderCommands$(db.office, id).pipe(filter((cs) => cs[0]?.state !== 'pending')));
    expect(command).toMatchObject({ id: payment.id, state: 'applied' });
  }, 60_000);
});

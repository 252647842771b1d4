import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { call, demoPhones, signIn, startTestShop } from '../../server/testing/test-shop';
import { startAtolDriverStandIn } from '../../server/testing/atol-driver-stand-in';
import { nextDay, today } from '../../schema/shared/day';
import type { OfficeRecord } from '../../schema/shared/record';
import type { Product } from '../../schema/shop/product';
import { deliveryCost, deliverySlots, type Order } from '../../schema/studio/orders/order';
import { defaultShopSettings } from '../../schema/studio/site/shop-settings';
import { counterSoldId, onlineStepId, studioOrderDraft } from '../../schema/studio/orders/order-command';
import { counterPrintLabel, studioOrderReceipt, pickupPaymentPrintsOnDevice, pickupPaymentReceipt, printsOnDevice } from '../../schema/studio/receipts/counter-print';
import { orderOneBouquet } from '../../server/testing/order-rush';
import { driverUuid } from '../../schema/studio/receipts/atol-driver';
import type { CounterRegister, ReceiptView } from '../../schema/studio/receipts/receipt';
import { sendOrderCommand } from './order-commands';
import { printDue, printsOfOrder, queueCounterPrint } from './counter-prints';
import { deviceNetwork, openOfficeDevice, type OfficeDevice } from './testing/office-device';
import { replicate } from './sync/replicate';

/**
 * Issue 30, item 2: a counter sale recorded while the server is away is printed by the device itself through the
 * counter register's driver (the stand-in), and when its commands and the print reach the server, the server's queue
 * holds that receipt as registered under the same id: the register holds one document, the server never sends it.
 */
describe('a counter sale printed by the device while the server is away', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let db: OfficeDevice;
  let phoneDb: OfficeDevice | undefined;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let cookie: string;
  let network: ReturnType<typeof deviceNetwork>;

  beforeAll(async () => {
    driver = await startAtolDriverStandIn();
    shop = await startTestShop({ receiptsEveryMs: 100 });
    const admin = await signIn(shop.url, demoPhones.admin);
    const chosen = await call(shop.url, '/api/settings/receipts-update', { settings: { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' }, choice: { kind: 'atol-local', url: driver.url } }, admin);
    expect(chosen.status).toBe(200);
    cookie = await signIn(shop.url, demoPhones.florist);
    network = deviceNetwork(shop.url, cookie);
    db = await openOfficeDevice('counter-print');
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    await phoneDb?.close();
    network?.restore();
    await shop.close();
    await driver.close();
  });

  it('prints once at the register, the first try timing out, and the server registers it without sending it again', async () => {
    // Online, the device keeps the register's address and the receipt settings.
    const register = (await call<{ data: CounterRegister }>(shop.url, '/api/receipts/counter-register', {}, cookie)).body.data;
    expect(register.url).toBe(driver.url);
    const product = (await shop.shop.storage.db('catalog').allDocs<Product>({ include_docs: true })).rows.flatMap((r) => (r.doc ? [{ ...r.doc, id: r.id }] : [])).find((p) => p.price > 0 && p.count > 0 && p.itemType === 'bouquet')!;

    network.online = false;
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const id = `sale${Date.now()}abcdefgh`;
    const draft = studioOrderDraft.parse({ id, source: 'showcase', customer: { phone: '', name: '' }, sender: { phone: '', name: '' }, recipient: { phone: '', name: '' }, lines: [{ id: product.id, count: 2 }], delivery: { method: 'pickup' }, date: today(), slot: deliverySlots[deliverySlots.length - 1], payment: 'cash' });
    // Written as the device writes a payment it prints itself (`printedHere`): the server's queue waits for the print.
    const pay = { kind: 'payment', status: 'paid', method: 'cash', printedHere: true } as const;
    expect(printsOnDevice(draft, pay, false, register)).toBe(true);
    expect(printsOnDevice(draft, pay, true, register)).toBe(false);
    // A counter sale paid by transfer or «Онлайн» never passed the register: the server prints it, and refuses a device's print of it.
    expect(printsOnDevice(draft, { ...pay, method: 'transfer' }, false, register)).toBe(false);
    expect(printsOnDevice(draft, { ...pay, method: 'online' }, false, register)).toBe(false);
    await sendOrderCommand(db.office, demoPhones.florist, id, { kind: 'create', draft });
    const payId = await sendOrderCommand(db.office, demoPhones.florist, id, pay);

    const price = product.discountPrice ?? product.price;
    const sale: Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'source' | 'delivery'> = {
      id, number: 0, source: 'showcase', delivery: { method: 'pickup' }, customer: '', sender: { name: '', phone: '' }, deliveryPrice: 0, total: price * 2,
      lines: [{ id: product.id, art: product.art, name: product.name, image: '', count: 2, price, priceFactor: 1, sum: price * 2 }],
    };
    const receipt = studioOrderReceipt(sale, { id: payId, action: pay }, register.settings!)!;
    expect(receipt.id).toBe(`receipt:sale:${id}:${payId}`);
    const printId = await queueCounterPrint(db.office, demoPhones.florist, receipt);
    expect(printId).toBe(driverUuid(receipt.id));

    // The register takes the task, but its answer never comes: the device times out and tries again later.
    driver.stall(1);
    expect(await printDue(db.office, register, { timeoutMs: 500, pauseMs: 1 })).toBe(0);
    const [waiting] = await printsOfOrder(db.office, id);
    expect(waiting).toMatchObject({ state: 'queued', tries: 1, reason: 'касса не ответила вовремя' });
    await expect.poll(async () => printDue(db.office, register, { timeoutMs: 5000, pauseMs: 1, now: Date.now() + 60_000 }), { timeout: 10_000 }).toBe(1);
    const [printed] = await printsOfOrder(db.office, id);
    expect(counterPrintLabel(printed!)).toBe('Чек напечатан на кассе, ждёт сервер');
    expect(driver.tasks()).toHaveLength(1);
    const posts = driver.posts();

    // Back online: the commands and the print reach the server.
    network.online = true;
    await expect.poll(async () => (await printsOfOrder(db.office, id))[0]?.known, { timeout: 40_000, interval: 250 }).toBeTypeOf('number');
    expect(counterPrintLabel((await printsOfOrder(db.office, id))[0]!)).toMatch(/^Чек зарегистрирован \(ФП \d+\)$/);
    const listed = async () => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', { order: id }, cookie)).body.data.items;
    await expect.poll(async () => (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, cookie)).body.data.items.find((o) => o.id === id)?.paid?.status, { timeout: 40_000, interval: 250 }).toBe('paid');
    await expect.poll(async () => (await listed()).map((r) => [r.id, r.state]), { timeout: 10_000 }).toEqual([[receipt.id, 'registered']]);
    expect((await listed())[0]?.label).toBe(`Чек зарегистрирован (ФП ${printed!.fiscal!.sign})`);
    // The server never sent it: the register holds one document, and nothing came after the device's print.
    expect([driver.tasks().length, driver.posts()]).toEqual([1, posts]);
  }, 90_000);

  it('a payment on pickup recorded while the server is away (after the hand-over, also waiting) is printed once and registered, never sent again', async () => {
    const register = (await call<{ data: CounterRegister }>(shop.url, '/api/receipts/counter-register', {}, cookie)).body.data;
    // A customer's site order for pickup, paid at the counter: the device holds the board's copy with its history.
    const customer = '79440000871';
    const id = await orderOneBouquet(shop.url, customer);
    const order = (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, cookie)).body.data.items.find((o) => o.id === id)!;
    const pay = { kind: 'payment', status: 'paid', method: 'card', printedHere: true } as const;
    expect(pickupPaymentPrintsOnDevice(order, pay, false, register)).toBe(true);
    expect(pickupPaymentPrintsOnDevice(order, pay, true, register)).toBe(false);
    expect(pickupPaymentPrintsOnDevice(order, { ...pay, method: 'online' }, false, register)).toBe(false);
    expect(pickupPaymentPrintsOnDevice({ ...order, delivery: { method: 'courier', address: 'Тверская, 1' } }, pay, false, register)).toBe(false);

    network.online = false;
    sync ??= replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    // Handed over, then paid by card: the server will make a `sale` of the payment command.
    const done = { kind: 'status', from: order.status, to: 'done' } as const;
    const doneId = await sendOrderCommand(db.office, demoPhones.florist, id, done);
    const payId = await sendOrderCommand(db.office, demoPhones.florist, id, pay);
    const receipt = pickupPaymentReceipt(order, [{ id: doneId, action: done }], { id: payId, action: pay }, register.settings!)!;
    expect([receipt.id, receipt.content.kind, receipt.content.payment, receipt.content.total]).toEqual([`receipt:sale:${id}:${payId}`, 'sale', 'electronic', order.total * 100]);
    // Paid before the hand-over, it is a prepayment; an edit waiting before it, the device cannot know: the server prints it.
    expect(pickupPaymentReceipt(order, [], { id: payId, action: pay }, register.settings!)?.id).toBe(`receipt:prepayment:${id}:${payId}`);
    expect(pickupPaymentReceipt(order, [{ id: 'e1', action: { kind: 'edit', seenUpdatedAt: 0, comment: 'x' } }], { id: payId, action: pay }, register.settings!)).toBeNull();
    await queueCounterPrint(db.office, demoPhones.florist, receipt);
    const before = driver.tasks().length;
    expect(await printDue(db.office, register, { timeoutMs: 5000, pauseMs: 1 })).toBe(1);
    const [printed] = await printsOfOrder(db.office, id);
    expect(counterPrintLabel(printed!)).toBe('Чек напечатан на кассе, ждёт сервер');
    const posts = driver.posts();

    network.online = true;
    await expect.poll(async () => (await printsOfOrder(db.office, id))[0]?.known, { timeout: 40_000, interval: 250 }).toBeTypeOf('number');
    const listed = async () => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', { order: id }, cookie)).body.data.items;
    await expect.poll(async () => (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, cookie)).body.data.items.find((o) => o.id === id)?.paid?.status, { timeout: 40_000, interval: 250 }).toBe('paid');
    // The server's own receipt of that payment is the printed one: registered with its fiscal sign, one task at the register.
    await expect.poll(async () => (await listed()).map((r) => [r.id, r.state]), { timeout: 10_000 }).toEqual([[receipt.id, 'registered']]);
    expect((await listed())[0]?.label).toBe(`Чек зарегистрирован (ФП ${printed!.fiscal!.sign})`);
    await new Promise((r) => setTimeout(r, 500));
    expect([driver.tasks().length - before, driver.posts()]).toEqual([1, posts]);
  }, 90_000);

  it('a phone order taken while the server is away, paid in cash at the counter, is printed once under the id the server gives its receipt', async () => {
    // A manager's device this time (a phone order is a manager's to take): the florist's sync ends, the manager's begins.
    await sync?.cancel();
    sync = undefined;
    const manager = await signIn(shop.url, demoPhones.manager);
    network.restore();
    network = deviceNetwork(shop.url, manager);
    phoneDb = await openOfficeDevice('phone-order-print');
    const register = (await call<{ data: CounterRegister }>(shop.url, '/api/receipts/counter-register', {}, manager)).body.data;
    const product = (await shop.shop.storage.db('catalog').allDocs<Product>({ include_docs: true })).rows.flatMap((r) => (r.doc ? [{ ...r.doc, id: r.id }] : [])).find((p) => p.price > 0 && p.count > 0 && p.itemType === 'bouquet' && !p.sizable)!;

    network.online = false;
    sync = replicate(phoneDb.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const id = `phone${Date.now()}abcdefgh`;
    const customer = '79440000873';
    const draft = studioOrderDraft.parse({
      id, source: 'phone', customer: { phone: customer, name: 'Звонившая Мария' }, sender: { phone: customer, name: 'Звонившая Мария' }, recipient: { phone: '79550009999', name: 'Получатель' },
      lines: [{ id: product.id, count: 1 }], delivery: { method: 'courier', address: 'Тверская, 1' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'cash',
    });
    const pay = { kind: 'payment', status: 'paid', method: 'cash', printedHere: true } as const;
    // Money at the counter prints; a transfer is not money at the counter, and online the server prints it.
    expect(printsOnDevice(draft, pay, false, register)).toBe(true);
    expect(printsOnDevice(draft, { ...pay, method: 'transfer' }, false, register)).toBe(false);
    expect(printsOnDevice(draft, pay, true, register)).toBe(false);
    await sendOrderCommand(phoneDb.office, demoPhones.manager, id, { kind: 'create', draft });
    const payId = await sendOrderCommand(phoneDb.office, demoPhones.manager, id, pay);

    // Priced as the device shows the waiting order: the server creates it, then the payment brings the money before anything is handed over.
    const price = product.discountPrice ?? product.price;
    const deliveryPrice = deliveryCost('courier', price, defaultShopSettings);
    const taken: Parameters<typeof studioOrderReceipt>[0] = {
      id, number: 0, source: 'phone', delivery: draft.delivery, customer, sender: draft.sender, deliveryPrice, total: price + deliveryPrice,
      lines: [{ id: product.id, art: product.art, name: product.name, image: '', count: 1, price, priceFactor: 1, sum: price }],
    };
    const receipt = studioOrderReceipt(taken, { id: payId, action: pay }, register.settings!)!;
    expect([receipt.id, receipt.content.kind, receipt.content.payment, receipt.content.customer]).toEqual([`receipt:prepayment:${id}:${payId}`, 'prepayment', 'cash', { phone: `+${customer}` }]);
    await queueCounterPrint(phoneDb.office, demoPhones.manager, receipt);
    const before = driver.tasks().length;
    expect(await printDue(phoneDb.office, register, { timeoutMs: 5000, pauseMs: 1 })).toBe(1);
    const [printed] = await printsOfOrder(phoneDb.office, id);
    const posts = driver.posts();

    network.online = true;
    await expect.poll(async () => (await printsOfOrder(phoneDb!.office, id))[0]?.known, { timeout: 40_000, interval: 250 }).toBeTypeOf('number');
    await expect.poll(async () => (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, manager)).body.data.items.find((o) => o.id === id)?.paid?.status, { timeout: 40_000, interval: 250 }).toBe('paid');
    // The server's own receipt of that payment is the printed one: one receipt, registered with the printed sign, one task.
    const listed = async () => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', { order: id }, manager)).body.data.items;
    await expect.poll(async () => (await listed()).map((r) => [r.id, r.state]), { timeout: 10_000 }).toEqual([[receipt.id, 'registered']]);
    expect((await listed())[0]?.label).toBe(`Чек зарегистрирован (ФП ${printed!.fiscal!.sign})`);
    expect([driver.tasks().length - before, driver.posts()]).toEqual([1, posts]);
  }, 90_000);

  it('refuses a print that would mark another receipt registered: not under its task, not a sale of its order', async () => {
    const fiscal = { sign: '123', fn: '9999078900012345', number: '1', at: '2026-11-29T10:00:00' };
    const content = { kind: 'sale', order: 'a1b2c3d4e5f6g7h8', mode: 'full_payment', payment: 'cash', total: 350000, taxSystem: 'usn_income', customer: { email: 'shop@example.ru' }, items: [{ name: 'Букет', price: 350000, quantity: 1, sum: 350000, object: 'commodity', vat: 'none' }], company: { email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' } };
    const print = (receipt: string, kind = 'sale') => ({ data: { receipt, order: 'a1b2c3d4e5f6g7h8', content: { ...content, kind }, state: 'printed', tries: 1, nextAt: 0, fiscal } });
    const refused = async (body: unknown) => {
      const answer = await call<{ error: string }>(shop.url, '/api/counter-prints/update', body, cookie);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.error;
    };
    // YooKassa's prepayment (the server's own step), or one riding in a payment: the server would never send it.
    expect(await refused(print(`receipt:prepayment:a1b2c3d4e5f6g7h8:${onlineStepId('paid')}`, 'prepayment'))).toBe('Чек с кассы не относится к оплате этого заказа');
    expect(await refused({ data: { ...print('receipt:prepayment:a1b2c3d4e5f6g7h8:pay1', 'prepayment').data, content: { ...content, kind: 'prepayment', providerPayment: 'yk-1' } } })).toBe('Чек с кассы не относится к оплате этого заказа');
    // A refund, a counter sale's hand-over, another order's sale.
    expect(await refused(print('receipt:refund:a1b2c3d4e5f6g7h8:pay1', 'refund'))).toBe('Чек с кассы не относится к оплате этого заказа');
    expect(await refused(print(`receipt:sale:a1b2c3d4e5f6g7h8:${counterSoldId('a1b2c3d4e5f6g7h8')}`))).toBe('Чек с кассы не относится к оплате этого заказа');
    expect(await refused(print('receipt:sale:zzzzzzzzzzzzzzzz:pay1'))).toBe('Чек с кассы не относится к оплате этого заказа');
    // Its own sale or payment on pickup, but not under the driver's task of that receipt (the record API gives a new record its own id).
    expect(await refused(print('receipt:sale:a1b2c3d4e5f6g7h8:pay1'))).toBe('Чек с кассы записан не под своим номером задачи кассы');
    expect(await refused(print('receipt:prepayment:a1b2c3d4e5f6g7h8:pay1', 'prepayment'))).toBe('Чек с кассы записан не под своим номером задачи кассы');
  });
});

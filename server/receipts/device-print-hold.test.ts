import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterPrint } from '../../schema/entities/counter-print';
import { orderCommandEntity } from '../../schema/entities/order-command';
import { derivedFields } from '../../schema/shared/record';
import type { Order } from '../../schema/studio/orders/order';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import { driverKnowsTask, driverTask, driverUuid } from '../../schema/studio/receipts/atol-driver';
import { devicePrintedReceipt, devicePrintHoldMs, pickupPaymentReceipt, type CounterPrint } from '../../schema/studio/receipts/counter-print';
import { defaultReceiptSettings, receiptId, type Receipt, type ReceiptDraft } from '../../schema/studio/receipts/receipt';
import { startAtolDriverStandIn } from '../testing/atol-driver-stand-in';
import { orderOneBouquet } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { atolLocalProvider } from './atol-local';
import { receiptSender, receiptsOfOrder } from './receipts';

/**
 * Issue 30, item 2 «exactly once, offline too», and a receipt at the moment of settlement (54-FZ): a payment taken at
 * the counter while the server was away is printed by the staff device itself, and its command says so (`printedHere`,
 * decided as the device wrote it). The server's queue holds only such a receipt back, until the device's print record
 * marks it registered — whenever it comes — or `devicePrintHoldMs` after it was queued (stored time), then sends it, a
 * task the register already holds read from the driver and registered with its fiscal sign. Every other receipt goes to
 * the counter's register in the first round. The senders here are made afresh for each round (a restarted app server:
 * nothing but the stored receipt tells them what to hold); the shop's own sender runs once at start and then not within
 * the test.
 */
describe('the server holds back only a receipt whose payment’s device said it prints it at the counter’s register', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let florist: string;
  const settings = defaultReceiptSettings;

  beforeAll(async () => {
    driver = await startAtolDriverStandIn();
    shop = await startTestShop({ receiptsEveryMs: 60 * 60_000 });
    const admin = await signIn(shop.url, demoPhones.admin);
    const chosen = await call(shop.url, '/api/settings/receipts-update', { settings, choice: { kind: 'atol-local', url: driver.url } }, admin);
    expect(chosen.status).toBe(200);
    florist = await signIn(shop.url, demoPhones.florist);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await driver?.close();
  });

  type Payment = { id: string; action: Extract<OrderAction, { kind: 'payment' }> };
  /** A customer's pickup order, paid at the counter (`printedHere`: the device prints it): the receipt the device would print and the server will queue. */
  const paidAtCounter = async (customer: string, printedHere: boolean, method: 'cash' | 'card' = 'card') => {
    const id = await orderOneBouquet(shop.url, customer);
    const order = (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
    const payment: Payment = { id: `pay${crypto.randomUUID().replaceAll('-', '')}`, action: { kind: 'payment', status: 'paid', method, ...(printedHere ? { printedHere } : {}) } };
    const receipt = pickupPaymentReceipt(order, [], payment, settings)!;
    expect(receipt.id).toBe(`receipt:prepayment:${id}:${payment.id}`);
    return { id, payment, receipt };
  };
  /** The device's print at the register: its task under the receipt's uuid; answers the register's fiscal sign. */
  const printAtRegister = async (receipt: ReceiptDraft) => {
    const uuid = driverUuid(receipt.id);
    const posted = await fetch(`${driver.url}/api/v2/requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid, request: [driverTask(receipt.content)] }) });
    expect(posted.status).toBe(201);
    await fetch(`${driver.url}/api/v2/requests/${uuid}`);
    const f = driver.tasks().find((t) => t.uuid === uuid)!.fiscal!;
    return { sign: f.fiscalDocumentSign, fn: f.fnNumber, number: String(f.fiscalDocumentNumber), at: f.fiscalDocumentDateTime };
  };
  const queued = async (id: string) =>
    expect.poll(async () => (await receiptsOfOrder(shop.shop.storage, id)).map((r) => r.state), { timeout: 10_000, interval: 50 }).toEqual(['queued']);
  /** The payment's command reaches the server through /api (the server queues its receipt). */
  const commandArrives = async (id: string, payment: Payment) => {
    expect((await call(shop.url, '/api/orders/command', { id: payment.id, order: id, action: payment.action }, florist)).status).toBe(200);
    await queued(id);
  };
  /** The same command pushed by the device's office sync through /db (the other write path). */
  const commandPushed = async (id: string, payment: Payment) => {
    const now = Date.now();
    const data = { order: id, action: payment.action };
    const doc = { _id: payment.id, type: orderCommandEntity.type, ...derivedFields(orderCommandEntity, data), createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data };
    const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    expect(((await pushed.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
    await queued(id);
  };
  /** The device's print record reaches the server, as its office sync pushes it. */
  const printArrives = async (id: string, receipt: ReceiptDraft, fiscal: NonNullable<CounterPrint['fiscal']> | 'failed') => {
    const now = Date.now();
    const outcome = fiscal === 'failed' ? ({ state: 'failed', reason: 'касса не приняла чек (ответ 400)' } as const) : ({ state: 'printed', fiscal } as const);
    const data: CounterPrint = { receipt: receipt.id, order: id, content: receipt.content, tries: 1, nextAt: now, ...outcome };
    const doc = { _id: driverUuid(receipt.id), type: counterPrint.type, ...derivedFields(counterPrint, data), createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data };
    const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    expect(((await pushed.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
  };
  /** One round of a freshly started app server's sender at `now`, with the production limit. */
  const roundAt = (now: number) => receiptSender(shop.shop.storage, atolLocalProvider({ url: driver.url, timeoutMs: 5000 }), 100).round(now);
  const stored = async (id: string): Promise<Receipt> => (await receiptsOfOrder(shop.shop.storage, id))[0]!;
  const tasksOf = (receipt: ReceiptDraft) => driver.tasks().filter((t) => t.uuid === driverUuid(receipt.id));

  it('a cash payment no device printed goes to the counter’s register in the first round: the customer waits for nothing', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000961', false, 'cash');
    const posts = driver.posts();
    await commandArrives(id, payment);
    const queuedAt = (await stored(id)).createdAt;
    expect((await stored(id)).devicePrint).toBeUndefined();
    await roundAt(queuedAt);
    expect(driver.posts()).toBe(posts + 1);
    const sent = await stored(id);
    expect([sent.state, sent.fiscal?.sign]).toEqual(['registered', tasksOf(receipt)[0]!.fiscal!.fiscalDocumentSign]);
  });

  it('marked printed on the device, pushed through /db: held however long its print takes, and never sent once the print arrives', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000962', true);
    const fiscal = await printAtRegister(receipt);
    const posts = driver.posts();
    await commandPushed(id, payment);
    const queuedAt = (await stored(id)).createdAt;
    expect((await stored(id)).devicePrint).toBe(true);
    // The device stays offline for hours: two app servers' rounds all the while hold the receipt back.
    await Promise.all([roundAt(queuedAt), roundAt(queuedAt)]);
    // Held, it leaves the due listing until its hold ends: a round reads 200, and those due now come first.
    expect((await stored(id)).nextAt).toBe(queuedAt + devicePrintHoldMs);
    await roundAt(queuedAt + 3 * 60 * 60_000);
    await roundAt(queuedAt + devicePrintHoldMs - 1);
    expect([driver.posts(), (await stored(id)).state]).toEqual([posts, 'queued']);

    await printArrives(id, receipt, fiscal);
    await expect.poll(async () => (await stored(id)).state, { timeout: 10_000, interval: 50 }).toBe('registered');
    expect((await stored(id)).fiscal).toEqual(fiscal);
    // Past the limit nothing is left to send: one task, nothing posted after the device's print.
    await roundAt(queuedAt + devicePrintHoldMs + 1000);
    expect([driver.posts(), tasksOf(receipt).length]).toEqual([posts, 1]);
  });

  it('marked printed on the device, its print never comes: sent once the limit from when it was queued is over, once by two app servers', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000963', true);
    const posts = driver.posts();
    await commandArrives(id, payment);
    const queuedAt = (await stored(id)).createdAt;
    expect((await stored(id)).devicePrint).toBe(true);
    await Promise.all([roundAt(queuedAt + devicePrintHoldMs - 1), roundAt(queuedAt + devicePrintHoldMs - 1)]);
    expect(driver.posts()).toBe(posts);
    await Promise.all([roundAt(queuedAt + devicePrintHoldMs), roundAt(queuedAt + devicePrintHoldMs)]);
    expect(driver.posts()).toBe(posts + 1);
    const sent = await stored(id);
    const [task] = tasksOf(receipt);
    expect([sent.state, sent.fiscal?.sign]).toEqual(['registered', task!.fiscal!.fiscalDocumentSign]);
  });

  it('marked printed on the device, the register refused the device’s print: the server sends it at once, not after the limit', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000965', true);
    const posts = driver.posts();
    await commandArrives(id, payment);
    const queuedAt = (await stored(id)).createdAt;
    await roundAt(queuedAt);
    expect(driver.posts()).toBe(posts);
    await printArrives(id, receipt, 'failed');
    await expect.poll(async () => (await stored(id)).devicePrint, { timeout: 10_000, interval: 50 }).toBeUndefined();
    expect((await stored(id)).nextAt).toBeLessThanOrEqual(Date.now());
    await roundAt(Date.now());
    expect(driver.posts()).toBe(posts + 1);
    expect((await stored(id)).state).toBe('registered');
  });

  it('a device printed without saying so (an older build): the server’s send asks the register first, finds the task and registers it with that fiscal sign, posting nothing', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000964', false);
    const fiscal = await printAtRegister(receipt);
    const posts = driver.posts();
    await commandArrives(id, payment);
    await roundAt(Date.now());
    // The register was asked for the task before any post, named it, and its result was read: nothing posted again.
    expect(driver.posts()).toBe(posts);
    const sent = await stored(id);
    expect([sent.state, sent.fiscal, sent.reason]).toEqual(['registered', fiscal, undefined]);
    expect(tasksOf(receipt)).toHaveLength(1);
    // The print's record then arrives: nothing changes, the device is told the server knows it.
    await printArrives(id, receipt, fiscal);
    await expect.poll(async () => ((await (await fetch(`${shop.url}/db/office/${driverUuid(receipt.id)}`, { headers: { cookie: florist } })).json()) as { data: CounterPrint }).data.known, { timeout: 10_000, interval: 50 }).toBeTypeOf('number');
    expect((await stored(id)).fiscal).toEqual(fiscal);
    // A driver that says so in words rather than by 409 is read the same way; any other refusal is not.
    expect(driverKnowsTask(400, { error: { code: 400, description: 'Задание с таким uuid уже существует' } })).toBe(true);
    expect(driverKnowsTask(400, { error: { code: 400, description: 'Неверный формат задания' } })).toBe(false);
    // A mark holds only the receipt of its own command, and only one a device may print (not a refund, nor another command's).
    expect(devicePrintedReceipt(receipt.id, receipt.content, payment.id)).toBe(true);
    expect(devicePrintedReceipt(receipt.id, receipt.content, 'another-command-1')).toBe(false);
    const refund = receiptId('refund', id, payment.id);
    expect(devicePrintedReceipt(refund, { ...receipt.content, kind: 'refund' }, payment.id)).toBe(false);
  });
});

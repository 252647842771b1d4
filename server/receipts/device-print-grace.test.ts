import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterPrint } from '../../schema/entities/counter-print';
import { derivedFields } from '../../schema/shared/record';
import type { Order } from '../../schema/studio/orders/order';
import { driverKnowsTask, driverTask, driverUuid } from '../../schema/studio/receipts/atol-driver';
import { pickupPaymentReceipt, type CounterPrint } from '../../schema/studio/receipts/counter-print';
import { defaultReceiptSettings, type Receipt, type ReceiptDraft } from '../../schema/studio/receipts/receipt';
import { startAtolDriverStandIn } from '../testing/atol-driver-stand-in';
import { orderOneBouquet } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { atolLocalProvider } from './atol-local';
import { receiptSender, receiptsOfOrder } from './receipts';

/**
 * Issue 30, item 2 «exactly once, offline too»: a payment taken at the counter while the server was away is printed by
 * the staff device itself, and its command and its print record reach the server in the same sync, either first. The
 * server's queue holds such a receipt back for a grace after it was queued (stored time), so a print arriving meanwhile
 * marks it registered and the server never sends it; after the grace it sends it, and a task the register already holds
 * is read from the driver and registered with its fiscal sign. The senders here are made afresh for each round (a
 * restarted app server: nothing but the stored receipt tells them when it was queued); the shop's own sender is given a
 * grace longer than the test.
 */
describe('a receipt a staff device may have printed waits a grace before the server sends it to the counter’s register', () => {
  const graceMs = 60_000;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let florist: string;
  const settings = defaultReceiptSettings;

  beforeAll(async () => {
    driver = await startAtolDriverStandIn();
    shop = await startTestShop({ receiptsEveryMs: 100, receiptsDeviceGraceMs: 10 * 60_000 });
    const admin = await signIn(shop.url, demoPhones.admin);
    const chosen = await call(shop.url, '/api/settings/receipts-update', { settings, choice: { kind: 'atol-local', url: driver.url } }, admin);
    expect(chosen.status).toBe(200);
    florist = await signIn(shop.url, demoPhones.florist);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await driver?.close();
  });

  /** A customer's pickup order, paid by card at the counter: the receipt the device would print and the server will queue. */
  const paidAtCounter = async (customer: string) => {
    const id = await orderOneBouquet(shop.url, customer);
    const order = (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
    const payment = { id: `pay${crypto.randomUUID().replaceAll('-', '')}`, action: { kind: 'payment', status: 'paid', method: 'card' } as const };
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
  /** The payment's command reaches the server (the server queues its receipt). */
  const commandArrives = async (id: string, payment: { id: string; action: object }) => {
    expect((await call(shop.url, '/api/orders/command', { id: payment.id, order: id, action: payment.action }, florist)).status).toBe(200);
    await expect.poll(async () => (await receiptsOfOrder(shop.shop.storage, id)).map((r) => r.state), { timeout: 10_000, interval: 50 }).toEqual(['queued']);
  };
  /** The device's print record reaches the server, as its office sync pushes it. */
  const printArrives = async (id: string, receipt: ReceiptDraft, fiscal: NonNullable<CounterPrint['fiscal']>) => {
    const now = Date.now();
    const data: CounterPrint = { receipt: receipt.id, order: id, content: receipt.content, state: 'printed', tries: 1, nextAt: now, fiscal };
    const doc = { _id: driverUuid(receipt.id), type: counterPrint.type, ...derivedFields(counterPrint, data), createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data };
    const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    expect(((await pushed.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
  };
  /** One round of a freshly started app server's sender at `now`. */
  const roundAt = (now: number) => receiptSender(shop.shop.storage, atolLocalProvider({ url: driver.url, timeoutMs: 5000 }), 100, { devicePrintGraceMs: graceMs }).round(now);
  const stored = async (id: string): Promise<Receipt> => (await receiptsOfOrder(shop.shop.storage, id))[0]!;

  it('the command first, a round, then the print: the server never sends it, one task at the register, registered with the printed sign', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000961');
    const fiscal = await printAtRegister(receipt);
    const posts = driver.posts();
    await commandArrives(id, payment);
    // The server's queue runs between the two: within the grace it holds the receipt back.
    await roundAt(Date.now());
    await roundAt(Date.now() + 1000);
    expect([driver.posts(), (await stored(id)).state]).toEqual([posts, 'queued']);

    await printArrives(id, receipt, fiscal);
    await expect.poll(async () => (await stored(id)).state, { timeout: 10_000, interval: 50 }).toBe('registered');
    expect((await stored(id)).fiscal).toEqual(fiscal);
    // Past the grace nothing is left to send: one task, nothing posted after the device's print.
    await roundAt(Date.now() + graceMs + 1000);
    expect([driver.posts(), driver.tasks().filter((t) => t.uuid === driverUuid(receipt.id)).length]).toEqual([posts, 1]);
  });

  it('the print never comes: the server sends it itself once the grace from when it was queued is over', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000962');
    const posts = driver.posts();
    await commandArrives(id, payment);
    const queuedAt = (await stored(id)).createdAt;
    // Two app servers alike: both hold it back until the grace is over, then one of them (the lease) sends it, once.
    await Promise.all([roundAt(queuedAt + graceMs - 1), roundAt(queuedAt + graceMs - 1)]);
    expect(driver.posts()).toBe(posts);
    await Promise.all([roundAt(queuedAt + graceMs), roundAt(queuedAt + graceMs)]);
    expect(driver.posts()).toBe(posts + 1);
    const sent = await stored(id);
    const [task] = driver.tasks().filter((t) => t.uuid === driverUuid(receipt.id));
    expect([sent.state, sent.fiscal?.sign]).toEqual(['registered', task!.fiscal!.fiscalDocumentSign]);
  });

  it('the device printed but its record is late: the server’s send finds the task at the register (409) and registers it with that fiscal sign', async () => {
    const { id, payment, receipt } = await paidAtCounter('79440000963');
    const fiscal = await printAtRegister(receipt);
    const posts = driver.posts();
    await commandArrives(id, payment);
    await roundAt(Date.now() + graceMs);
    // The register was asked once more, answered that it holds the task, and its result was read.
    expect(driver.posts()).toBe(posts + 1);
    const sent = await stored(id);
    expect([sent.state, sent.fiscal, sent.reason]).toEqual(['registered', fiscal, undefined]);
    expect(driver.tasks().filter((t) => t.uuid === driverUuid(receipt.id))).toHaveLength(1);
    // The print's record then arrives: nothing changes, the device is told the server knows it.
    await printArrives(id, receipt, fiscal);
    await expect.poll(async () => ((await (await fetch(`${shop.url}/db/office/${driverUuid(receipt.id)}`, { headers: { cookie: florist } })).json()) as { data: CounterPrint }).data.known, { timeout: 10_000, interval: 50 }).toBeTypeOf('number');
    expect((await stored(id)).fiscal).toEqual(fiscal);
    // A driver that says so in words rather than by 409 is read the same way; any other refusal is not.
    expect(driverKnowsTask(400, { error: { code: 400, description: 'Задание с таким uuid уже существует' } })).toBe(true);
    expect(driverKnowsTask(400, { error: { code: 400, description: 'Неверный формат задания' } })).toBe(false);
  });
});

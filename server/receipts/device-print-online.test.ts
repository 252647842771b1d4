import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterPrintId } from '../../schema/studio/receipts/counter-print';
import type { Receipt } from '../../schema/studio/receipts/receipt';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { orderOneBouquet } from '../testing/order-rush';
import { until } from '../testing/until';
import { receiptsOfOrder } from './receipts';

/**
 * Issue 30: a staff payment «Онлайн» (money taken online elsewhere: a link, a bank transfer) never passed the counter,
 * so no device prints its receipt and the server does not take a device's word that it did — on either write path. The
 * print is kept and the server writes back why (`refused`: the device says its paper is not in the books); the receipt
 * stays in the server's queue, for the admin's register; a card payment's print is believed as before.
 */
describe('a device’s print of a payment taken online elsewhere', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let manager: string;
  let florist: string;
  const fiscal = { sign: '4242', fn: '9999078900012345', number: '7', at: '2026-11-29T10:00:00' };
  beforeAll(async () => {
    shop = await startTestShop({ receiptsEveryMs: 100 });
    [manager, florist] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
  }, 60_000);
  afterAll(() => shop?.close());

  /** An order paid by staff with `method`, and the receipt the server queued for that payment. */
  const paidBy = async (method: 'online' | 'card') => {
    const id = await orderOneBouquet(shop.url, '79440000931');
    const pay = `pay-${crypto.randomUUID()}`;
    expect((await call(shop.url, '/api/orders/command', { id: pay, order: id, action: { kind: 'payment', status: 'paid', method } }, manager)).status).toBe(200);
    const [receipt] = await receiptsOfOrder(shop.shop.storage, id);
    expect(receipt).toMatchObject({ id: `receipt:prepayment:${id}:${pay}`, content: { payment: 'electronic' } });
    return { id, receipt: receipt! };
  };
  const printOf = (r: Receipt, state: 'queued' | 'printed' = 'printed') =>
    ({ receipt: r.id, order: r.content.order, content: r.content, state, tries: 1, nextAt: 0, ...(state === 'printed' ? { fiscal } : {}) });
  const now = Date.now();
  const push = async (r: Receipt, state: 'queued' | 'printed' = 'printed') => {
    const doc = { _id: counterPrintId(r.id), type: 'counterPrint', v: 1, title: `Чек с кассы: ${r.content.order}`, createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data: printOf(r, state) };
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    return ((await res.json()) as { ok?: boolean; reason?: string }[])[0];
  };
  /** What the server wrote back into the print's record: `refused` (why it does not take it) or `known`. */
  const saidOf = async (r: Receipt) => {
    const doc = (await (await fetch(`${shop.url}/db/office/${counterPrintId(r.id)}`, { headers: { cookie: florist } })).json()) as { data?: { refused?: string; known?: number } };
    return { refused: doc.data?.refused, known: doc.data?.known };
  };

  it('is kept but never registered, on a device’s push and on the record API: the server writes back why, and keeps the receipt to send', async () => {
    const reason = 'Чек с кассы печатают только за наличные или карту в студии: оплату онлайн или переводом пробивает сервер';
    // Pushed through /db/office: stored (the register did print it, the device keeps saying so), marked refused.
    const pushed = await paidBy('online');
    expect(await push(pushed.receipt)).toMatchObject({ ok: true });
    expect(await until(() => saidOf(pushed.receipt), (s) => s.refused !== undefined)).toEqual({ refused: reason, known: undefined });
    // Its outcome written on the record API (that path changes a print the device pushed queued): the same.
    const onApi = await paidBy('online');
    expect(await push(onApi.receipt, 'queued')).toMatchObject({ ok: true });
    const answer = await call(shop.url, '/api/counter-prints/update', { id: counterPrintId(onApi.receipt.id), updatedAt: now, data: printOf(onApi.receipt) }, florist);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await until(() => saidOf(onApi.receipt), (s) => s.refused !== undefined)).toEqual({ refused: reason, known: undefined });
    for (const { id } of [pushed, onApi]) {
      const [kept] = await receiptsOfOrder(shop.shop.storage, id);
      expect([kept!.state, kept!.fiscal]).toEqual(['queued', undefined]);
    }
  }, 60_000);

  it('a card payment’s print is still taken: the receipt is registered with the register’s sign', async () => {
    const { id, receipt } = await paidBy('card');
    expect(await push(receipt)).toMatchObject({ ok: true });
    const [registered] = await receiptsOfOrder(shop.shop.storage, id);
    expect([registered!.state, registered!.fiscal?.sign]).toEqual(['registered', fiscal.sign]);
    expect((await until(() => saidOf(receipt), (s) => s.known !== undefined)).refused).toBeUndefined();
  }, 60_000);
});

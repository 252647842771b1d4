import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterPrintId } from '../../schema/studio/receipts/counter-print';
import type { Receipt } from '../../schema/studio/receipts/receipt';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { orderOneBouquet } from '../testing/order-rush';
import { receiptsOfOrder } from './receipts';

/**
 * Issue 30: a staff payment «Онлайн» (money taken online elsewhere: a link, a bank transfer) never passed the counter,
 * so no device prints its receipt and the server does not take a device's word that it did — on either write path. Its
 * receipt stays in the server's queue, for the admin's register; a card payment's print is believed as before.
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
  const printOf = (r: Receipt) => ({ receipt: r.id, order: r.content.order, content: r.content, state: 'printed', tries: 1, nextAt: 0, fiscal });
  const push = async (r: Receipt) => {
    const now = Date.now();
    const doc = { _id: counterPrintId(r.id), type: 'counterPrint', v: 1, title: `Чек с кассы: ${r.content.order}`, createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data: printOf(r) };
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    return ((await res.json()) as { ok?: boolean; reason?: string }[])[0];
  };

  it('is refused on a device’s push and on the record API, and the server’s queue keeps the receipt to send', async () => {
    const { id, receipt } = await paidBy('online');
    const reason = 'Чек с кассы печатают только за наличные или карту в студии: оплату онлайн или переводом пробивает сервер';
    expect(await push(receipt)).toMatchObject({ reason });
    const answer = await call<{ error: string }>(shop.url, '/api/counter-prints/update', { data: printOf(receipt) }, florist);
    expect([answer.status, answer.body.error]).toEqual([400, reason]);
    const [kept] = await receiptsOfOrder(shop.shop.storage, id);
    expect([kept!.state, kept!.fiscal]).toEqual(['queued', undefined]);
  }, 60_000);

  it('a card payment’s print is still taken: the receipt is registered with the register’s sign', async () => {
    const { id, receipt } = await paidBy('card');
    expect(await push(receipt)).toMatchObject({ ok: true });
    const [registered] = await receiptsOfOrder(shop.shop.storage, id);
    expect([registered!.state, registered!.fiscal?.sign]).toEqual(['registered', fiscal.sign]);
  }, 60_000);
});

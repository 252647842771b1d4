import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles } from '../../schema/shared/money';
import type { Order } from '../../schema/studio/orders/order';
import type { RefundView } from '../../schema/studio/orders/order-refund';
import type { Product } from '../../schema/shop/product';
import type { Receipt } from '../../schema/studio/receipts/receipt';
import { receiptsOfOrder } from '../receipts/receipts';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn, type YookassaStandIn } from '../testing/yookassa-stand-in';
import { paidOnline as payOnline } from '../testing/paid-online';
import { refundKey, refundsOfOrder, type Refund } from './refunds';

const customer = '79440000801';

const until = async <T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  let v = await what();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await what();
  }
  return v;
};
const settled = (rs: Refund[]) => rs.length > 0 && rs.every((r) => r.refundState === 'succeeded' || r.refundState === 'refused');

describe('refunds through YooKassa (issue 30)', () => {
  let yk: YookassaStandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let manager: string;
  let bouquet: Product;
  const send = (order: string, action: object, cookie = manager, id = `cmd-${crypto.randomUUID()}`) =>
    call<{ error?: string }>(shop.url, '/api/orders/command', { id, order, action }, cookie);
  const orderOf = (id: string) => shop.shop.storage.db('orders').get<Order>(id);
  const refundsAtYookassa = (payment: string) => [...yk.refunds.values()].filter((r) => r.payment_id === payment);

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    // Receipts through YooKassa too: a refund carries its refund receipt. A short wait, so a late answer is a timeout.
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receipts: { provider: 'yookassa', timeoutMs: 400 }, receiptsEveryMs: 100 });
    [me, manager] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.manager)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const found = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3).sort((x, y) => x.price - y.price)[0]!;
    const { updatedAt: _u, ...rest } = found;
    bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, count: 500 }, manager)).body.data;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await yk?.close();
  });

  /** An order paid online at the stand-in: its id, YooKassa's payment and the command that recorded the payment. */
  const paidOnline = async () => {
    const { id, payment } = await payOnline(shop.url, yk, me, { id: `rfd-${crypto.randomUUID()}`, bouquet: bouquet.id, count: 2, customer, recipient: '79440000809' });
    const o = await orderOf(id);
    const paidBy = o.history!.find((h) => h.what && 'paid' in h.after)!.command;
    return { id, payment, paidBy, total: o.total };
  };

  it('a paid order cancelled: one refund of the whole payment, also when YooKassa answered 500 and then too late (the same key each time); its refund receipt went with it', async () => {
    const { id, payment, total } = await paidOnline();
    yk.troubleRefunds('5xx', 'timeout');
    const before = yk.refundRequests.length;
    expect((await send(id, { kind: 'status', from: 'new', to: 'cancelled', reason: 'Передумали' })).status).toBe(200);
    const rs = await until(() => refundsOfOrder(shop.shop.storage, id), settled);
    expect(rs.map((r) => [r.refundState, r.refund.amount, r.refund.payment])).toEqual([['succeeded', total, payment]]);
    // Three requests (500, late, answered), one key, one refund at YooKassa.
    const requests = yk.refundRequests.slice(before);
    expect(requests.length).toBe(3);
    expect(new Set(requests.map((r) => r.key))).toEqual(new Set([refundKey(rs[0]!.id)]));
    expect(refundsAtYookassa(payment).map((r) => [r.status, r.amount.value])).toEqual([['succeeded', `${total}.00`]]);
    expect(rs[0]!.providerId).toBe(refundsAtYookassa(payment)[0]!.id);
    // The refund receipt came with the refund (YooKassa made it), and the queue read it rather than sending another.
    const receipts = await until(() => receiptsOfOrder(shop.shop.storage, id), (x: Receipt[]) => x.length === 2 && x.every((r) => r.state === 'registered'));
    expect(receipts.map((r) => [r.content.kind, r.state, r.content.inPayment])).toEqual([['prepayment', 'registered', true], ['refund', 'registered', true]]);
    expect([...yk.receipts.values()].filter((r) => r.payment_id === payment).map((r) => r.type)).toEqual(['payment', 'refund']);
    // The command sent again (a device's retry) changes nothing.
    await new Promise((r) => setTimeout(r, 400));
    expect(refundsAtYookassa(payment)).toHaveLength(1);
    // Staff read its state in Russian on the order page.
    const list = await call<{ data: { refunds?: RefundView[] } }>(shop.url, '/api/receipts/list', { order: id }, manager);
    expect(list.body.data.refunds?.map((r) => r.label)).toEqual([`Деньги возвращены через ЮKassa: ${formatRoubles(total)}`]);
  }, 60_000);

  it('«Вернуть деньги» twice in part, then a cancellation: the refunds together are the payment, never more; more than is left is refused in Russian', async () => {
    const { id, payment, paidBy, total } = await paidOnline();
    expect((await send(id, { kind: 'refund', payment: paidBy, amount: 100 })).status).toBe(200);
    expect((await send(id, { kind: 'refund', payment: paidBy, amount: 50 })).status).toBe(200);
    const tooMuch = await send(id, { kind: 'refund', payment: paidBy, amount: total });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toBe(`Вернуть можно не больше ${formatRoubles(total - 150)}: по этой оплате получено ${formatRoubles(total)}, возвращено ${formatRoubles(150)}`);
    expect((await send(id, { kind: 'status', from: 'new', to: 'cancelled', reason: 'Передумали' })).status).toBe(200);
    const rs = await until(() => refundsOfOrder(shop.shop.storage, id), (x) => x.length === 3 && settled(x));
    expect(rs.map((r) => [r.refundState, r.refund.amount])).toEqual([['succeeded', 100], ['succeeded', 50], ['succeeded', total - 150]]);
    expect(refundsAtYookassa(payment).reduce((t, r) => t + Number(r.amount.value), 0)).toBe(total);
  }, 60_000);

  it('a refund YooKassa cancels is shown refused with its reason in Russian', async () => {
    const { id, paidBy } = await paidOnline();
    yk.troubleRefunds('cancel');
    expect((await send(id, { kind: 'refund', payment: paidBy, amount: 100 })).status).toBe(200);
    const rs = await until(() => refundsOfOrder(shop.shop.storage, id), settled);
    expect(rs.map((r) => [r.refundState, r.reason])).toEqual([['refused', 'ЮKassa отменила возврат: на балансе магазина в ЮKassa не хватает денег']]);
    const list = await call<{ data: { refunds?: RefundView[] } }>(shop.url, '/api/receipts/list', { order: id }, manager);
    expect(list.body.data.refunds?.map((r) => r.label)).toEqual([`Возврат ${formatRoubles(100)} не прошёл: ЮKassa отменила возврат: на балансе магазина в ЮKassa не хватает денег`]);
    // The refund receipt it carried will never be made: it fails with the reason rather than waiting for ever.
    const receipts = await until(() => receiptsOfOrder(shop.shop.storage, id), (x: Receipt[]) => x.length === 2 && x[1]!.state === 'failed');
    expect(receipts.map((r) => [r.content.kind, r.state])).toEqual([['prepayment', 'registered'], ['refund', 'failed']]);
  }, 60_000);

  it('YooKassa (its stand-in) refuses a refund larger than what is left of the payment, and the shop says so in Russian', async () => {
    const { payment, total } = await paidOnline();
    const { yookassa } = await import('./yookassa');
    const api = yookassa({ shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl });
    const answer = await api.refund({ key: `k-${crypto.randomUUID()}`, payment, amount: total + 1, description: 'Возврат' });
    expect(answer).toEqual({ kind: 'refused', reason: 'ЮKassa отказала: Refund amount exceeds the amount available for refund' });
    expect(refundsAtYookassa(payment)).toHaveLength(0);
  }, 60_000);
});

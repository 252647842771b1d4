import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Order } from '../../schema/studio/orders/order';
import type { PaymentAnswer, PaymentOffer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import { orderCommands } from '../orders/order-commands';
import { orderService } from '../orders/order-service';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn, type YookassaStandIn } from '../testing/yookassa-stand-in';
import { onlinePayments } from './online-payments';

const customer = '79440000501';
const other = '79440000502';
let seq = 0;
const draftId = () => `pay-draft-${String(++seq).padStart(8, '0')}`;
const holdMs = 30 * 60_000;

type Answer = { data: PaymentAnswer; error?: string };

describe('online payment (YooKassa stand-in)', () => {
  let yk: YookassaStandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let them: string;
  let florist: string;
  let bouquet: Product;
  const draft = (id = draftId()) => ({
    id,
    lines: [{ id: bouquet.id, count: 2 }],
    sender: { name: 'Анна', phone: customer },
    recipient: { name: 'Ольга', phone: '79440000509' },
    delivery: { method: 'pickup' },
    date: nextDay(today()),
    slot: '12:00–15:00',
    payment: 'card',
  });
  const start = (body: object, cookie = me) => call<Answer>(shop.url, '/api/payments/start', body, cookie);
  const payNow = (method = 'bank_card') => {
    const d = draft();
    return start({ order: d.id, method, draft: d });
  };
  const check = (order: string, cookie = me) => call<Answer>(shop.url, '/api/payments/check', { order }, cookie);
  const notify = (body: unknown) => call<{ ok?: boolean; state?: string; error?: string }>(shop.url, '/api/payments/notification', body);
  const stored = async (id: string) =>
    (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
  const countOf = async () => (await call<{ data: Product }>(shop.url, '/api/items/get', { id: bouquet.id })).body.data.count;
  const paidEntries = (o: Order) => (o.history ?? []).filter((h) => h.command === 'online-paid').length;
  /** The sweep every app server runs, as if the hold had run out. */
  const sweepLater = () => {
    const orders = orderService(shop.shop);
    return onlinePayments(shop.shop, orders, orderCommands(shop.shop, orders)).sweep(Date.now() + holdMs + 60_000);
  };

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, onlineHoldMs: holdMs });
    yk.notifyTo(`${shop.url}/api/payments/notification`);
    [me, them, florist] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, other), signIn(shop.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const found = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3)!;
    const { updatedAt: _u, ...rest } = found;
    bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, count: 200 }, florist)).body.data;
  });
  afterAll(async () => {
    await shop?.close();
    await yk?.close();
  });

  it('offers online payment when the keys are set', async () => {
    const offer = await call<{ data: PaymentOffer }>(shop.url, '/api/payments/offer', undefined, undefined, 'GET');
    expect(offer.body.data).toEqual({ online: true, holdMinutes: 30 });
  });

  it('places the order holding its stock, waiting for a payment created at the provider with the server total', async () => {
    const before = await countOf();
    const started = await payNow('sbp');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { order, state, confirmationUrl } = started.body.data;
    expect(state).toBe('pending');
    expect(confirmationUrl).toMatch(new RegExp(`^${yk.url}/checkout/`));
    expect(await countOf()).toBe(before - 2);
    expect(order.online).toMatchObject({ method: 'sbp', status: 'pending', tries: 1 });
    const p = yk.payments.get(order.online!.payment!)!;
    expect(p.amount).toEqual({ value: `${order.total}.00`, currency: 'RUB' });
    expect(p.metadata).toEqual({ orderId: order.id });
    expect(p.payment_method.type).toBe('sbp');
    expect(p.confirmation.return_url).toBe(`${shop.url.replace('127.0.0.1', 'localhost')}/orders/thank-you?order=${order.id}`);
    // The same request again (two taps, a retry) reuses the payment under way.
    const again = await start({ order: order.id, method: 'sbp', draft: draft(order.id) });
    expect(again.body.data.confirmationUrl).toBe(confirmationUrl);
    expect([...yk.payments.values()].filter((x) => x.metadata?.orderId === order.id)).toHaveLength(1);
  });

  it('marks the order paid once from the provider\'s notification, even sent twice and followed by an out-of-order one', async () => {
    const { order } = (await payNow()).body.data;
    yk.notifyTo(`${shop.url}/api/payments/notification`, 2);
    await yk.pay(order.online!.payment!);
    yk.notifyTo(`${shop.url}/api/payments/notification`, 1);
    expect(yk.sent.slice(-2).map((s) => s.status)).toEqual([200, 200]);
    // A late «canceled» and «waiting_for_capture» for the same payment: the provider says succeeded, nothing changes.
    expect(await yk.notify(order.online!.payment!, 'payment.canceled')).toBe(200);
    expect(await yk.notify(order.online!.payment!, 'payment.waiting_for_capture')).toBe(200);
    const o = await stored(order.id);
    expect(o.paid).toMatchObject({ status: 'paid', method: 'online', amount: o.total });
    expect(o.online?.status).toBe('paid');
    expect(paidEntries(o)).toBe(1);
    expect((await check(order.id)).body.data.state).toBe('paid');
    // The customer's copy says so too (/my).
    const mine = await fetch(`${shop.url}/db/orders-${customer}/${order.id}`, { headers: { cookie: me } });
    expect(((await mine.json()) as Order).paid?.method).toBe('online');
  });

  it('never trusts the notification\'s body: a forged «succeeded» for a payment still pending marks nothing', async () => {
    const { order } = (await payNow()).body.data;
    const forged = { type: 'notification', event: 'payment.succeeded', object: { ...yk.payments.get(order.online!.payment!), status: 'succeeded', paid: true } };
    const answer = await notify(forged);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('pending');
    expect((await stored(order.id)).paid?.status ?? 'unpaid').toBe('unpaid');
  });

  it('answers bad notifications clearly: not a notification, an unknown payment, a payment of no order of the shop', async () => {
    expect(await notify({ hello: 'world' })).toMatchObject({ status: 400, body: { error: 'Это не уведомление ЮKassa о платеже' } });
    expect(await notify({ type: 'notification', event: 'payment.succeeded', object: { id: '../../etc/passwd' } })).toMatchObject({ status: 400 });
    const { order } = (await payNow()).body.data;
    const unknown = { id: '2d0c5a1e-000f-5000-8000-1b7a0e5c0000', metadata: { orderId: order.id } };
    expect(await notify({ type: 'notification', event: 'payment.succeeded', object: unknown })).toMatchObject({ status: 404, body: { error: 'Платёж не найден в ЮKassa' } });
    expect(await notify({ type: 'notification', event: 'payment.succeeded', object: { id: unknown.id } })).toMatchObject({ status: 404, body: { error: 'Заказ этого платежа не найден' } });
    const stray = await yk.create({ amount: { value: '100.00', currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'https://x.example' }, metadata: { orderId: 'no-such-order-0000' } });
    yk.notifyTo('');
    await yk.pay(stray.id);
    yk.notifyTo(`${shop.url}/api/payments/notification`);
    expect(await notify({ type: 'notification', event: 'payment.succeeded', object: stray })).toMatchObject({ status: 404, body: { error: 'Заказ этого платежа не найден' } });
    // A payment of another order named as this one's: the provider's own metadata decides, and that order is unknown.
    expect(await notify({ type: 'notification', event: 'payment.succeeded', object: { id: stray.id, metadata: { orderId: order.id } } })).toMatchObject({ status: 404, body: { error: 'Заказ этого платежа не найден' } });
    expect((await stored(order.id)).paid?.status ?? 'unpaid').toBe('unpaid');
  });

  it('does not mark paid a payment whose sum differs from the order\'s total', async () => {
    const { order } = (await payNow()).body.data;
    const cheaper = await yk.create({ amount: { value: '1.00', currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'https://x.example' }, metadata: { orderId: order.id } });
    yk.notifyTo('');
    await yk.pay(cheaper.id);
    yk.notifyTo(`${shop.url}/api/payments/notification`);
    const answer = await notify({ type: 'notification', event: 'payment.succeeded', object: cheaper });
    expect(answer).toMatchObject({ status: 409, body: { error: 'Сумма платежа не совпадает с суммой заказа: заказ не отмечен оплаченным' } });
    expect((await stored(order.id)).paid?.status ?? 'unpaid').toBe('unpaid');
  });

  it('shows a failed payment as not paid, pays again with a new payment, or turns to payment on delivery', async () => {
    const { order } = (await payNow()).body.data;
    const first = order.online!.payment!;
    await yk.cancel(first);
    expect((await check(order.id)).body.data.state).toBe('canceled');
    const again = await start({ order: order.id, method: 'sberbank' });
    expect(again.body.data.state).toBe('pending');
    expect(again.body.data.order.online).toMatchObject({ method: 'sberbank', tries: 2, status: 'pending' });
    expect(again.body.data.order.online!.payment).not.toBe(first);
    // The first payment's late failure says nothing about the second.
    await yk.notify(first, 'payment.canceled');
    expect((await check(order.id)).body.data.state).toBe('pending');
    const off = await call<Answer>(shop.url, '/api/payments/on-delivery', { order: order.id }, me);
    expect(off.body.data.state).toBe('on-delivery');
    // Once on delivery it stays so: no new hold that could cancel it.
    expect(await start({ order: order.id, method: 'bank_card' })).toMatchObject({ status: 409, body: { error: 'Этот заказ оплачивается при получении' } });
    const plain = draft();
    expect((await call(shop.url, '/api/orders/create', plain, me)).status).toBe(200);
    expect(await start({ order: plain.id, method: 'bank_card' })).toMatchObject({ status: 409 });
    await sweepLater();
    expect((await stored(order.id)).status).toBe('new');
  });

  it('keeps customers to their own orders', async () => {
    const { order } = (await payNow()).body.data;
    expect(await check(order.id, them)).toMatchObject({ status: 404, body: { error: 'Заказ не найден' } });
    expect(await start({ order: order.id, method: 'bank_card' }, them)).toMatchObject({ status: 404 });
    expect(await call(shop.url, '/api/payments/on-delivery', { order: order.id }, them)).toMatchObject({ status: 404 });
    expect(await start({ order: order.id, method: 'cash' })).toMatchObject({ status: 400 });
  });

  it('cancels an order not paid in time and returns its stock once; one paid meanwhile is marked paid instead', async () => {
    await sweepLater(); // the earlier tests' orders
    const before = await countOf();
    const unpaid = (await payNow()).body.data.order;
    const paidQuietly = (await payNow()).body.data.order;
    yk.notifyTo('');
    await yk.pay(paidQuietly.online!.payment!);
    yk.notifyTo(`${shop.url}/api/payments/notification`);
    expect(await countOf()).toBe(before - 4);
    await Promise.all([sweepLater(), sweepLater()]);
    await sweepLater();
    const cancelled = await stored(unpaid.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelReason).toMatch(/Не оплачен онлайн/);
    expect((cancelled.history ?? []).filter((h) => h.command === 'online-expired')).toHaveLength(1);
    expect(await countOf()).toBe(before - 2);
    const paid = await stored(paidQuietly.id);
    expect(paid).toMatchObject({ status: 'new', paid: { status: 'paid', method: 'online' } });
    expect((await check(unpaid.id)).body.data.state).toBe('order-cancelled');
    expect(await start({ order: unpaid.id, method: 'bank_card' })).toMatchObject({ status: 409, body: { error: 'Заказ отменён — оформите новый' } });
  });
});

describe('online payment without provider keys', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop?.close());

  it('is not offered, and paying now is refused in Russian', async () => {
    const offer = await call<{ data: PaymentOffer }>(shop.url, '/api/payments/offer', undefined, undefined, 'GET');
    expect(offer.body.data.online).toBe(false);
    const me = await signIn(shop.url, customer);
    const refused = await call<{ error: string }>(shop.url, '/api/payments/start', { order: 'pay-draft-x0000000000', method: 'bank_card' }, me);
    expect(refused).toMatchObject({ status: 400, body: { error: 'Онлайн-оплата сейчас недоступна — выберите оплату при получении' } });
    expect(await call(shop.url, '/api/payments/notification', { type: 'notification', event: 'payment.succeeded', object: { id: 'abc' } })).toMatchObject({ status: 400 });
  });
});

describe('online payment with the provider away', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every call to the provider fails to connect.
    shop = await startTestShop({ yookassa: { shopId: 'x', secretKey: 'y', apiUrl: 'http://127.0.0.1:9/v3' } });
  });
  afterAll(() => shop?.close());

  it('says so in Russian; the order placed waits as not paid, to be paid again or on delivery', async () => {
    const me = await signIn(shop.url, customer);
    const florist = await signIn(shop.url, demoPhones.florist);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const item = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3)!;
    const d = { id: 'pay-away-0000000001', lines: [{ id: item.id, count: 1 }], sender: { name: 'Анна', phone: customer }, recipient: { name: 'Ольга', phone: '79440000509' }, delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'card' };
    const answer = await call<{ error: string }>(shop.url, '/api/payments/start', { order: d.id, method: 'bank_card', draft: d }, me);
    expect(answer).toMatchObject({ status: 502, body: { error: 'Платёжный сервис не отвечает — попробуйте ещё раз через минуту или выберите оплату при получении' } });
    expect((await call<Answer>(shop.url, '/api/payments/check', { order: d.id }, me)).body.data.state).toBe('canceled');
    const listed = await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 20 } }, florist);
    expect(listed.body.data.items.find((o) => o.id === d.id)?.online).toMatchObject({ status: 'pending', tries: 0 });
    expect((await call<Answer>(shop.url, '/api/payments/on-delivery', { order: d.id }, me)).body.data.state).toBe('on-delivery');
  });
});


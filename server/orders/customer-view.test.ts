import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import type { Order } from '../../schema/studio/orders/order';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn, type YookassaStandIn } from '../testing/yookassa-stand-in';

const customer = '79440000701';
const staffPhones = Object.values(demoPhones);

/** Nothing of the studio's side: no history, no florist or courier, nobody named on the payment, no staff phone anywhere. */
const expectCustomerSide = (o: Order | undefined, where: string) => {
  expect(o, where).toBeDefined();
  expect(Object.keys(o ?? {}), where).not.toContain('history');
  expect(Object.keys(o ?? {}), where).not.toContain('florist');
  expect(Object.keys(o ?? {}), where).not.toContain('courier');
  expect(Object.keys(o?.paid ?? {}), where).not.toContain('by');
  const text = JSON.stringify(o);
  for (const phone of staffPhones) expect(text, `${where} names staff ${phone}`).not.toContain(phone);
};

describe("a customer's answers and copy carry only the customer's side of the order", () => {
  let yk: YookassaStandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let florist: string;
  let manager: string;
  let bouquet: Product;
  let courier: string;
  const draft = () => ({ ...draftOf(customer, [{ id: bouquet.id, count: 1 }]), date: nextDay(nextDay(today())) });
  const send = async (order: string, action: OrderAction, cookie: string) => {
    const answer = await call<{ error?: string }>(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order, action }, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  /** The studio takes the order on: a florist assembles it, a courier is given it, the manager records the money. */
  const handled = async (id: string) => {
    await send(id, { kind: 'assign', florist: demoPhones.florist, courier }, florist);
    await send(id, { kind: 'payment', status: 'paid', method: 'cash' }, manager);
  };
  const place = async (d = draft()) => {
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', d, me);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { draft: d, order: placed.body.data };
  };
  const pay = (path: string, body: object) => call<{ data: PaymentAnswer; error?: string }>(shop.url, `/api/payments/${path}`, body, me);

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl } });
    [me, florist, manager] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.florist), signIn(shop.url, demoPhones.manager)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const { updatedAt: _u, ...found } = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable)!;
    bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...found, count: 100 }, manager)).body.data;
    courier = (await call<{ data: OfficeRecord }>(shop.url, '/api/couriers/update', { data: { name: 'Пётр', phone: '79001234567', feePerDelivery: 400, active: true } }, manager)).body.data.id;
  });
  afterAll(async () => {
    await shop?.close();
    await yk?.close();
  });

  it('answers a draft sent again, once the studio has the order, without the studio side', async () => {
    const { draft: d, order } = await place();
    expectCustomerSide(order, 'the first answer');
    await handled(order.id);
    const again = await call<{ data: Order }>(shop.url, '/api/orders/create', d, me);
    expect(again.status).toBe(200);
    expect(again.body.data.paid?.status).toBe('paid');
    expectCustomerSide(again.body.data, 'a re-sent create');
  });

  it("keeps the studio side out of the customer's copy in orders-{phone}", async () => {
    const { order } = await place();
    await handled(order.id);
    const copy = (await (await fetch(`${shop.url}/db/orders-${customer}/${order.id}`, { headers: { cookie: me } })).json()) as Order;
    expect(copy).toMatchObject({ _id: order.id, paid: { status: 'paid', method: 'cash' } });
    expectCustomerSide(copy, 'the orders-{phone} copy');
  });

  it('answers a cancellation with the customer side', async () => {
    const { order } = await place();
    await handled(order.id);
    const cancelled = await call<{ data: Order }>(shop.url, '/api/orders/cancel', { id: order.id }, me);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expectCustomerSide(cancelled.body.data, 'a cancellation');
  });

  it('answers the payment calls (start, check, on delivery) with the customer side', async () => {
    const d = { ...draft(), payment: 'card' as const };
    const started = await pay('start', { order: d.id, method: 'bank_card', draft: d });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expectCustomerSide(started.body.data.order, 'a payment started');
    await send(d.id, { kind: 'assign', florist: demoPhones.florist, courier }, florist);
    const again = await pay('start', { order: d.id, method: 'bank_card' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.confirmationUrl).toBe(started.body.data.confirmationUrl);
    expectCustomerSide(again.body.data.order, 'a payment started again');
    const checked = await pay('check', { order: d.id });
    expect(checked.body.data.state).toBe('pending');
    expectCustomerSide(checked.body.data.order, 'a payment checked');
    const onDelivery = await pay('on-delivery', { order: d.id });
    expect(onDelivery.status, JSON.stringify(onDelivery.body)).toBe(200);
    expect(onDelivery.body.data.state).toBe('on-delivery');
    expectCustomerSide(onDelivery.body.data.order, 'payment on delivery');
    // A paid order checked again: the payment carries nobody's phone.
    await send(d.id, { kind: 'payment', status: 'paid', method: 'card' }, manager);
    const paid = await pay('check', { order: d.id });
    expect(paid.body.data.state).toBe('paid');
    expectCustomerSide(paid.body.data.order, 'a paid order checked');
  });
});

import { expect } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import { call, demoPhones, signIn, startTestShop } from './test-shop';
import { startYookassaStandIn, type YookassaStandIn } from './yookassa-stand-in';

/**
 * A pickup order for tomorrow placed and paid by card at the YooKassa stand-in, as a customer does: started, paid at
 * the provider, checked until the shop says paid. Answers the draft's id and YooKassa's payment.
 */
type OnlineOrder = { id: string; bouquet: string; count: number; customer: string; recipient: string };

/** The same order placed with its payment started at the stand-in, not paid yet: answers the draft's id and YooKassa's payment. */
export const startedOnline = async (url: string, cookie: string, order: OnlineOrder) => {
  const draft = {
    id: order.id, lines: [{ id: order.bouquet, count: order.count }], sender: { name: 'Анна', phone: order.customer }, recipient: { name: 'Ольга', phone: order.recipient },
    delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'card',
  };
  const started = await call<{ data: PaymentAnswer }>(url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, cookie);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { id: draft.id, payment: started.body.data.order.online!.payment! };
};

export const paidOnline = async (url: string, yk: YookassaStandIn, cookie: string, order: OnlineOrder) => {
  const { id, payment } = await startedOnline(url, cookie, order);
  await yk.pay(payment);
  expect((await call<{ data: PaymentAnswer }>(url, '/api/payments/check', { order: id }, cookie)).body.data.state).toBe('paid');
  return { id, payment };
};

/**
 * A shop taking YooKassa's payments and receipts at the stand-in (a short wait, so a late answer is a timeout), with
 * `customer` and a manager signed in and the cheapest plain bouquet given 500 in stock: where the refund tests start.
 */
export const startYookassaShop = async (customer: string) => {
  const yk = await startYookassaStandIn();
  const shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receipts: { provider: 'yookassa', timeoutMs: 400 }, receiptsEveryMs: 100 });
  const [me, manager] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.manager)]);
  const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const found = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3).sort((x, y) => x.price - y.price)[0]!;
  const { updatedAt: _u, ...rest } = found;
  const bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, count: 500 }, manager)).body.data;
  return { yk, shop, me, manager, bouquet };
};

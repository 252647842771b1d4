import { expect } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import { call } from './test-shop';
import type { YookassaStandIn } from './yookassa-stand-in';

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

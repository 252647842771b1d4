import { expect } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import { call } from './test-shop';
import type { YookassaStandIn } from './yookassa-stand-in';

/**
 * A pickup order for tomorrow placed and paid by card at the YooKassa stand-in, as a customer does: started, paid at
 * the provider, checked until the shop says paid. Answers the draft's id and YooKassa's payment.
 */
export const paidOnline = async (url: string, yk: YookassaStandIn, cookie: string, order: { id: string; bouquet: string; count: number; customer: string; recipient: string }) => {
  const draft = {
    id: order.id, lines: [{ id: order.bouquet, count: order.count }], sender: { name: 'Анна', phone: order.customer }, recipient: { name: 'Ольга', phone: order.recipient },
    delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'card',
  };
  const started = await call<{ data: PaymentAnswer }>(url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, cookie);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const payment = started.body.data.order.online!.payment!;
  await yk.pay(payment);
  expect((await call<{ data: PaymentAnswer }>(url, '/api/payments/check', { order: draft.id }, cookie)).body.data.state).toBe('paid');
  return { id: draft.id, payment };
};

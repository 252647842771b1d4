import { describe, expect, it } from 'vitest';
import type { Order, OrderChange } from './order';
import { lateOnlineRefund, paymentProviderName, recordedPayment } from './order-money';

const total = 4990;
type Money = Pick<Order, 'status' | 'paid' | 'history' | 'total'>;
const start = (): Money => ({ status: 'ready', total, history: [] });
/** A payment as the server records it: the cumulative `paid`, its entry in the history. */
const pay = (o: Money, command: string, method: 'cash' | 'online', amount: number, by = '79000000003'): Money => {
  const next = recordedPayment(o.total, method, amount, 1, by);
  const entry: OrderChange = { command, by, at: 1, what: 'Оплата', before: { paid: o.paid ?? null }, after: { paid: next } };
  return { ...o, paid: next, history: [...(o.history ?? []), entry] };
};
const cancel = (o: Money): Money => ({ ...o, status: 'cancelled', history: [...(o.history ?? []), { command: 'c', by: 'x', at: 1, what: 'Статус', before: { status: o.status }, after: { status: 'cancelled' } }] });

describe('money YooKassa took that nobody keeps (issue 30: `lateOnlineRefund`)', () => {
  it('a payment after the cancellation goes back whole', () => {
    const o = pay(cancel(start()), 'online-paid', 'online', total, paymentProviderName);
    expect(lateOnlineRefund(o)).toEqual({ payment: 'online-paid', amount: total, cause: 'cancelled' });
  });

  it('a payment for an order already paid in cash goes back whole, and the cash payment is what the order keeps', () => {
    const cash = pay(start(), 'pay-cash', 'cash', total);
    const twice = pay(cash, 'online-paid', 'online', total * 2, paymentProviderName);
    expect(lateOnlineRefund(twice)).toEqual({ payment: 'online-paid', amount: total, cause: 'paid', restore: cash.paid });
  });

  it('nothing for an order YooKassa alone paid, one paid in part before, or money already returned', () => {
    expect(lateOnlineRefund(pay(start(), 'online-paid', 'online', total, paymentProviderName))).toBeNull();
    // Half in cash, the rest online: the order is paid once, nobody paid twice.
    expect(lateOnlineRefund(pay(pay(start(), 'pay-cash', 'cash', 2000), 'online-paid', 'online', total, paymentProviderName))).toBeNull();
    const twice = pay(pay(start(), 'pay-cash', 'cash', total), 'online-paid', 'online', total * 2, paymentProviderName);
    const returned: Money = { ...twice, history: [...twice.history!, { command: 'online-refund-p', by: paymentProviderName, at: 2, what: '…', before: {}, after: { paid: twice.paid, refund: { payment: 'online-paid', amount: total } } }] };
    expect(lateOnlineRefund(returned)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatRoubles } from '../../../../schema/shared/money';
import { historyMoment, orderPaymentText } from './order-labels';

describe('when a change of the order happened', () => {
  const applied = Date.parse('2026-03-08T12:20:00Z'); // 15:20 in Moscow
  it('says when it was made on the device, and when the server applied it if later', () => {
    expect(historyMoment({ at: applied, madeAt: Date.parse('2026-03-08T11:05:00Z') })).toBe('8 мар., 14:05 (на сервере 8 мар., 15:20)');
  });
  it('says one moment when both fall in the same minute, or when the device’s is not known', () => {
    expect(historyMoment({ at: applied + 30_000, madeAt: applied + 5_000 })).toBe('8 мар., 15:20');
    expect(historyMoment({ at: applied })).toBe('8 мар., 15:20');
  });
});

describe('the order page’s payment line', () => {
  it('says a re-sent order’s online payment is being read at YooKassa, not «Не оплачен», until it is paid', () => {
    const checking = { status: 'new', paid: { status: 'unpaid' }, online: { method: 'bank_card', status: 'checking', payment: 'p-1', tries: 1, until: 0 } } as const;
    expect(orderPaymentText(checking)).toBe('Оплата проверяется');
    expect(orderPaymentText({ ...checking, paid: { status: 'paid', method: 'online', amount: 3490 } })).toBe(`Оплачен онлайн · ${formatRoubles(3490)}`);
    expect(orderPaymentText({ status: 'new', paid: { status: 'unpaid' } })).toBe('Не оплачен');
  });
});

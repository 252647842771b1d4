import { describe, expect, it } from 'vitest';
import type { OrderAction } from './order-command';
import { moneySummary, owed, paymentProviderName, providerPaid, received, recordedPayment, staffCommandIssue } from './order-money';
import { formatRoubles } from '../../shared/money';
import type { OrderStatus } from './order';
import { paymentLabel } from './payment-label';
import type { User } from '../../shared/user';

const staff = (role: 'florist' | 'manager' | 'admin'): User => ({ phone: '79000000003', name: '', roles: [role], isAdmin: false });
const [florist, manager, admin] = [staff('florist'), staff('manager'), staff('admin')];
const order = (status: OrderStatus = 'new', paid?: { status: 'paid' | 'unpaid'; amount?: number }) => ({ status, total: 7990, ...(paid ? { paid } : {}) });
const cancel = (from: OrderStatus): OrderAction => ({ kind: 'status', from, to: 'cancelled', reason: 'Клиент передумал' });

/** docs/DECISIONS.md «Money and cancelling», written out: a manager manages money. */
describe('who may decide an order’s money and its cancellation', () => {
  it('lets a florist mark only the whole order paid, and never take a payment back', () => {
    expect(staffCommandIssue(florist, order(), { kind: 'payment', status: 'paid', method: 'cash' })).toBeNull();
    expect(staffCommandIssue(florist, order(), { kind: 'payment', status: 'paid', method: 'cash', amount: 7990 })).toBeNull();
    expect(staffCommandIssue(florist, order(), { kind: 'payment', status: 'paid', method: 'cash', amount: 1 })).toMatch(/менеджер/);
    expect(staffCommandIssue(florist, order(), { kind: 'payment', status: 'paid', method: 'cash', amount: 9000 })).toMatch(/менеджер/);
    expect(staffCommandIssue(florist, order('new', { status: 'paid' }), { kind: 'payment', status: 'unpaid' })).toMatch(/менеджер/);
    for (const boss of [manager, admin]) {
      expect(staffCommandIssue(boss, order(), { kind: 'payment', status: 'paid', method: 'cash', amount: 1 })).toBeNull();
      expect(staffCommandIssue(boss, order('new', { status: 'paid' }), { kind: 'payment', status: 'unpaid' })).toBeNull();
    }
  });

  it('lets a florist cancel only before assembly and while nothing is paid; a manager any open order', () => {
    const by = (u: User, o: ReturnType<typeof order>) => staffCommandIssue(u, o, cancel(o.status));
    expect(by(florist, order('new'))).toBeNull();
    expect(by(florist, order('confirmed'))).toBeNull();
    for (const s of ['assembling', 'ready', 'delivering'] as const) {
      expect(by(florist, order(s))).toMatch(/только менеджер/);
      expect(by(manager, order(s))).toBeNull();
    }
    expect(by(florist, order('new', { status: 'unpaid', amount: 1000 }))).toMatch(/уже заплатили/);
    expect(by(florist, order('new', { status: 'paid' }))).toMatch(/уже заплатили/);
    expect(by(manager, order('new', { status: 'paid' }))).toBeNull();
    // Other steps are not money: a florist moves orders along.
    expect(staffCommandIssue(florist, order('ready'), { kind: 'status', from: 'ready', to: 'delivering' })).toBeNull();
  });

  it('records a part payment as unpaid with what came, and the rest is owed', () => {
    const part = recordedPayment(7990, 'cash', 3000, 1, '79000000002');
    expect(part).toEqual({ status: 'unpaid', method: 'cash', amount: 3000, at: 1, by: '79000000002' });
    expect([received({ total: 7990, paid: part }), owed({ total: 7990, paid: part })]).toEqual([3000, 4990]);
    expect(recordedPayment(7990, 'card', 7990, 1, 'x').status).toBe('paid');
    expect(owed({ total: 7990 })).toBe(7990);
    expect(owed({ total: 7990, paid: { status: 'paid' } })).toBe(0);
    expect(owed({ total: 7990, paid: { status: 'paid', amount: 1 } })).toBe(7989);
    expect(paymentLabel({ status: 'new', paid: part })).toBe('Оплачен частично');
    expect(paymentLabel({ status: 'new', paid: { status: 'unpaid' } })).toBe('Не оплачен');
  });
});

describe('an order’s money in one sentence (issue 29, item 6)', () => {
  it('never says «Оплачен полностью» while anything is owed', () => {
    const money = (paid?: { status: 'paid' | 'unpaid'; amount?: number }) => moneySummary({ total: 4390, ...(paid ? { paid } : {}) });
    expect(money()).toBe(`Не оплачен: к получению ${formatRoubles(4390)}`);
    expect(money({ status: 'unpaid' })).toBe(`Не оплачен: к получению ${formatRoubles(4390)}`);
    expect(money({ status: 'unpaid', amount: 1000 })).toBe(`Получено ${formatRoubles(1000)}, осталось получить ${formatRoubles(3390)}`);
    expect(money({ status: 'paid', amount: 1000 })).toBe(`Получено ${formatRoubles(1000)}, осталось получить ${formatRoubles(3390)}`);
    expect(money({ status: 'paid' })).toBe(`Оплачен полностью: ${formatRoubles(4390)}`);
    expect(money({ status: 'paid', amount: 4390 })).toBe(`Оплачен полностью: ${formatRoubles(4390)}`);
  });
});

describe('an online payment: the provider’s, or taken elsewhere and recorded by staff (issue 29, item 8)', () => {
  it('is the provider’s only when the provider recorded it', () => {
    expect(providerPaid({ method: 'online', by: paymentProviderName })).toBe(true);
    expect(providerPaid({ method: 'online', by: '79000000003' })).toBe(false);
    expect(providerPaid({ method: 'card', by: paymentProviderName })).toBe(false);
  });

  it('may be recorded by a florist for the whole order, as any method', () => {
    expect(staffCommandIssue(florist, order(), { kind: 'payment', status: 'paid', method: 'online' })).toBeNull();
    expect(staffCommandIssue(florist, order(), { kind: 'payment', status: 'paid', method: 'online', amount: 100 })).toMatch(/менеджер/);
  });
});

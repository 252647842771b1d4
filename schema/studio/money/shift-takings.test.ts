import { describe, expect, it } from 'vitest';
import { shift } from '../../entities/shift';
import type { Order } from '../orders/order';
import { shiftDifference, shiftTakings, takingsTotal, type TillCharge } from './shift-takings';

type Paid = Pick<Order, 'status' | 'total' | 'paid' | 'source'>;
/** 12:00 in Moscow (09:00 UTC) of a day, plus hours. */
const at = (d: string, hours = 0) => Date.parse(`${d}T09:00:00Z`) + hours * 3_600_000;
const order = (total: number, paid?: Order['paid'], over: Partial<Paid> = {}): Paid => ({ status: 'done', total, paid, source: 'site', ...over });
const paid = (method: 'cash' | 'card' | 'transfer' | 'online', when: number, amount?: number): Order['paid'] => ({ status: 'paid', method, at: when, ...(amount !== undefined ? { amount } : {}) });

describe('what a shift expects in the till', () => {
  const day = '2026-11-25';
  const orders: Paid[] = [
    order(3000, paid('cash', at(day))),
    order(4500, paid('card', at(day, 2))),
    order(2500, paid('cash', at(day, 3)), { source: 'showcase', status: 'new' }),
    order(1800, paid('card', at(day, 4)), { source: 'showcase' }),
    order(6000, paid('online', at(day, 1))),
    order(2000, paid('transfer', at(day, 5))),
    // Part payment: what was received, not the total.
    order(5000, { status: 'unpaid', method: 'cash', amount: 1500, at: at(day, 6) }),
    // Not the shift's: paid yesterday, or at 00:30 Moscow of the next day (21:30 UTC the same date), cancelled, unpaid, no method.
    order(9999, paid('cash', at('2026-11-24'))),
    order(9999, paid('cash', Date.parse(`${day}T21:30:00Z`))),
    order(9999, paid('cash', at(day)), { status: 'cancelled' }),
    order(9999),
    order(9999, { status: 'paid', at: at(day) }),
  ];
  const charges: TillCharge[] = [
    { day, direction: 'out', method: 'cash', amount: 3500 },
    { day, direction: 'in', method: 'cash', amount: 1000 },
    { day, direction: 'out', method: 'card', amount: 700 },
    { day: '2026-11-24', direction: 'out', method: 'cash', amount: 400 },
  ];

  it('sums the day’s payments by method, counter sales among them, and the cash moves', () => {
    const t = shiftTakings(day, orders, charges, 2000);
    expect(t.byMethod).toEqual({ cash: 3000 + 2500 + 1500, card: 4500 + 1800, transfer: 2000, online: 6000 });
    expect(t.orders).toBe(7);
    expect(t.counterSales).toBe(2);
    expect([t.cashIn, t.cashOut]).toEqual([1000, 3500]);
    expect(t.expectedCash).toBe(2000 + 7000 + 1000 - 3500);
    expect(t.expectedCard).toBe(6300);
  });

  it('a late payment counts on the Moscow day it was recorded on', () => {
    expect(shiftTakings('2026-11-26', orders, []).byMethod.cash).toBe(9999);
  });

  it('knows the whole day’s takings, every method together, for the quick close (issue 29, item 6)', () => {
    expect(takingsTotal(shiftTakings(day, orders, charges, 2000))).toBe(3000 + 2500 + 1500 + 4500 + 1800 + 2000 + 6000);
    expect(takingsTotal(shiftTakings('2026-01-01', orders, charges))).toBe(0);
  });

  it('tells a shortage from a surplus', () => {
    expect(shiftDifference({ cash: 6500, card: 6300 }, { cash: 6400, card: 6300 })).toEqual({ cash: -100, card: 0 });
  });

  it('a close with a difference must say why, and its expected sums must add up', () => {
    const ok = { ...shift.example };
    expect(shift.fields.safeParse(ok).success).toBe(true);
    const silent = shift.fields.safeParse({ ...ok, note: '' });
    expect(silent.error?.issues.map((i) => i.message)).toEqual(['Есть расхождение: объясните его в заметке']);
    expect(shift.fields.safeParse({ ...ok, note: '', counted: { cash: ok.expectedCash, card: ok.expectedCard } }).success).toBe(true);
    expect(shift.fields.safeParse({ ...ok, expectedCash: ok.expectedCash + 1 }).error?.issues[0].message).toMatch(/не сходится/);
    expect(shift.fields.safeParse({ ...ok, counted: { cash: -5, card: 0 } }).error?.issues[0].message).toMatch(/меньше нуля/);
    expect(shift.fields.safeParse({ ...ok, counted: { cash: 'двести', card: 0 } }).error?.issues[0].message).toBe('Пересчёт — число рублей');
  });
});

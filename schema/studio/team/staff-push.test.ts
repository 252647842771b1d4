import { describe, expect, it } from 'vitest';
import type { Order } from '../orders/order';
import { mayBeToldOf, staffPushFreshMs, staffPushMessage, staffPushMoments } from './staff-push';

const now = Date.UTC(2026, 10, 29, 9);
const order = (o: Partial<Order>): Order =>
  ({ id: 'o1', number: 17, total: 4500, date: '2026-11-30', slot: '12:00–15:00', status: 'new', source: 'site', delivery: { method: 'pickup' }, createdAt: now, updatedAt: now, ...o }) as Order;

describe('staff pushes: moments, words, who is told (issue 30, item 5)', () => {
  it('tells of a new site order, its payment and its cancellation, only while fresh', () => {
    expect(staffPushMoments(order({}), now)).toEqual(['new']);
    expect(staffPushMoments(order({ paid: { status: 'paid' } }), now)).toEqual(['new', 'paid']);
    expect(staffPushMoments(order({ status: 'cancelled', createdAt: now - staffPushFreshMs - 1 }), now)).toEqual(['cancelled']);
    expect(staffPushMoments(order({ createdAt: now - staffPushFreshMs - 1, updatedAt: now - staffPushFreshMs - 1, status: 'cancelled' }), now)).toEqual([]);
  });

  it('says nothing of an order staff wrote themselves, nor of a counter sale', () => {
    expect(staffPushMoments(order({ source: 'phone' }), now)).toEqual([]);
    expect(staffPushMoments(order({ source: 'showcase' }), now)).toEqual([]);
  });

  it('names the order and its sum, never a phone, and opens its page', () => {
    const m = staffPushMessage('new', order({}), (n) => `${n} ₽`);
    expect(m).toEqual({ title: 'Новый заказ с сайта №\u00a017', body: '4500 ₽, 2026-11-30 12:00–15:00', url: '/admin/orders/17', tag: 'order-17-new' });
  });

  it('tells florists of orders in the studio window, managers and admins of any, customers of none', () => {
    expect(mayBeToldOf('florist', true)).toBe(true);
    expect(mayBeToldOf('florist', false)).toBe(false);
    expect(mayBeToldOf('manager', false)).toBe(true);
    expect(mayBeToldOf('admin', false)).toBe(true);
    expect(mayBeToldOf('customer', true)).toBe(false);
  });
});

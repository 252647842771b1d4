import { describe, expect, it } from 'vitest';
import { dueNotices, mayNotifyAgain, noticeFreshMs, noticeKinds, noticesPerDay, noticeText, supersededBy } from './order-notices';
import { order, type Order, type OrderChange } from './order';

const now = Date.UTC(2026, 10, 28, 12);
const change = (after: Record<string, unknown>, at = now - 60_000): OrderChange => ({ command: `c-${at}`, by: '79000000003', at, what: 'x', before: {}, after });
const orderOf = (over: Partial<Order> = {}): Order =>
  order.parse({
  id: 'order-notice-0001',
  number: 1042,
  customer: '79440000001',
  lines: [],
  sender: { name: 'Анна', phone: '79440000001' },
  recipient: { name: 'Ольга', phone: '79440000002' },
  delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' },
  date: '2026-11-29',
  slot: '12:00–15:00',
  payment: 'cash',
  deliveryPrice: 0,
  total: 5000,
  status: 'new',
  createdAt: now - 3600_000,
  updatedAt: now - 60_000,
  ...over,
  });
const kinds = (o: Order) => dueNotices(o, now).map((n) => n.kind);

describe('which moments of an order call for an SMS', () => {
  it('a new order none; taken, photographed, sent off, delivered each its own', () => {
    expect(kinds(orderOf())).toEqual([]);
    expect(kinds(orderOf({ status: 'confirmed', history: [change({ status: 'confirmed' })] }))).toEqual(['accepted']);
    expect(kinds(orderOf({ status: 'assembling', photo: '/api/photos/p1', history: [change({ status: 'assembling' }), change({ photo: '/api/photos/p1' })] }))).toEqual(['accepted', 'photo']);
    expect(kinds(orderOf({ status: 'delivering', photo: '/api/photos/p1', history: [change({ photo: '/api/photos/p1' }), change({ status: 'delivering' })] }))).toEqual(['photo', 'courier']);
    expect(kinds(orderOf({ status: 'done', photo: '/api/photos/p1', history: [change({ status: 'done' })] }))).toEqual(['delivered']);
  });

  it('nothing for a cancelled order, a counter sale, an order without a customer; a pickup is never «on its way» nor «delivered»', () => {
    expect(kinds(orderOf({ status: 'cancelled', history: [change({ status: 'cancelled' })] }))).toEqual([]);
    expect(kinds(orderOf({ status: 'done', source: 'showcase', delivery: { method: 'pickup' }, history: [change({ status: 'done' })] }))).toEqual([]);
    expect(kinds(orderOf({ status: 'confirmed', customer: '', history: [change({ status: 'confirmed' })] }))).toEqual([]);
    expect(kinds(orderOf({ status: 'done', delivery: { method: 'pickup' }, history: [change({ status: 'done' })] }))).toEqual([]);
    expect(kinds(orderOf({ status: 'confirmed', delivery: { method: 'pickup' }, history: [change({ status: 'confirmed' })] }))).toEqual(['accepted']);
  });

  it('a moment older than the freshness window is not news (a start-up re-spreading old orders sends nothing)', () => {
    const old = now - noticeFreshMs - 1;
    expect(kinds(orderOf({ status: 'confirmed', history: [change({ status: 'confirmed' }, old)] }))).toEqual([]);
    // Taken yesterday, assembled now: «принят» is not sent late.
    expect(kinds(orderOf({ status: 'assembling', history: [change({ status: 'confirmed' }, old), change({ status: 'assembling' })] }))).toEqual([]);
  });

  it('each text but the photo\'s fits one Cyrillic SMS (70) with a six-digit number; the photo\'s names the order\'s line in /my', () => {
    for (const kind of noticeKinds.filter((k) => k !== 'photo')) expect(noticeText(kind, 999_999, 'https://shop.example').length, kind).toBeLessThanOrEqual(70);
    expect(noticeText('photo', 1042, 'https://shop.example')).toMatch(/ https:\/\/shop\.example\/my#order-1042$/);
    expect(noticeText('accepted', 1042, '')).toBe('Цветочная мастерская: заказ №\u00a01042 принят, готовим букет');
  });

  it('a message still queued is needless once a later moment is told (a gateway back after a while tells no stale news)', () => {
    expect(supersededBy('accepted', ['courier'])).toBe(true);
    expect(supersededBy('accepted', ['photo'])).toBe(false);
    expect(supersededBy('courier', ['delivered'])).toBe(true);
    expect(supersededBy('photo', ['courier', 'delivered'])).toBe(false);
  });

  it('a day holds at most a few messages about one order', () => {
    const sent = Array.from({ length: noticesPerDay }, (_, i) => now - i * 3600_000);
    expect(mayNotifyAgain(sent.slice(1), now)).toBe(true);
    expect(mayNotifyAgain(sent, now)).toBe(false);
    expect(mayNotifyAgain(sent.map((t) => t - 24 * 3600_000), now)).toBe(true);
  });
});

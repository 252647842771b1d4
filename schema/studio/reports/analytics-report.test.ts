import { describe, expect, it } from 'vitest';
import { analyticsRequest, periodOf, previousPeriod } from './analytics-period';
import { analyticsReport, type ChargeFact, type SlipFact, type SoldOrder } from './analytics-report';
import type { ItemCategory } from '../../shop/category';

const line = (id: string, count: number, price: number) => ({ id, art: id, name: `Букет ${id}`, image: '', count, price, priceFactor: 1, sum: count * price });

const order = (id: string, date: string, customer: string, over: Partial<SoldOrder> = {}): SoldOrder => {
  const lines = over.lines ?? [line('rose-box', 1, 5000)];
  const deliveryPrice = over.deliveryPrice ?? 0;
  return { id, customer, date, status: 'done', deliveryPrice, total: lines.reduce((s, l) => s + l.sum, 0) + deliveryPrice, lines, ...over };
};

/** Ten roses of an order's bouquet, on a day the rose cost a tenth of `cost` (prices below). */
const assembly = (orderId: string, day: string): SlipFact => ({ day, order: orderId, lines: [{ flower: 'fl-rose', qty: 10, reason: 'assembly' }] });

/** Purchase prices by day (schema/studio/stock/purchase-price.ts): a rose at 100 ₽, 200 ₽ on 2 November, 100 ₽ from the 5th, 150 ₽ from the 20th. */
const prices = new Map([
  ['fl-rose', [{ day: '2026-10-01', average: 100 }, { day: '2026-11-02', average: 200 }, { day: '2026-11-05', average: 100 }, { day: '2026-11-20', average: 150 }]],
  ['fl-tulip', [{ day: '2026-10-01', average: 50 }]],
]);

const categoryOf = new Map<string, ItemCategory>([
  ['rose-box', 'boxes'],
  ['tulips', 'monobouquets'],
]);

describe('the analytics period', () => {
  const issue = (body: unknown) => {
    const r = analyticsRequest.safeParse(body);
    return r.success ? null : r.error.issues.map((i) => i.message).join('; ');
  };

  it('refuses an end before the start, a range of ten years and days that do not parse, in Russian', () => {
    expect(issue({ from: '2026-11-10', to: '2026-11-01' })).toBe('Конец периода раньше его начала');
    expect(issue({ from: '2016-01-01', to: '2025-12-31' })).toMatch(/^Период длиннее года/);
    expect(issue({ from: '2026-13-01', to: '2026-12-31' })).toBe('Такой даты нет');
    expect(issue({ from: 'вчера', to: '2026-12-31' })).toMatch(/^Дата в формате ГГГГ-ММ-ДД/);
    expect(issue({ from: '2026-11-01' })).toMatch(/обе даты/);
    expect(issue({ preset: 'decade' })).toBe('Нет такого периода');
    expect(issue({ from: '2025-01-01', to: '2025-12-31' })).toBeNull();
    expect(issue({ preset: 'year' })).toBeNull();
  });

  it('counts presets in Moscow days up to today, and compares with as many days just before', () => {
    // 21:30 UTC on Sunday 30 November is already Monday 1 December in Moscow.
    const now = new Date('2026-11-30T21:30:00Z');
    expect(periodOf({ preset: 'today' }, now)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(periodOf({ preset: 'week' }, new Date('2026-11-25T10:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(periodOf({ preset: 'month' }, new Date('2026-11-25T10:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(periodOf({ preset: 'quarter' }, new Date('2026-11-25T10:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-11-25' });
    expect(periodOf({ preset: 'year' }, new Date('2026-11-25T10:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-11-25' });
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
});

describe('the analytics report', () => {
  const novemberOrders: SoldOrder[] = [
    // An earlier client, back in November.
    order('o-old', '2026-09-10', '79000000001'),
    order('o-1', '2026-11-02', '79000000001', { source: 'phone', paid: { status: 'paid', method: 'cash' } }),
    order('o-2', '2026-11-02', '79000000002', { lines: [line('tulips', 2, 1500), line('rose-box', 1, 5000)], deliveryPrice: 490, paid: { status: 'unpaid', method: 'card', amount: 3000 } }),
    order('o-3', '2026-11-20', '79000000003', { source: 'showcase', paid: { status: 'paid', method: 'online' } }),
    order('o-cancelled', '2026-11-21', '79000000004', { status: 'cancelled' }),
    // October: the previous period of a November report.
    order('o-oct', '2026-10-15', '79000000002', { lines: [line('tulips', 1, 1500)] }),
  ];
  const slips: SlipFact[] = [
    assembly('o-1', '2026-11-02'),
    assembly('o-3', '2026-11-20'),
    { day: '2026-11-05', order: '', lines: [{ flower: 'fl-rose', qty: 4, reason: 'wilted' }, { flower: 'fl-tulip', qty: 2, reason: 'broken' }] },
    { day: '2026-10-05', order: '', lines: [{ flower: 'fl-rose', qty: 1, reason: 'wilted' }] },
  ];
  const charges: ChargeFact[] = [
    { day: '2026-11-01', amount: 3000, category: 'Аренда' },
    { day: '2026-11-15', amount: 1000, category: 'Курьеры' },
    { day: '2026-11-16', amount: 500, category: 'Аренда' },
    { day: '2026-12-01', amount: 99_999, category: 'Аренда' },
  ];
  const report = analyticsReport(
    { orders: novemberOrders, slips, charges, categoryOf, flowerNames: new Map([['fl-rose', 'Роза Explorer']]), prices },
    { from: '2026-11-01', to: '2026-11-30' },
  );
  const { current, previous } = report;

  it('counts placed, not cancelled orders by their delivery day, against the same number of days before', () => {
    expect(current.revenue).toBe(5000 + 8490 + 5000);
    expect(current.orders).toBe(3);
    expect(current.averageCheck).toBe(Math.round(18490 / 3));
    expect(current.byDay).toHaveLength(30);
    expect(current.byDay.find((d) => d.day === '2026-11-02')).toEqual({ day: '2026-11-02', orders: 2, revenue: 13490 });
    expect(current.byDay.find((d) => d.day === '2026-11-21')).toEqual({ day: '2026-11-21', orders: 0, revenue: 0 });
    expect(previous).toMatchObject({ from: '2026-10-02', to: '2026-10-31', revenue: 1500, orders: 1 });
  });

  it('takes margin only from orders with an assembly slip, and says how many are left out', () => {
    expect(current.margin).toEqual({ value: 5000 + 5000 - 2000 - 1500, revenue: 10000, cost: 3500, withoutCard: 1, withoutCardRevenue: 8490, partial: true });
    expect(previous.margin.partial).toBe(true);
    expect(current.topFlowers).toEqual([{ id: 'fl-rose', name: 'Роза Explorer', qty: 20, cost: 3500 }]);
  });

  it('shares write-offs other than assembly in revenue', () => {
    expect(current.writeOffs).toEqual({ cost: 500, share: 500 / 18490 });
    expect(previous.writeOffs.cost).toBe(100);
  });

  it('splits revenue by source, payment method and category so each split sums to revenue', () => {
    const sum = (slices: { revenue: number }[]) => slices.reduce((s, x) => s + x.revenue, 0);
    expect(current.bySource.map((s) => [s.label, s.revenue])).toEqual([['Сайт', 8490], ['Телефон', 5000], ['Витрина', 5000]]);
    expect(current.byPayment.map((s) => [s.label, s.revenue, s.orders])).toEqual([
      ['Не оплачено', 5490, 0],
      ['Наличные', 5000, 1],
      ['Онлайн', 5000, 1],
      ['Карта', 3000, 1],
    ]);
    expect(current.byCategory.map((s) => [s.label, s.revenue, s.orders])).toEqual([
      ['Цветы в коробке', 15000, 3],
      ['Монобукеты', 3000, 1],
      ['Доставка', 490, 1],
    ]);
    for (const split of [current.bySource, current.byPayment, current.byCategory]) expect(sum(split)).toBe(current.revenue);
    expect(current.topBouquets[0]).toEqual({ id: 'rose-box', name: 'Букет rose-box', units: 3, revenue: 15000 });
  });

  it('tells new clients from returning ones by their first order ever', () => {
    // …01 ordered in September and …02 in October: only …03 is new in November.
    expect(current.clients).toEqual({ new: 1, returning: 2, newRevenue: 5000, returningRevenue: 5000 + 8490 });
    expect(previous.clients).toEqual({ new: 1, returning: 0, newRevenue: 1500, returningRevenue: 0 });
  });

  it('sets the charges of the month the period ends in against that month’s margin', () => {
    expect(report.month).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      margin: 6500,
      partial: true,
      charges: 4500,
      byCategory: [{ category: 'Аренда', amount: 3500 }, { category: 'Курьеры', amount: 1000 }],
      left: 2000,
    });
  });

  it('answers an empty period with zeros, not a division by nothing', () => {
    const empty = analyticsReport({ orders: [], slips: [], charges: [], categoryOf, flowerNames: new Map(), prices: new Map() }, { from: '2026-11-25', to: '2026-11-25' });
    expect(empty.current).toMatchObject({ revenue: 0, orders: 0, averageCheck: 0, writeOffs: { cost: 0, share: null }, margin: { partial: false, value: 0 } });
  });
});

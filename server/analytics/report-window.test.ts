import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assemblySlipId } from '../../schema/entities/slip';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { analyticsReport, type AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { allStudioFacts } from './studio-facts';

/** The ids of every document a spied database call answered with (rows of views and of _all_docs, with their docs). */
const idsRead = async (spies: { mock: { results: { value: unknown }[] } }[]): Promise<Set<string>> => {
  const ids = new Set<string>();
  for (const spy of spies)
    for (const result of spy.mock.results) {
      const answer = (await result.value) as { rows?: { id?: string; doc?: { _id?: string } | null }[] };
      for (const row of answer.rows ?? []) if (row.doc?._id) ids.add(row.doc._id);
    }
  return ids;
};

describe('a report reads its periods only (issue 32, item 3)', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let bouquet: Product;

  beforeAll(async () => {
    shop = await startTestShop();
    admin = await signIn(shop.url, demoPhones.admin);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 5)!;
  });
  afterAll(() => shop.close());

  /** A real order, moved to a day of 2023–2024 (nobody else's orders are there). */
  const orderOn = async (phone: string, date: string) => {
    const cookie = await signIn(shop.url, phone);
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet.id, count: 1 }]), cookie);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const db = shop.shop.storage.db('orders');
    const stored = await db.get<Order>(placed.body.data.id);
    await db.put({ ...stored, date });
    return placed.body.data;
  };
  const assembled = (order: Order, day: string) =>
    shop.shop.storage.db('office').put({
      _id: assemblySlipId(order.id),
      type: 'slip',
      v: 1,
      title: 'Сборка',
      day,
      createdBy: demoPhones.florist,
      createdAt: 1,
      updatedBy: demoPhones.florist,
      updatedAt: 1,
      data: { day, warehouse: 'wh-main', lines: [{ flower: 'fl-x', qty: 3, reason: 'assembly', cost: 10 }], order: order.id, note: '' },
    });

  it('a year-earlier order tells a returning client, no order or act is read by the report, and the figures are those of reading everything', async () => {
    const returning = '79005550101';
    const earlier = await orderOn(returning, '2023-06-10');
    const again = await orderOn(returning, '2024-06-10');
    const fresh = await orderOn('79005550102', '2024-06-12');
    const outside = await orderOn('79005550103', '2023-06-15');
    // Its act is made a day before the delivery, in May: still the June order's cost of goods.
    await assembled(again, '2024-05-31');
    await assembled(outside, '2023-06-15');
    const body = { from: '2024-06-01', to: '2024-06-30' };

    const dbs = ['orders', 'office', 'admin'].map((name) => shop.shop.storage.db(name));
    const spies = dbs.flatMap((db) => [vi.spyOn(db, 'allDocs'), vi.spyOn(db, 'query')]);
    let report: AnalyticsReport;
    try {
      const answer = await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', body, admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      report = answer.body.data;
      const read = await idsRead(spies);
      // The sums by day were caught up before (the report's own catch-up reads the changes feed, not these calls):
      // the report reads no order and no act at all, of its window or not.
      for (const id of [earlier.id, again.id, fresh.id, outside.id, assemblySlipId(again.id), assemblySlipId(outside.id)]) expect(read.has(id), id).toBe(false);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(report.current).toMatchObject({ orders: 2, clients: { new: 1, returning: 1 } });
    expect(report.current.margin.revenue).toBe(again.total);
    expect(report.previous.orders).toBe(0);
    // The same figures as the report that read every stored fact (the stock's worth aside: the projection gives it).
    const everything = analyticsReport(await allStudioFacts(shop.shop.storage), { from: body.from, to: body.to });
    expect({ ...report, stock: null }).toEqual({ ...everything, stock: null });
  });

  it('refuses a range of ten years in Russian, reading nothing', async () => {
    const answer = await call<{ error: string }>(shop.url, '/api/analytics/report', { from: '2015-01-01', to: '2024-12-31' }, admin);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/[а-яё]/i);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import { today } from '../../schema/shared/day';
import { slip, assemblySlipId } from '../../schema/entities/slip';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { pushNew } from '../testing/both-paths';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

const cyrillic = /[а-яё]/i;

describe('POST /api/analytics/report', () => {
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

  /** Places a real order, then moves it to a day of March 2025 (nobody else's orders are there) with what the studio recorded. */
  const orderOn = async (phone: string, date: string, change: Partial<Order> = {}) => {
    const cookie = await signIn(shop.url, phone);
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet.id, count: 1 }]), cookie);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const db = shop.shop.storage.db('orders');
    const stored = await db.get<Order>(placed.body.data.id);
    await db.put({ ...stored, date, ...change });
    return { ...placed.body.data, ...change };
  };

  /** An office document as a device's replication stores it: the assembly slip of an order, or another write-off. */
  const putSlip = (id: string, day: string, order: string, lines: { flower: string; qty: number; reason: string; cost: number }[], warehouse = 'wh-main') =>
    shop.shop.storage.db('office').put({
      _id: id,
      type: 'slip',
      v: 1,
      title: 'Списание',
      day,
      createdBy: demoPhones.florist,
      createdAt: 1,
      updatedBy: demoPhones.florist,
      updatedAt: 1,
      data: { day, warehouse, lines, order, note: '' },
    });

  /** A posted supply invoice as stored: what the day's purchase price of a flower comes from. */
  const putInvoice = (id: string, day: string, lines: { flower: string; qty: number; price: number }[]) =>
    shop.shop.storage.db('office').put({
      _id: id,
      type: 'invoice',
      v: 1,
      title: 'Накладная',
      day,
      createdBy: demoPhones.florist,
      createdAt: 1,
      updatedBy: demoPhones.florist,
      updatedAt: 1,
      data: { kind: 'supply', number: '', supplier: '', supplierName: '', day, warehouse: 'wh-main', lines: lines.map((l) => ({ ...l, unit: 'pcs' })), paid: 0, status: 'posted', note: '' },
    });

  it('counts a pushed write-off at the purchase price of its day, not at the 10,000,000 ₽ a stem the device wrote on it', async () => {
    const [manager, florist] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
    const made = await call<{ data: OfficeRecord }>(shop.url, '/api/flowers/update', { data: { name: 'Роза', variety: 'Дорогая', unit: 'pcs' } }, manager);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rose = made.body.data.id;
    const day = today();
    const supply = await call(shop.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 40, unit: 'pcs', price: 100 }], status: 'posted' } }, manager);
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    const second = await call(shop.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 10, unit: 'pcs', price: 200 }], status: 'posted' } }, manager);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const writeOffs = async () => (await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: day, to: day }, admin)).body.data.current.writeOffs.cost;
    const before = await writeOffs();

    const pushed = await pushNew(shop.url, slip, { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 3, reason: 'wilted', cost: 10_000_000 }], order: '', note: '' }, { cookie: florist, phone: demoPhones.florist });
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
    // Stored as the device sent it: the florist's figure stays on the act, the books do not add it up.
    const stored = await shop.shop.storage.db('office').get<{ data: { lines: { cost: number }[] } }>(pushed.id);
    expect(stored.data.lines[0].cost).toBe(10_000_000);
    // The day's average: (40 × 100 + 10 × 200) / 50 = 120 ₽ a stem.
    expect((await writeOffs()) - before).toBe(3 * 120);
  });

  it('says what the stock is worth at purchase prices, per warehouse and in all, and counts write-offs, count shortages and a cancelled order’s bouquet as the period’s losses (issue 29, item 3)', async () => {
    const [manager, florist] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
    const made = await call<{ data: OfficeRecord }>(shop.url, '/api/flowers/update', { data: { name: 'Роза', variety: 'Стоимость', unit: 'pcs' } }, manager);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rose = made.body.data.id;
    const day = today();
    const report = async () => (await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: day, to: day }, admin)).body.data;
    const cold = (r: AnalyticsReport) => r.stock.byWarehouse.find((w) => w.warehouse === 'warehouse-cold');
    const before = await report();

    // An invoice of 100 roses at 129 ₽: the stock is worth 12 900 ₽ more, all of it in «Холодильник».
    const supply = await call(shop.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 100, unit: 'pcs', price: 129 }], status: 'posted' } }, manager);
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    const supplied = await report();
    expect(supplied.stock.total - before.stock.total).toBe(12_900);
    expect(cold(supplied)).toMatchObject({ name: 'Холодильник', value: (cold(before)?.value ?? 0) + 12_900 });

    // 10 wilted (1 290 ₽) and a count that finds 85 of the 90 left (5 short, 645 ₽): both leave the value and are losses.
    const act = await call<{ data: OfficeRecord }>(shop.url, '/api/slips/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 10, reason: 'wilted' }] } }, florist);
    expect(act.status, JSON.stringify(act.body)).toBe(200);
    const count = await call(shop.url, '/api/stock-counts/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, expected: 90, counted: 85 }], status: 'finished' } }, florist);
    expect(count.status, JSON.stringify(count.body)).toBe(200);
    const counted = await report();
    expect(counted.stock.total - before.stock.total).toBe(12_900 - 1290 - 645);
    expect(counted.current.losses.writeOffs - before.current.losses.writeOffs).toBe(1290);
    expect(counted.current.losses.shortages - before.current.losses.shortages).toBe(645);
    expect(counted.current.losses.total - before.current.losses.total).toBe(1290 + 645);

    // A bouquet made for an order that was then cancelled: its 7 stems (903 ₽) were used for nothing sold.
    const order = await orderOn('79001002111', day, { status: 'cancelled', cancelReason: 'Клиент передумал' });
    await putSlip(assemblySlipId(order.id), day, order.id, [{ flower: rose, qty: 7, reason: 'assembly', cost: 129 }], 'warehouse-cold');
    const cancelled = await report();
    expect(cancelled.current.losses.cancelled - before.current.losses.cancelled).toBe(7 * 129);
    expect(cancelled.stock.total - before.stock.total).toBe(12_900 - 1290 - 645 - 903);

    // The write-off voided: its stems are back in the value and out of the losses.
    const voided = await call(shop.url, '/api/slips/void', { id: act.body.data.id, reason: 'Ошиблись цветком' }, manager);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const after = await report();
    expect(after.stock.total - before.stock.total).toBe(12_900 - 645 - 903);
    expect(after.current.losses.writeOffs).toBe(before.current.losses.writeOffs);
    expect(after.current.losses.total - before.current.losses.total).toBe(645 + 903);
  });

  it('sums the period’s orders from the stored ones, against the same number of days before, and says the margin is partial', async () => {
    const first = await orderOn('79001002101', '2025-03-03', { source: 'phone', paid: { status: 'paid', method: 'cash' } });
    const second = await orderOn('79001002102', '2025-03-03');
    await orderOn('79001002103', '2025-03-10', { status: 'cancelled', cancelReason: 'Клиент передумал' });
    const earlier = await orderOn('79001002101', '2025-02-20');
    await putInvoice('inv-rose-2025', '2025-01-10', [{ flower: 'fl-rose', qty: 100, price: 100 }]);
    await putSlip(assemblySlipId(first.id), '2025-03-03', first.id, [{ flower: 'fl-rose', qty: 7, reason: 'assembly', cost: 100 }]);
    await putSlip('slip-wilted-2025', '2025-03-05', '', [{ flower: 'fl-rose', qty: 3, reason: 'wilted', cost: 100 }]);

    const answer = await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: '2025-03-01', to: '2025-03-31' }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { current, previous, month } = answer.body.data;
    expect(current).toMatchObject({ from: '2025-03-01', to: '2025-03-31', orders: 2, revenue: first.total + second.total });
    expect(current.margin).toEqual({
      value: first.total - 700,
      revenue: first.total,
      cost: 700,
      withoutCard: 1,
      withoutCardRevenue: second.total,
      partial: true,
    });
    expect(current.writeOffs.cost).toBe(300);
    expect(current.byCategory.find((c) => c.id === bouquet.category)).toMatchObject({ orders: 2 });
    expect(current.bySource.map((s) => s.id).sort()).toEqual(['phone', 'site']);
    expect(current.clients).toEqual({ new: 1, returning: 1, newRevenue: second.total, returningRevenue: first.total });
    expect(previous).toMatchObject({ from: '2025-01-29', to: '2025-02-28', orders: 1, revenue: earlier.total });
    expect(month).toMatchObject({ from: '2025-03-01', to: '2025-03-31', charges: 0, margin: first.total - 700, partial: true });
  });

  it('sums the month’s charges as they are stored: recorded through /api/charges/update, and one a device pushed with only the fields it had', async () => {
    // Days long past: a manager's to write (a florist writes no more than 31 days back).
    const manager = await signIn(shop.url, demoPhones.manager);
    const record = async (data: Record<string, unknown>) => {
      const answer = await call(shop.url, '/api/charges/update', { data }, manager);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await record({ day: '2024-06-03', direction: 'out', category: 'rent', amount: 40_000, method: 'transfer', note: 'Аренда за июнь' });
    await record({ day: '2024-06-10', direction: 'out', category: 'market', amount: 3500, method: 'cash', note: 'Эвкалипт на базе' });
    await record({ day: '2024-06-11', direction: 'in', category: 'other', amount: 5000, method: 'cash', note: 'Размен в кассу' });
    await record({ day: '2024-07-01', direction: 'out', category: 'rent', amount: 40_000, method: 'transfer', note: 'Аренда за июль' });
    // Written by a device before `method` and `note` were filled in: the defaults read it.
    await shop.shop.storage.db('office').put({
      _id: 'charge-old-device-1',
      type: 'charge',
      v: 1,
      title: 'Расход 800 ₽ от 2024-06-20',
      day: '2024-06-20',
      createdBy: demoPhones.florist,
      createdAt: 1,
      updatedBy: demoPhones.florist,
      updatedAt: 1,
      data: { day: '2024-06-20', category: 'couriers', amount: 800 },
    });

    const answer = await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: '2024-06-01', to: '2024-06-30' }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { month } = answer.body.data;
    expect(month).toMatchObject({ from: '2024-06-01', to: '2024-06-30', charges: 44_300, left: month.margin - 44_300 });
    expect(month.byCategory).toEqual([
      { category: 'Аренда', amount: 40_000 },
      { category: 'Закупка на базе', amount: 3500 },
      { category: 'Курьеры', amount: 800 },
    ]);
  });

  it('refuses a period that ends before it starts, spans ten years or does not parse: 400 in Russian', async () => {
    for (const body of [
      { from: '2025-03-31', to: '2025-03-01' },
      { from: '2015-01-01', to: '2024-12-31' },
      { from: '2025-02-30', to: '2025-03-31' },
      { from: 'март', to: '2025-03-31' },
      { preset: 'forever' },
      { from: '2025-03-01' },
    ]) {
      const answer = await call<{ error: string }>(shop.url, '/api/analytics/report', body, admin);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatch(cyrillic);
    }
  });

  it('is the admin’s: a manager and a florist are refused 403, a guest 401', async () => {
    const [manager, florist] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
    expect((await call(shop.url, '/api/analytics/report', { preset: 'month' }, manager)).status).toBe(403);
    expect((await call(shop.url, '/api/analytics/report', { preset: 'month' }, florist)).status).toBe(403);
    expect((await call(shop.url, '/api/analytics/report', { preset: 'month' })).status).toBe(401);
    expect((await call(shop.url, '/api/analytics/report', { preset: 'month' }, admin)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/shop/product';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { orderAtOnce, signInAll, testCustomer } from '../testing/order-rush';
import { setStock, stockEquation } from '../testing/stock-equation';

describe('a rush of orders on one server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let staff: string;
  let bouquets: string[];
  beforeAll(async () => {
    shop = await startTestShop();
    staff = await signIn(shop.url, demoPhones.florist);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquets = body.data.items.filter((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden).slice(0, 3).map((p) => p.id);
  });
  afterAll(() => shop.close());

  it('60 customers sending three orders of three bouquets each at once: no 5xx, and stock = initial − units in stored orders, exactly', async () => {
    const initial = Object.fromEntries(bouquets.map((id, k) => [id, 40 + k * 10]));
    for (const [id, n] of Object.entries(initial)) await setStock(shop.url, staff, id, n);
    const phones = Array.from({ length: 60 }, (_, i) => testCustomer(i));
    const cookies = await signInAll(() => shop.url, phones);
    const statuses = await orderAtOnce(() => shop.url, cookies, phones, bouquets, 3);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    // Demand (about 270 of each) is over the shelf: some orders got all they asked for, the rest were refused whole.
    expect(statuses).toContain(200);
    expect(statuses).toContain(409);
    const rows = await stockEquation(shop.url, staff, initial);
    for (const [id, { expected, actual }] of Object.entries(rows)) expect(actual, id).toBe(expected);
    // Cancelling half of them gives their units back, exactly.
    const { body } = await call<{ data: { items: { id: string }[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, staff);
    const half = body.data.items.filter((_, i) => i % 2 === 0);
    const cancelled = await Promise.all(half.map((o) => call(shop.url, '/api/orders/update-status', { id: o.id, status: 'cancelled', reason: 'Клиент передумал' }, staff)));
    expect(cancelled.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const after = await stockEquation(shop.url, staff, initial);
    for (const [id, { expected, actual }] of Object.entries(after)) expect(actual, id).toBe(expected);
   }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { call, signIn, startTestShop } from '../testing/test-shop';

/** A cluster with two of three copies down: every write reaches one copy and is answered 202. */
describe.each([
  ['the limits of a real shop', 20],
  ['limits far above a burst', 10_000],
])('an order on a CouchDB that takes no write on enough copies, with %s', (_, ordersPerCustomerPerHour) => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let customer: string;
  let item: Product;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shop = await startTestShop({ couchUrl: couch.url, ordersPerCustomerPerHour });
    customer = await signIn(shop.url, '79660000191');
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 50 }, query: {} });
    item = body.data.items.find((p) => !p.sizable && p.count > 2)!;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await couch?.close();
  });

  const draft = (id: string) => ({
    id,
    sender: { name: 'Анна', phone: '79660000191' },
    recipient: { name: 'Ольга', phone: '79660000192' },
    delivery: { method: 'pickup' },
    date: nextDay(today()),
    slot: '12:00–15:00',
    payment: 'card',
    lines: [{ id: item.id, count: 1 }],
  });

  it('is refused with 503 (the rate limit cannot count, so it says so instead of 429) after a bounded number of writes, and placed when sent again', async () => {
    const before = couch.splitCount();
    couch.splitWrites(() => true);
    const refused = await call<{ error: string }>(shop.url, '/api/orders/create', draft('too-few-copies-0001'), customer);
    couch.splitWrites(null);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatch(/попробуйте ещё раз/);
    expect(couch.splitCount() - before).toBeGreaterThan(0);
    expect(couch.splitCount() - before).toBeLessThanOrEqual(10);

    const placed = await call<{ number: number }>(shop.url, '/api/orders/create', draft('too-few-copies-0001'), customer);
    expect(placed.status).toBe(200);
  }, 60_000);

  it('is refused with 503 when only the order record cannot reach a quorum: its write is tried a bounded number of times, not for ever', async () => {
    const before = couch.splitCount();
    couch.splitWrites((w) => w.db === 'orders');
    const refused = await call<{ error: string }>(shop.url, '/api/orders/create', draft('too-few-copies-0002'), customer);
    couch.splitWrites(null);
    expect(refused.status).toBe(503);
    expect(couch.splitCount() - before).toBeGreaterThan(0);
    expect(couch.splitCount() - before).toBeLessThanOrEqual(10);
  }, 60_000);

  it('refuses a sign-in code with 503 too, after a bounded number of writes: its places and limits are claims', async () => {
    const before = couch.splitCount();
    couch.splitWrites(() => true);
    const refused = await call<{ error: string }>(shop.url, '/api/login', { phone: '79660000193' });
    couch.splitWrites(null);
    expect(refused.status).toBe(503);
    expect(couch.splitCount() - before).toBeLessThanOrEqual(10);
  }, 60_000);
});

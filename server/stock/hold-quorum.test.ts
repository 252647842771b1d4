import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { setStock } from '../testing/stock-equation';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

describe('a hold that too few copies of a cluster took', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let staff: string;
  let customer: string;
  let item: Product;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shop = await startTestShop({ couchUrl: couch.url });
    [staff, customer] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, '79660000091')]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    item = body.data.items.find((p) => !p.sizable)!;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await couch?.close();
  });

  it('refuses the order for now and keeps the units, so a rival on the other side cannot oversell them; the order is placed when sent again', async () => {
    await setStock(shop.url, staff, item.id, 5);
    const draft = {
      id: 'hold-quorum-draft-1',
      sender: { name: 'Анна', phone: '79660000091' },
      recipient: { name: 'Ольга', phone: '79660000092' },
      delivery: { method: 'pickup' },
      date: nextDay(today()),
      slot: '12:00–15:00',
      payment: 'card',
      lines: [{ id: item.id, count: 2 }],
    };
    // As a cluster whose other copies do not answer: the ledger's write is answered 202 with no rival to be seen.
    couch.splitWrites((w) => w.db === 'stock' && !w.wouldConflict);
    const refused = await call<{ error: string }>(shop.url, '/api/orders/create', draft, customer);
    couch.splitWrites(null);
    expect(couch.splitCount()).toBeGreaterThan(0);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatch(/попробуйте ещё раз/);
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: item.id })).body.data.count).toBe(5);

    const placed = await call<{ number: number }>(shop.url, '/api/orders/create', draft, customer);
    expect(placed.status).toBe(200);
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: item.id })).body.data.count).toBe(3);
  }, 60_000);
});

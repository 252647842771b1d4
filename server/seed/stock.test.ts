import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDoc } from '../db/docs';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { demoFlowers, demoWarehouses, seedStock } from './stock';

describe('the demo stock seed', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop();
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('gives a new demo shop the studio, the cold room and the showcase, and flowers and materials, which staff then read', async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    const warehouses = await call<{ data: { items: { title: string }[] } }>(shop.url, '/api/warehouses/list', { params: { skip: 0, limit: 20 }, query: {} }, florist);
    expect(warehouses.body.data.items.map((w) => w.title).sort()).toEqual(['Витрина', 'Студия', 'Холодильник']);
    const flowers = await call<{ data: { total: number } }>(shop.url, '/api/flowers/list', { params: { skip: 0, limit: 20 }, query: {} }, florist);
    expect(flowers.body.data.total).toBe(demoFlowers.length);
  });

  it('writes only what is missing, once: a warehouse staff deleted does not come back', async () => {
    const office = shop.shop.storage.db('office');
    await removeDoc(office, demoWarehouses[2].id);
    await seedStock(shop.shop);
    await expect(office.get(demoWarehouses[2].id)).rejects.toMatchObject({ status: 404 });
  });
});

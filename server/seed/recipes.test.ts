import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Product } from '../../schema/shop/product';
import { demoProducts } from './products';
import { demoRecipes } from './recipes';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

/** A new demo studio ships with its bouquets by tech card and the stems that make them: stock moves from the first sale. */
describe('the demo’s bouquets by tech card', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop({ seedRecipes: true });
  });
  afterAll(() => shop.close());

  const item = async (id: string) => (await call<{ data: Product }>(shop.url, '/api/items/get', { id })).body.data;

  it('shows the counts the demo catalogue had, now made by stems, and every bouquet card is valid', async () => {
    const { cards } = demoRecipes();
    // Every author bouquet and monobouquet of the demo is made by a card (issue 29, item 1).
    const bouquets = demoProducts.filter((p) => p.category === 'authors' || p.category === 'monobouquets').map((p) => p.name);
    expect(bouquets.filter((name) => !cards.some((c) => c.data.name === name))).toEqual([]);
    for (const card of cards) {
      const product = demoProducts.find((p) => p.id === card.data.product)!;
      expect((await item(product.id)).count, product.name).toBe(product.count);
    }
    const florist = await signIn(shop.url, demoPhones.florist);
    const stored = await call<{ data: { total: number } }>(shop.url, '/api/products/list', { params: { skip: 0, limit: 50 }, query: {} }, florist);
    expect(stored.body.data.total).toBe(cards.length);
  });

  it('an order of a demo monobouquet promises its stems and lowers the count at once', async () => {
    const chrysanthemums = demoProducts.find((p) => p.name === 'Монобукет из 15 белых хризантем')!;
    const me = await signIn(shop.url, '79440000951');
    const placed = await call<{ error?: string }>(shop.url, '/api/orders/create', { ...draftOf('79440000951', [{ id: chrysanthemums.id, count: 3 }]), date: nextDay(nextDay(today())) }, me);
    expect(placed.status, placed.body.error).toBe(200);
    for (let i = 0; i < 100 && (await item(chrysanthemums.id)).count !== chrysanthemums.count - 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await item(chrysanthemums.id)).count).toBe(chrysanthemums.count - 3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { techCardStudio } from '../testing/tech-card-studio';
import { call, startTestShop } from '../testing/test-shop';

describe('publishing a bouquet by tech card', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof techCardStudio>>;
  beforeAll(async () => {
    shop = await startTestShop();
    s = await techCardStudio(shop.url);
  });
  afterAll(() => shop.close());

  const read = async (id: string) => (await call<{ data: OfficeRecord }>(shop.url, '/api/products/get', { id }, s.florist)).body.data;
  const publish = (id: string) => call<{ data: Product; error?: string }>(shop.url, '/api/products/publish', { id }, s.florist);
  const item = async (id: string) => (await call<{ data: Product }>(shop.url, '/api/items/get', { id })).body.data;

  it('makes its catalogue item from the recipe, at the suggested price, and a second publish updates the same item', async () => {
    const id = await s.save('products', { name: 'Розы с эвкалиптом', warehouse: s.cold, lines: [{ flower: s.rose, qty: 15 }, { card: s.base, qty: 1 }], markup: 150 }, s.florist);
    const first = await publish(id);
    expect(first.status, first.body.error).toBe(200);
    // Cost 15 × 90 + 3 × 40,50 = 1 471,50 ₽; × 2,5 = 3 678,75, up to tens. The stems on hand make 6 (100 / 15, 20 / 3).
    expect(first.body.data).toMatchObject({ name: 'Розы с эвкалиптом', price: 3680, composition: 'Роза — 15 шт., Эвкалипт — 3 шт.', count: 6, itemType: 'bouquet', isActive: true });
    expect(await item(first.body.data.id)).toMatchObject({ name: 'Розы с эвкалиптом', price: 3680 });
    const card = await read(id);
    expect(card.data).toMatchObject({ product: first.body.data.id, art: first.body.data.art, price: 3680 });

    const renamed = await call(shop.url, '/api/products/update', { id, updatedAt: card.updatedAt, data: { ...card.data, name: 'Розы и эвкалипт', price: 3900 } }, s.florist);
    expect(renamed.status).toBe(200);
    const second = await publish(id);
    expect(second.body.data).toMatchObject({ id: first.body.data.id, art: first.body.data.art, name: 'Розы и эвкалипт', price: 3900, count: 6 });
    const all = (await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} }, s.florist)).body.data.items;
    expect(all.filter((p) => p.art === first.body.data.art)).toHaveLength(1);
  });

  it('refuses an article code another item has, and a card whose flowers were never bought and that has no price', async () => {
    const taken = await s.save('products', { name: 'Копия', art: s.bouquet.art, warehouse: s.cold, lines: [{ flower: s.rose, qty: 3 }] }, s.florist);
    const answer = await publish(taken);
    expect([answer.status, answer.body.error]).toEqual([409, `Артикул ${s.bouquet.art} уже занят товаром «${s.bouquet.name}»`]);
    const peony = await s.save('flowers', { name: 'Пион', unit: 'pcs' });
    const unpriced = await s.save('products', { name: 'Пионы', warehouse: s.cold, lines: [{ flower: peony, qty: 9 }] }, s.florist);
    const refused = await publish(unpriced);
    expect([refused.status, refused.body.error]).toEqual([400, 'Укажите цену продажи: у цветов этой техкарты ещё нет закупочных цен']);
    expect((await read(unpriced)).data.product).toBe('');
  });
});

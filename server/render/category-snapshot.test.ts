import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { demoProducts } from '../seed/products';
import { putSynced } from '../db/synced';
import { pageSize } from '../../schema/shared/api';
import { unitPrice, type Product } from '../../schema/shop/product';
import { shopSnapshot, snapshotElementId } from '../../schema/shop/shop-snapshot';

const model = demoProducts.find((p) => p.isActive && !p.isHidden && p.category === 'baskets')!;
const inDemo = demoProducts.filter((p) => p.isActive && !p.isHidden && p.category === 'baskets').length;
const added = 74;
/** A big category: 74 more baskets, each with its own rank and price. */
const many: Product[] = Array.from({ length: added }, (_, i) => ({ ...model, id: `many-${i}`, art: `MANY-${i}`, name: `Корзина №${i}`, rank: 1000 + i, price: 1000 + ((i * 37) % added) * 10 }));

const snapshotOf = (html: string) => {
  const json = new RegExp(`<script id="${snapshotElementId}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? null : shopSnapshot.parse(JSON.parse(json));
};

/**
 * Issue 18, item 17: a category's server-drawn page carries what its first view shows (a page of the shelf, in the
 * order the address asks) and the count, not every product of the category (at 50,000 products, megabytes a page).
 */
describe('a big category drawn by the server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const snapshot = async (path: string) => {
    const answer = await fetch(shop.url + path);
    const html = await answer.text();
    return { html, snapshot: snapshotOf(html) };
  };
  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npx vite build first (npm test does it)');
    shop = await startTestShop();
    for (const p of many) await putSynced(shop.shop.storage.db('catalog'), p);
    // The server's copy of the catalogue follows the changes feed: the category is drawn once it holds them all.
    for (let tries = 0; (await snapshot('/items/baskets')).snapshot?.shelfTotal !== inDemo + added; tries++) {
      if (tries > 100) throw new Error('the catalogue copy never took the added baskets');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(() => shop?.close());

  it('carries one page of the most popular and the count, and shows the count and «Показать ещё»', async () => {
    const { html, snapshot: drawn } = await snapshot('/items/baskets');
    expect(drawn?.shelfTotal).toBe(inDemo + added);
    expect(drawn?.products).toHaveLength(pageSize);
    const ranks = drawn!.products.map((p) => p.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(html).toContain(`aria-live="polite">${inDemo + added} товаров<`);
    expect(html).toMatch(new RegExp(`Показать ещё (<!-- -->)?${pageSize}<`));
  });

  it('follows the order and the pages the address asks for', async () => {
    const { snapshot: drawn } = await snapshot('/items/baskets?sort=cheap&pages=2');
    expect(drawn?.products).toHaveLength(2 * pageSize);
    const prices = drawn!.products.map(unitPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const all = [...many, ...demoProducts.filter((p) => p.isActive && !p.isHidden && p.category === 'baskets')].map(unitPrice).sort((a, b) => a - b);
    expect(prices).toEqual(all.slice(0, 2 * pageSize));
  });
});

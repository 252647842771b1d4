import fs from 'node:fs';
import { defaultStringifySearch } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { demoProducts } from '../seed/products';
import { pageSize } from '../../schema/shared/api';
import { byRank } from '../../schema/shop/product-filter';
import { unitPrice, type Product } from '../../schema/shop/product';
import { shopSnapshot, snapshotElementId } from '../../schema/shop/shop-snapshot';
import { titleOf } from '../../schema/shared/title';

const onSale = demoProducts.filter((p) => p.isActive && !p.isHidden).sort(byRank);
const hidden = demoProducts.filter((p) => !p.isActive || p.isHidden);
const birthday = onSale.filter((p) => p.tags.includes('birthday'));

/** Text as React writes it into HTML. */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const snapshotOf = (html: string) => {
  const json = new RegExp(`<script id="${snapshotElementId}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? null : shopSnapshot.parse(JSON.parse(json));
};
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script id=/.exec(html)?.[1] ?? '';
/** A card as the drawn page holds it: the product's link and its name. */
const cardOf = (p: Product) => new RegExp(`<a class="card__link" href="/items/${p.id}"[^>]*>[\\s\\S]*?${inHtml(p.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h3></a>`);

/**
 * The catalogue (/items, spec §2) drawn by the server as a category is: a bot, or a first visit on a slow phone, reads
 * the first page of every product on sale (by the filter in the address, written as the tab's router writes it),
 * the count, and the catalogue's title, before any JavaScript has run. Needs the build (`npx vite build`).
 */
describe('the catalogue drawn by the server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const get = async (path: string) => {
    const answer = await fetch(shop.url + path);
    const html = await answer.text();
    return { status: answer.status, html, root: rootOf(html), snapshot: snapshotOf(html) };
  };
  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npx vite build first (npm test does it)');
    shop = await startTestShop();
  });
  afterAll(() => shop?.close());

  it('draws the first page of every product on sale with their links, the count and «Показать ещё»', async () => {
    const { status, html, root, snapshot } = await get('/items');
    expect(status).toBe(200);
    expect(root).toContain('<h1>Каталог</h1>');
    for (const p of onSale.slice(0, pageSize)) expect(root).toMatch(cardOf(p));
    for (const p of [...onSale.slice(pageSize), ...hidden]) expect(root).not.toContain(`href="/items/${p.id}"`);
    expect(root).toContain(`aria-live="polite">${onSale.length} товар`);
    expect(root).toMatch(new RegExp(`Показать ещё (<!-- -->)?${pageSize}<`));
    expect(snapshot?.shelfTotal).toBe(onSale.length);
    expect(snapshot?.products.map((p) => p.id)).toEqual(onSale.slice(0, pageSize).map((p) => p.id));
    expect(html).toContain(`<title>${titleOf('Каталог')}</title>`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({ '@type': 'Florist' });
  });

  it('honours the filter and the order in the address as the tab writes them', async () => {
    const search = defaultStringifySearch({ tags: ['birthday'], sort: 'cheap' });
    expect(search).toContain('%5B%22birthday%22%5D');
    const { root, snapshot } = await get(`/items${search}`);
    const cheapest = [...birthday].sort((a, b) => unitPrice(a) - unitPrice(b)).slice(0, pageSize);
    expect(snapshot?.shelfTotal).toBe(birthday.length);
    expect(snapshot?.products.map(unitPrice)).toEqual(cheapest.map(unitPrice));
    expect(snapshot?.products.every((p) => p.tags.includes('birthday'))).toBe(true);
    for (const p of cheapest) expect(root).toMatch(cardOf(p));
    for (const p of onSale.filter((p) => !p.tags.includes('birthday'))) expect(root).not.toContain(`href="/items/${p.id}"`);
    expect(root).toContain(`aria-live="polite">${birthday.length} товар`);
  });

  it('narrows by name and category, and says so when nothing is left', async () => {
    const basket = onSale.find((p) => p.category === 'baskets')!;
    const byName = await get(`/items${defaultStringifySearch({ name: basket.name.slice(0, 12).toLowerCase(), category: 'baskets' })}`);
    const named = onSale.filter((p) => p.category === 'baskets' && p.name.toLowerCase().includes(basket.name.slice(0, 12).toLowerCase()));
    expect(byName.snapshot?.products.map((p) => p.id)).toEqual(named.map((p) => p.id));
    expect(byName.root).toMatch(cardOf(basket));
    const none = await get(`/items${defaultStringifySearch({ name: 'нет такого букета' })}`);
    expect(none.snapshot?.shelfTotal).toBe(0);
    expect(none.root).toContain('Ничего не нашлось');
  });

  it('sends an address the tab writes otherwise (an empty name, a list not as JSON, an unknown order) to its written form, never an empty drawn page', async () => {
    // The router only redirects such an address to its written form and draws nothing: a snapshot beside an empty
    // drawing made the tab's hydration fail (React's error 418) on /items/baskets?sort=x. The server answers it 301
    // to the written address (server/render/written-address.test.ts), which is drawn.
    for (const [path, to] of [['/items?name=', '/items'], ['/items?tags=mom', `/items${defaultStringifySearch({ tags: ['mom'] })}`], ['/items/baskets?sort=x', '/items/baskets'], ['/items/baskets?pages=1', '/items/baskets']]) {
      const answer = await fetch(shop.url + path, { redirect: 'manual' });
      expect(`${answer.status} ${answer.headers.get('location')}`, path).toBe(`301 ${to}`);
      const { status, html, snapshot } = await get(to);
      expect(status, to).toBe(200);
      expect(html, to).not.toContain('<div id="root"></div>');
      expect(snapshot, to).not.toBeNull();
    }
  });

  it('sends /items/complex, which has no page of its own (spec §2), to the catalogue with its query', async () => {
    for (const [path, to] of [['/items/complex', '/items'], ['/items/complex/', '/items'], ['/items/complex?sort=cheap', '/items?sort=cheap']]) {
      const answer = await fetch(shop.url + path, { redirect: 'manual' });
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe(to);
    }
  });
});

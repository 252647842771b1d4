import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { demoProducts } from '../seed/products';
import { putSynced } from '../db/synced';
import type { Page } from '../../schema/shop/page';

const shell = '<!doctype html><html lang="ru"><head><title>Цветы</title><meta name="description" content="общее" /></head><body><div id="root"></div></body></html>';
const onSale = demoProducts.find((p) => p.isActive && !p.isHidden)!;
const categories = ['authors', 'monobouquets', 'baskets', 'boxes', 'potted', 'woodbox', 'dried', 'premium', 'flowersbypiece', 'toys', 'vases', 'paintings', 'complex'];

/** Every public address of the spec (§2) that the demo shop has. */
const specAddresses = [
  '/', '/login', '/qr-login', '/policy', '/my', '/info', '/info/delivery', '/items', `/items/${onSale.id}`, ...categories.map((c) => `/items/${c}`),
  `/product/${onSale.art}~${encodeURIComponent(onSale.name)}`, '/tags/birthday', '/tags/love', '/flowers/rose', '/flowers/tulip', '/flowers-encyclopedia',
  '/flowers-encyclopedia/roses', '/flowers-encyclopedia/roses/pink-ohara', '/search?q=роза', '/search', '/offers', '/offers/5percent-off-for-feedback',
  '/orders/create', '/orders/thank-you?number=1', '/8march', '/mothers-day', '/new-year', '/new-year/2023', '/new-year/2023/red', '/new-year/2023/blue',
  '/new-year/2023/pink', '/new-year/2023/white', '/new-year/2024', '/new-year/2025', '/bukety-na-den-rozhdeniya', '/postcards', '/for-companies',
  '/service', '/slideshow', '/studio', '/exclusive/reflection', '/admin', '/admin/orders', '/items/', '/studio/',
];

const unknownAddresses = [
  '/no/such/page', '/items/no-such-item', '/items/authors/extra', `/product/NOPE-1~${encodeURIComponent('Нет такого')}`, '/flowers/cactus-nonsense',
  '/tags/no-such-tag', '/new-year/2099', '/Studio', '/%E0%A4%A', '/studio%2F..%2Fsecret',
];

/** The server tells a page the shop has (200) from an address that leads nowhere (404), before any JavaScript runs. */
describe('unknown addresses answer 404', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let dist: string;
  const get = (p: string) => fetch(shop.url + p);
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), shell);
    shop = await startTestShop({ distDir: dist });
  });
  afterAll(async () => {
    await shop.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers 200 for every public address of the spec, products, categories and pages of the pages store', async () => {
    const answers = await Promise.all(specAddresses.map(async (p) => `${p} ${(await get(p)).status}`));
    expect(answers).toEqual(specAddresses.map((p) => `${p} 200`));
  });

  it('answers 404, still with the app and a title that says so, for an address that leads nowhere', async () => {
    const answers = await Promise.all(unknownAddresses.map(async (p) => `${p} ${(await get(p)).status}`));
    expect(answers).toEqual(unknownAddresses.map((p) => `${p} 404`));
    const res = await get('/no/such/page');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('<title>Страница не найдена — Цветочная мастерская</title>');
  });

  it('follows the pages store: a page an admin adds answers 200 from then on', async () => {
    expect((await get('/spring-sale')).status).toBe(404);
    const page: Page = { id: 'spring-sale', key: 'spring-sale', value: { title: 'Весенняя распродажа', description: '', sections: [], blocks: [] }, updatedAt: 1 };
    await putSynced(shop.shop.storage.db('pages'), page);
    expect((await get('/spring-sale')).status).toBe(200);
    expect(await (await get('/spring-sale')).text()).toContain('<title>Весенняя распродажа — Цветочная мастерская</title>');
  });

  it('leaves API and database addresses to their own answers', async () => {
    expect((await get('/api/no-such-call')).status).toBe(404);
    expect((await get('/api/health')).status).toBe(200);
  });
});

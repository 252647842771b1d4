import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { demoProducts } from '../seed/products';
import { formatRoubles } from '../../schema/shared/money';
import { unitPrice } from '../../schema/shop/product';
import { shopSnapshot, snapshotElementId } from '../../schema/shop/shop-snapshot';

const onSale = demoProducts.filter((p) => p.isActive && !p.isHidden);
const product = onSale.find((p) => p.category === 'monobouquets')!;
const inCategory = onSale.filter((p) => p.category === product.category);
const hidden = demoProducts.find((p) => p.isHidden)!;

/** Text as React writes it into HTML. */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const snapshotOf = (html: string) => {
  const json = new RegExp(`<script id="${snapshotElementId}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? null : shopSnapshot.parse(JSON.parse(json));
};
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script id=/.exec(html)?.[1] ?? '';

/**
 * A first visit, a bot or a link preview gets the page drawn: names, prices and text in the HTML from the same React
 * components the tab runs, and the snapshot the tab hydrates from. Needs the build (`npx vite build`).
 */
describe('server-rendered public pages', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const get = async (path: string) => {
    const res = await fetch(shop.url + path);
    return { status: res.status, html: await res.text(), cache: res.headers.get('cache-control') };
  };
  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npx vite build first (npm test does it)');
    shop = await startTestShop();
  });
  afterAll(() => shop?.close());

  it('draws the home page with bestsellers and their prices', async () => {
    const { status, html, cache } = await get('/');
    expect(status).toBe(200);
    expect(cache).not.toContain('no-store');
    const root = rootOf(html);
    expect(root).toContain('Хиты продаж');
    const best = [...onSale].sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'ru'))[0];
    expect(root).toContain(inHtml(best.name));
    expect(root).toContain(formatRoubles(unitPrice(best)));
    expect(snapshotOf(html)?.products.some((p) => p.id === best.id)).toBe(true);
  });

  it('draws a category with all its products and nothing hidden', async () => {
    const { status, html } = await get(`/items/${product.category}`);
    expect(status).toBe(200);
    const root = rootOf(html);
    for (const p of inCategory.slice(0, 20)) expect(root).toContain(inHtml(p.name));
    expect(root).not.toContain(inHtml(hidden.name));
    expect(snapshotOf(html)?.products.map((p) => p.id).sort()).toEqual(inCategory.map((p) => p.id).sort());
  });

  it('draws a product page with its name, price, composition and main picture (not lazy, sized)', async () => {
    const { html } = await get(`/items/${product.id}`);
    const root = rootOf(html);
    expect(root).toContain(`<h1>${inHtml(product.name)}</h1>`);
    expect(root).toContain(formatRoubles(unitPrice(product)));
    expect(root).toContain(inHtml(product.composition));
    expect(root).toMatch(new RegExp(`<img src="${product.images[0].url}" alt="[^"]*" width="600" height="600"/>`));
  });

  it('gives the shop and each product an og:image that is a PNG', async () => {
    for (const path of ['/', `/items/${product.id}`]) {
      const image = /<meta property="og:image" content="([^"]+)"/.exec((await get(path)).html)?.[1];
      expect(image, path).toMatch(/\.png$/);
      const answer = await fetch(image!);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
    expect((await fetch(`${shop.url}/img/bouquet/..%2Fx.png`)).status).toBe(404);
  });

  it('draws info pages and a flower page from the pages store', async () => {
    const delivery = rootOf((await get('/info/delivery')).html);
    expect(delivery).toContain('<h1>');
    expect(delivery).not.toContain('Загружаем');
    const flower = await get('/flowers/rose');
    expect(flower.status).toBe(200);
    expect(rootOf(flower.html)).toContain('<h1>Розы</h1>');
  });

  it('sends screens that need the device (checkout, back-office) and unknown addresses as the shell', async () => {
    for (const path of ['/orders/create', '/admin', '/no-such-page']) {
      const { html } = await get(path);
      expect(html).toContain('<div id="root"></div>');
      expect(snapshotOf(html)).toBeNull();
    }
  });
});

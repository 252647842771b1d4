import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { demoProducts } from '../seed/products';

const shell = '<!doctype html><html lang="ru"><head><title>Цветы</title><meta name="description" content="общее" /></head><body><div id="root"></div></body></html>';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && p.discountPrice)!;
const hidden = demoProducts.find((p) => p.isHidden)!;

/** What a search engine or a link preview sees: real HTML per page, without running any JavaScript. */
describe('pages for search engines and link previews', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let dist: string;
  const html = async (p: string) => (await fetch(shop.url + p)).text();
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), shell);
    shop = await startTestShop({ distDir: dist });
  });
  afterAll(async () => {
    await shop.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('gives a product page its title, description, Open Graph image and Product JSON-LD with the price in roubles', async () => {
    const page = await html(`/items/${product.id}`);
    expect(page).toContain(`<title>${product.name.replace(/"/g, '&quot;')} — купить с доставкой по Москве</title>`);
    expect(page).toContain(`<meta property="og:image" content="${shop.url}${product.images[0].url}" />`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]);
    expect(ld).toMatchObject({ '@type': 'Product', sku: product.art, offers: { price: product.discountPrice, priceCurrency: 'RUB' } });
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('finds a product by its art in /product/{art}~{name}', async () => {
    expect(await html(`/product/${product.art}~${encodeURIComponent(product.name)}`)).toContain(`"sku":"${product.art}"`);
  });

  it('titles info pages and categories, and falls back to the shop for anything else', async () => {
    expect(await html('/info/delivery')).toContain('<title>Доставка и оплата — Цветочная мастерская</title>');
    expect(await html('/items/monobouquets')).toContain('<title>Монобукеты — купить в Москве с доставкой</title>');
    expect(await html('/no/such/page')).toContain('<title>Цветочная мастерская — доставка цветов по Москве</title>');
    expect(await html(`/items/${hidden.id}`)).not.toContain('application/ld+json');
  });

  it('escapes what it puts into the HTML', async () => {
    expect(await html('/items/%22%3E%3Cscript%3E')).not.toContain('"><script>');
  });

  it('serves a sitemap of every item on sale and every page, and robots.txt pointing to it', async () => {
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).toContain(`<loc>${shop.url}/items/${product.id}</loc>`);
    expect(sitemap).toContain(`<loc>${shop.url}/info/delivery</loc>`);
    expect(sitemap).not.toContain(`/items/${hidden.id}<`);
    const robots = await html('/robots.txt');
    expect(robots).toContain(`Sitemap: ${shop.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin');
  });
});

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { demoProducts } from '../seed/products';
import { putSynced } from '../db/synced';
import type { Page } from '../../schema/shop/page';
import type { QrLoginAnswer } from '../../schema/shared/qr-login';

const shell = '<!doctype html><html lang="ru"><head><title>Цветы</title><meta name="description" content="общее" /></head><body><div id="root"></div></body></html>';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && p.discountPrice)!;
const hidden = demoProducts.find((p) => p.isHidden)!;
/** Every replacement pattern String.prototype.replace knows, so a replacement string would splice the template. */
const dollars = "$' $` $& $1 $$ $<x>";
const dollarsInHtml = "$' $` $&amp; $1 $$ $&lt;x&gt;";
const dollarProduct = { ...product, id: 'p-dollar', art: 'D-1', name: `Букет ${dollars}` };
const dollarPage: Page = { id: 'dollar-page', key: 'dollar-page', value: { title: `Скидки ${dollars}`, description: `Описание ${dollars}`, sections: [], blocks: [] }, updatedAt: 1 };

/** A GET with any Host header (fetch does not let a test set it). */
const getWithHost = (url: string, host: string) =>
  new Promise<string>((resolve, reject) => {
    http.get(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve(body));
    }).on('error', reject);
  });

/** What a search engine or a link preview sees: real HTML per page, without running any JavaScript. */
describe('pages for search engines and link previews', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let dist: string;
  const html = async (p: string) => (await fetch(shop.url + p)).text();
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), shell);
    shop = await startTestShop({ distDir: dist });
    await putSynced(shop.shop.storage.db('catalog'), dollarProduct);
    await putSynced(shop.shop.storage.db('pages'), dollarPage);
  });
  afterAll(async () => {
    await shop.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('gives a product page its title, description, Open Graph image and Product JSON-LD with the price in roubles', async () => {
    const page = await html(`/items/${product.id}`);
    expect(page).toContain(`<title>${product.name.replace(/"/g, '&quot;')} — купить с доставкой по Москве</title>`);
    // VK and Telegram show no SVG: the drawn picture goes out as its PNG.
    expect(page).toContain(`<meta property="og:image" content="http://localhost:${shop.port}${product.images[0].url.replace(/\.svg$/, '.png')}" />`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]);
    expect(ld).toMatchObject({ '@type': 'Product', sku: product.art, offers: { price: product.discountPrice, priceCurrency: 'RUB' } });
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('finds a product by its art in /product/{art}~{name}', async () => {
    expect(await html(`/product/${product.art}~${encodeURIComponent(product.name)}`)).toContain(`"sku":"${product.art}"`);
  });

  it('titles info pages and categories, and says so for an address that is no page', async () => {
    expect(await html('/info/delivery')).toContain('<title>Доставка и оплата — Цветочная мастерская</title>');
    expect(await html('/items/monobouquets')).toContain('<title>Монобукеты — купить в Москве с доставкой</title>');
    expect(await html('/no/such/page')).toContain('<title>Страница не найдена — Цветочная мастерская</title>');
    expect(await html(`/items/${hidden.id}`)).not.toContain('"@type":"Product"');
  });

  it('asks engines not to index search results, which have no canonical address, and indexes every other page', async () => {
    for (const path of ['/search?q=%D1%80%D0%BE%D0%B7%D0%B0', '/search']) {
      const page = await html(path);
      expect(page, path).toContain('<meta name="robots" content="noindex" />');
      expect(page, path).not.toContain('rel="canonical"');
    }
    for (const path of ['/', '/items', '/items/monobouquets', `/items/${product.id}`, '/info/delivery']) {
      const page = await html(path);
      expect(page, path).not.toContain('name="robots"');
      expect(page, path).toContain('rel="canonical"');
    }
  });

  it('escapes what it puts into the HTML', async () => {
    expect(await html('/items/%22%3E%3Cscript%3E')).not.toContain('"><script>');
  });

  it('serves a sitemap of every item on sale and every page, and robots.txt pointing to it', async () => {
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).toContain(`<loc>http://localhost:${shop.port}/items/${product.id}</loc>`);
    expect(sitemap).toContain(`<loc>http://localhost:${shop.port}/info/delivery</loc>`);
    expect(sitemap).not.toContain(`/items/${hidden.id}<`);
    const robots = await html('/robots.txt');
    expect(robots).toContain(`Sitemap: http://localhost:${shop.port}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin');
  });

  it('puts names and titles into the HTML as they are, `$` patterns included', async () => {
    for (const page of [await html(`/items/${dollarProduct.id}`), await html(`/product/${dollarProduct.art}~x`)]) {
      expect(page).toContain(`<title>Букет ${dollarsInHtml} — купить с доставкой по Москве</title>`);
      expect(page.match(/<title>/g)).toHaveLength(1);
      expect(page.match(/<\/head>/g)).toHaveLength(1);
      expect(page).toContain(`"name":"Букет ${dollars.replace('<', '\\u003c')}"`);
    }
    const info = await html('/dollar-page');
    expect(info).toContain(`<title>Скидки ${dollarsInHtml} — Цветочная мастерская</title>`);
    expect(info).toContain(`<meta name="description" content="Описание ${dollarsInHtml}" />`);
    expect(info.match(/<html/g)).toHaveLength(1);
  });
});

/** Links a search engine, a preview or a phone follows start with the shop's own address, whatever Host a request claims. */
describe('the public origin', () => {
  const origin = 'https://cvety.example';
  const forged = 'evil.example';
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), shell);
    shop = await startTestShop({ distDir: dist, publicOrigin: origin });
  });
  afterAll(async () => {
    await shop.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('never puts a forged Host into sitemap.xml, robots.txt, canonical, og:url or JSON-LD', async () => {
    const sitemap = await getWithHost(`${shop.url}/sitemap.xml`, forged);
    expect(sitemap).toContain(`<loc>${origin}/items/${product.id}</loc>`);
    expect(await getWithHost(`${shop.url}/robots.txt`, forged)).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const page = await getWithHost(`${shop.url}/items/${product.id}`, forged);
    expect(page).toContain(`<link rel="canonical" href="${origin}/items/${product.id}" />`);
    expect(page).toContain(`<meta property="og:url" content="${origin}/items/${product.id}" />`);
    expect(page).toContain(`"url":"${origin}/items/${product.id}"`);
    for (const body of [sitemap, page, await getWithHost(`${shop.url}/robots.txt`, forged)]) expect(body).not.toContain(forged);
  });

  it('puts the public origin, not the Host, into the QR sign-in link', async () => {
    const res = await fetch(`${shop.url}/api/qr-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-host': forged },
      body: JSON.stringify({ identifier: 'computer-origin-aaaaaaaa' }),
    });
    const answer = (await res.json()) as QrLoginAnswer;
    expect(answer).toMatchObject({ status: 'waiting', link: expect.stringMatching(/^https:\/\/cvety\.example\/qr-login\?code=/) });
    const viaHost = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${shop.url}/api/qr-login`, { method: 'POST', headers: { host: forged, 'content-type': 'application/json' } }, (r) => {
        let body = '';
        r.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve(body));
      });
      req.on('error', reject).end(JSON.stringify({ identifier: 'computer-origin-bbbbbbbb' }));
    });
    expect(viaHost).toContain(`"link":"${origin}/qr-login?code=`);
    expect(viaHost).not.toContain(forged);
  });

  it('without PUBLIC_ORIGIN (demo) links to this server on localhost, still not to the Host', async () => {
    const demo = await startTestShop({ distDir: dist });
    try {
      const robots = await getWithHost(`${demo.url}/robots.txt`, forged);
      expect(robots).toContain(`Sitemap: http://localhost:${demo.port}/sitemap.xml`);
    } finally {
      await demo.close();
    }
  });
});

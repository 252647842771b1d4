import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/shop/product';
import { putSynced } from '../db/synced';
import { demoProducts } from '../seed/products';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

const attacks = ['"><script>alert(1)</script>', '@evil.example/x.png', 'javascript:alert(1)'];
const shell = '<!doctype html><html lang="ru"><head><title>Цветы</title><meta name="description" content="общее" /></head><body><div id="root"></div></body></html>';
/** A product as it could have been stored before image addresses were checked. */
const stored = (id: string, art: string, url: string): Product => ({ ...demoProducts.find((p) => p.isActive && !p.isHidden)!, id, art, images: [{ url }, { url: '/img/bouquet/kept-1.svg' }] });

describe('a product’s pictures', () => {
  let dir: string;
  let dist: string;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let manager: string;
  beforeAll(async () => {
    [dir, dist] = await Promise.all([fs.mkdtemp(path.join(os.tmpdir(), 'images-')), fs.mkdtemp(path.join(os.tmpdir(), 'dist-'))]);
    await fs.writeFile(path.join(dist, 'index.html'), shell);
    shop = await startTestShop({ dataDir: dir, distDir: dist });
    manager = await signIn(shop.url, demoPhones.manager);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await Promise.all([dir, dist].map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  it.each(attacks)('refuses %s as an image address with a Russian 400', async (url) => {
    const input = { art: 'IMG-1', name: 'Букет с чужой картинкой', images: [{ url }], price: 2500, count: 3, category: 'authors', itemType: 'bouquet' };
    const answer = await call<{ error: string }>(shop.url, '/api/items/update', input, manager);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/Картинка: только адрес картинки магазина/);
  });

  it('keeps the shop’s own drawn pictures an item already shows; new ones are uploads (server/api/item-uploads.test.ts)', async () => {
    const demo = demoProducts.find((p) => p.images.length > 0)!;
    const { body } = await call<{ data: Product }>(shop.url, '/api/items/get', { id: demo.id }, manager);
    const answer = await call<{ data: Product }>(shop.url, '/api/items/update', { ...body.data, name: 'Переименован' }, manager);
    expect(answer.status).toBe(200);
    expect(answer.body.data.images).toEqual(body.data.images);
  });

  it('never lets og:image or the JSON-LD point at another host, even for an address stored before the check', async () => {
    await putSynced(shop.shop.storage.db('catalog'), stored('p-foreign-1', 'F-1', '@evil.example/x.png'));
    let page = '';
    // The catalogue copy behind the pages follows the store's changes feed.
    for (let tries = 0; tries < 50 && !page.includes('og:image'); tries++) {
      page = await (await fetch(`${shop.url}/items/p-foreign-1`)).text();
      if (!page.includes('p-foreign-1')) page = '';
      await new Promise((r) => setTimeout(r, 100));
    }
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
    expect(new URL(image!).host).toBe(`localhost:${shop.port}`);
    expect(page).not.toContain('evil.example');
  });

  it('drops addresses that are not the shop’s own from stored products at the next start, keeping the rest', async () => {
    for (const [i, url] of attacks.entries()) await putSynced(shop.shop.storage.db('catalog'), stored(`p-foreign-${i + 2}`, `F-${i + 2}`, url));
    await shop.close();
    shop = await startTestShop({ dataDir: dir, distDir: dist });
    for (const i of attacks.keys()) {
      const { body } = await call<{ data: Product }>(shop.url, '/api/items/get', { id: `p-foreign-${i + 2}` });
      expect(body.data.images).toEqual([{ url: '/img/bouquet/kept-1.svg' }]);
    }
  }, 60_000);
});

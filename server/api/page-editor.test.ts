import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PageDraft } from '../../schema/shop/page';
import { blockProducts } from '../../schema/shop/page-products';
import { demoProducts } from '../seed/products';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

/** The page editors' server side (issue 22, item 1): drafts, publishing, addresses and who may. */
describe('page drafts and publishing', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const cookies = { admin: '', florist: '', manager: '' };
  const value = {
    title: 'Неделя тюльпанов',
    description: 'Тюльпаны к весне',
    sections: [],
    blocks: [
      { kind: 'heading', text: 'Только неделю' },
      { kind: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(2)>' },
      { kind: 'products', tag: 'love', heading: 'Букеты', limit: 4 },
      { kind: 'cta', text: '', label: 'В каталог', href: '/items/authors' },
    ],
  };
  beforeAll(async () => {
    shop = await startTestShop();
    for (const who of ['admin', 'florist', 'manager'] as const) cookies[who] = await signIn(shop.url, demoPhones[who]);
  });
  afterAll(() => shop.close());

  it('keeps a draft from everyone until it is published, then serves it to bots as HTML', async () => {
    expect((await call(shop.url, '/api/pages/draft', { key: 'tulip-week', value, isNew: true }, cookies.admin)).status).toBe(200);
    expect((await call(shop.url, '/api/pages/get', { slug: 'tulip-week' })).status).toBe(404);
    expect((await fetch(`${shop.url}/tulip-week`)).status).toBe(404);
    const drafts = await call<{ data: { items: PageDraft[] } }>(shop.url, '/api/pages/drafts', {}, cookies.admin);
    expect(drafts.body.data.items.map((d) => d.key)).toContain('tulip-week');

    expect((await call(shop.url, '/api/pages/update', { key: 'tulip-week', value }, cookies.admin)).status).toBe(200);
    const html = await (await fetch(`${shop.url}/tulip-week`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text();
    expect(html).toContain('Неделя тюльпанов');
    expect(html).toContain('Только неделю');
    // Typed markup is text: escaped in the HTML, never an element.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('href="/items/authors"');
    // The grid of the «love» block is drawn too, bestsellers first, up to its limit: a bot reads what a shopper sees.
    const drawn = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="shop-snapshot"'));
    const grid = blockProducts({ kind: 'products', tag: 'love', heading: 'Букеты', limit: 4 }, demoProducts.filter((p) => p.isActive && !p.isHidden));
    expect(grid).toHaveLength(4);
    for (const p of grid) expect(drawn, p.name).toContain(`href="/items/${p.id}"`);
    const after = await call<{ data: { items: PageDraft[] } }>(shop.url, '/api/pages/drafts', {}, cookies.admin);
    expect(after.body.data.items.map((d) => d.key)).not.toContain('tulip-week');
  });

  it('saves only for an admin', async () => {
    for (const who of ['florist', 'manager'] as const) {
      expect((await call(shop.url, '/api/pages/draft', { key: 'x-page', value }, cookies[who])).status).toBe(403);
      expect((await call(shop.url, '/api/pages/update', { key: 'x-page', value }, cookies[who])).status).toBe(403);
    }
    expect((await call(shop.url, '/api/pages/get', { slug: 'x-page' })).status).toBe(404);
  });

  it('refuses an address a shop route answers, another page’s address for a new page, and a link out of the shop', async () => {
    for (const key of ['login', 'items/roses', 'admin/pages', 'api/x', 'product/b-1']) {
      const answer = await call<{ error: string }>(shop.url, '/api/pages/update', { key, value }, cookies.admin);
      expect(answer.status, key).toBe(400);
      expect(answer.body.error).toMatch(/занят разделом магазина/);
    }
    const taken = await call<{ error: string }>(shop.url, '/api/pages/draft', { key: 'tulip-week', value, isNew: true }, cookies.admin);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Страница /tulip-week уже есть: откройте её или выберите другой адрес');
    for (const href of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
      const bad = await call(shop.url, '/api/pages/update', { key: 'tulip-week', value: { ...value, blocks: [{ kind: 'cta', text: '', label: 'Туда', href }] } }, cookies.admin);
      expect(bad.status, href).toBe(400);
    }
    const page = await call<{ data: Page }>(shop.url, '/api/pages/get', { slug: 'tulip-week' });
    expect(page.body.data.value.blocks).toHaveLength(4);
  });

  it('is drawn for bots by every app server at once: published through one, read from the other', async () => {
    const two = await startTwoShops();
    try {
      const admin = await signIn(two.a.url, demoPhones.admin);
      const campaign = { ...value, blocks: [{ kind: 'heading', text: 'На двух серверах' }, { kind: 'products', tag: 'wedding', heading: 'Свадебные', limit: 3 }] };
      expect((await call(two.a.url, '/api/pages/update', { key: 'two-servers', value: campaign }, admin)).status).toBe(200);
      const answer = await fetch(`${two.b.url}/two-servers`, { headers: { 'user-agent': 'Googlebot/2.1' } });
      expect(answer.status).toBe(200);
      const html = await answer.text();
      const drawn = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="shop-snapshot"'));
      expect(drawn).toContain('<h2>На двух серверах</h2>');
      const grid = blockProducts({ kind: 'products', tag: 'wedding', heading: '', limit: 3 }, demoProducts.filter((p) => p.isActive && !p.isHidden));
      expect(grid).toHaveLength(3);
      for (const p of grid) expect(drawn, p.name).toContain(`href="/items/${p.id}"`);
    } finally {
      await two.close();
    }
  });
});

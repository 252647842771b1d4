import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCatalogSetup, type CatalogSetup, type CatalogSetupAnswer } from '../../schema/shop/catalog-setup';
import { defaultHomeCopy, type HomeCopyAnswer } from '../../schema/shop/home-copy';
import { shopSnapshot, snapshotElementId } from '../../schema/shop/shop-snapshot';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Refusal = { error?: string; issues?: { path: string; message: string }[] };

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script id=/.exec(html)?.[1] ?? '';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const snapshotOf = (html: string) => {
  const json = new RegExp(`<script id="${snapshotElementId}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? null : shopSnapshot.parse(JSON.parse(json));
};
/** The category bar's links in the server's HTML, in their order. */
const barOf = (html: string) => [.../<nav class="category-bar"[^>]*>([\s\S]*?)<\/nav>/.exec(rootOf(html))?.[1].matchAll(/href="\/items\/([a-z]+)"[^>]*>([^<]*)</g) ?? []].map((m) => [m[1], m[2]]);

/**
 * The storefront's arrangement (issue 19, item 9): the categories and tags (/admin/catalog) and the home page
 * (/admin/index-copy), saved by staff on one app server and drawn at once by another sharing the store. Needs the
 * build (`npx vite build`).
 */
describe('the catalogue arrangement and the home page copy', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let a: Shop;
  let b: Shop;
  let florist: string;
  let customer: string;
  const html = async (shop: Shop, path: string) => (await fetch(shop.url + path)).text();
  const saveSetup = (setup: unknown, updatedAt: number, cookie = florist) => call<CatalogSetupAnswer & Refusal>(a.url, '/api/catalog-setup/update', { setup, updatedAt }, cookie);
  const saveCopy = (copy: unknown, updatedAt: number, cookie = florist) => call<HomeCopyAnswer & Refusal>(a.url, '/api/home-copy/update', { copy, updatedAt }, cookie);

  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npx vite build first (npm test does it)');
    shops = await startTwoShops();
    ({ a, b } = shops);
    florist = await signIn(a.url, demoPhones.florist);
    customer = await signIn(a.url, '79550000011');
  });
  afterAll(async () => {
    await shops?.close();
  });

  it('draws a renamed, reordered and hidden category on another server at once: the bar, the title, the snapshot, the sitemap', async () => {
    const before = await html(b, '/items/monobouquets');
    expect(barOf(before).slice(0, 2)).toEqual([['authors', 'Авторские букеты'], ['monobouquets', 'Монобукеты']]);
    const read = (await call<CatalogSetupAnswer>(b.url, '/api/catalog-setup/get', {})).body.data;
    expect(read).toEqual({ setup: defaultCatalogSetup, updatedAt: 0 });

    const [authors, mono, ...rest] = read.setup.categories;
    const setup: CatalogSetup = {
      categories: [{ ...mono, label: 'Букеты из одного цветка' }, authors, ...rest.map((c) => (c.id === 'toys' ? { ...c, onBar: false } : c))],
      tags: [...read.setup.tags, { id: 'autumn', label: 'Осенние' }],
    };
    const saved = await saveSetup(setup, read.updatedAt);
    expect(saved.status).toBe(200);

    const page = await html(b, '/items/monobouquets');
    expect(barOf(page).slice(0, 2)).toEqual([['monobouquets', 'Букеты из одного цветка'], ['authors', 'Авторские букеты']]);
    expect(barOf(page).map(([id]) => id)).not.toContain('toys');
    expect(titleOf(page)).toContain('Букеты из одного цветка');
    expect(rootOf(page)).toContain('<h1>Букеты из одного цветка</h1>');
    expect(snapshotOf(page)?.catalogSetup?.categories[0]).toEqual({ id: 'monobouquets', label: 'Букеты из одного цветка', onBar: true });
    // A hidden category keeps its page; the sitemap lists the bar.
    expect((await fetch(`${b.url}/items/toys`)).status).toBe(200);
    const sitemap = await html(b, '/sitemap.xml');
    expect(sitemap).toContain('/items/monobouquets</loc>');
    expect(sitemap).not.toContain('/items/toys</loc>');
    // A new tag has its page and its name.
    const tag = await html(b, '/tags/autumn');
    expect(titleOf(tag)).not.toBe('');
    expect(rootOf(tag)).toContain('Осенние');
  });

  it('refuses, in Russian and storing nothing, a category given twice, two categories of one name, a stale save and a customer', async () => {
    const { setup, updatedAt } = (await call<CatalogSetupAnswer>(a.url, '/api/catalog-setup/get', {})).body.data;
    const twice = await saveSetup({ ...setup, categories: [...setup.categories.slice(0, 3), { ...setup.categories[0], label: 'Ещё раз' }] }, updatedAt);
    expect(twice.status).toBe(400);
    expect(twice.body.issues?.map((i) => i.message).join(' ')).toMatch(/указана дважды: у категории один адрес \/items\/monobouquets/);
    const sameName = await saveSetup({ ...setup, categories: setup.categories.map((c, i) => (i === 1 ? { ...c, label: 'букеты из одного цветка' } : c)) }, updatedAt);
    expect(sameName.status).toBe(400);
    expect(sameName.body.issues?.map((i) => i.message).join(' ')).toMatch(/Две категории называются/);
    const badTag = await saveSetup({ ...setup, tags: [{ id: 'Осень!', label: 'Осень' }] }, updatedAt);
    expect(badTag.status).toBe(400);
    expect(badTag.body.issues?.map((i) => i.message).join(' ')).toMatch(/Метка: латиница/);
    const stale = await saveSetup(setup, updatedAt - 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/Каталог изменили/);
    expect((await saveSetup(setup, updatedAt, customer)).status).toBe(403);
    expect((await saveSetup(setup, updatedAt, '')).status).toBe(401);
    expect((await call<CatalogSetupAnswer>(b.url, '/api/catalog-setup/get', {})).body.data).toEqual({ setup, updatedAt });
    // The settings are no pages: /api/pages/* neither shows nor writes them.
    const asPage = await call<Refusal>(a.url, '/api/pages/update', { key: 'catalog-setup', value: { title: 'Взлом' } }, await signIn(a.url, demoPhones.admin));
    expect(asPage.status).toBe(400);
    expect((await fetch(`${b.url}/catalog-setup`)).status).toBe(404);
  });

  it('shows the chosen collection, bestsellers and tag shelf on the home page another server draws', async () => {
    const read = (await call<HomeCopyAnswer>(b.url, '/api/home-copy/get', {})).body.data;
    expect(read).toEqual({ copy: defaultHomeCopy, updatedAt: 0 });
    const products = (await call<{ data: { items: { id: string; name: string }[] } }>(a.url, '/api/items/list', {})).body.data.items;
    const [first, second] = products.slice(-2);
    const copy = {
      ...defaultHomeCopy,
      collectionsHeading: 'Скоро праздник',
      collections: [{ slug: '8march', title: 'Весна к 8 Марта' }],
      bestsellersHeading: 'Выбор флористов',
      bestsellers: [first.id, second.id],
      shelves: [{ heading: 'Любимой', tag: 'love' }],
      categoryShelves: false,
    };
    const saved = await saveCopy(copy, 0);
    expect(saved.status).toBe(200);
    const home = rootOf(await html(b, '/'));
    expect(home).toContain('Скоро праздник');
    expect(home).toContain('Весна к 8 Марта');
    expect(home).not.toContain('Новогодняя коллекция');
    const best = /<h2 id="best">Выбор флористов<\/h2>([\s\S]*?)<\/section>/.exec(home)?.[1] ?? '';
    expect(best.indexOf(first.name)).toBeGreaterThanOrEqual(0);
    expect(best.indexOf(first.name)).toBeLessThan(best.indexOf(second.name));
    expect(home).toContain('id="tag-love"');
    expect(home).not.toContain('id="cat-authors"');
    expect(snapshotOf(await html(b, '/'))?.homeCopy).toEqual(copy);
  });

  it('refuses a collection whose page the shop does not have, in Russian', async () => {
    const { copy, updatedAt } = (await call<HomeCopyAnswer>(a.url, '/api/home-copy/get', {})).body.data;
    const missing = await saveCopy({ ...copy, collections: [{ slug: 'no-such-page', title: 'Пусто' }] }, updatedAt);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/страницы \/no-such-page нет/);
    const twice = await saveCopy({ ...copy, bestsellers: [copy.bestsellers[0], copy.bestsellers[0]] }, updatedAt);
    expect(twice.status).toBe(400);
    expect((await call<HomeCopyAnswer>(a.url, '/api/home-copy/get', {})).body.data.copy).toEqual(copy);
  });
});

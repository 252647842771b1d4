import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../schema/shop/category';
import { product, type Product } from '../../schema/shop/product';
import { byRank } from '../../schema/shop/product-filter';
import { demoProducts } from '../seed/products';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

interface Page {
  data: { items: Product[]; total: number; skip: number; limit: number };
}

const onSale = demoProducts.filter((p) => p.isActive && !p.isHidden).sort(byRank);
const notOnSale = demoProducts.filter((p) => !p.isActive || p.isHidden);

/** The catalogue through /api: what each caller sees, the spec's list filter, and staff changes. */
describe('catalogue API', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let florist: string;
  let customer: string;
  const list = (body: unknown, cookie?: string) => call<Page>(shop.url, '/api/items/list', body, cookie);
  const ids = (answer: { body: Page }) => answer.body.data.items.map((p) => p.id);

  beforeAll(async () => {
    shop = await startTestShop();
    [florist, customer] = await Promise.all([signIn(shop.url, demoPhones.florist), signIn(shop.url, '79660000001')]);
  });
  afterAll(() => shop.close());

  it('lists the first 20 on sale, bestsellers first, and pages through the rest', async () => {
    const first = await list({});
    expect(first.body.data).toMatchObject({ total: onSale.length, skip: 0, limit: 20 });
    expect(ids(first)).toEqual(onSale.slice(0, 20).map((p) => p.id));
    const third = await list({ params: { skip: 40, limit: 20 } });
    expect(ids(third)).toEqual(onSale.slice(40, 60).map((p) => p.id));
  });

  it('never shows a guest or a customer what is hidden or not on sale; staff see everything', async () => {
    expect(notOnSale.length).toBeGreaterThan(0);
    const all = { params: { skip: 0, limit: 200 } };
    for (const cookie of [undefined, customer]) expect(ids(await list(all, cookie))).not.toContain(notOnSale[0].id);
    expect((await list(all, florist)).body.data.total).toBe(demoProducts.length);
    const hidden = notOnSale[0];
    expect((await call(shop.url, '/api/items/get', { id: hidden.id })).status).toBe(404);
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: hidden.id }, florist)).body.data.name).toBe(hidden.name);
  });

  it('filters by the spec query: name or article, category, item type, tags, shownOn, isActive', async () => {
    const rose = onSale.find((p) => p.name.includes('роз'))!;
    const byName = await list({ params: { skip: 0, limit: 200 }, query: { name: 'РОЗ' } });
    // Named a rose first, then the bouquets that have roses in them.
    const named = onSale.filter((p) => /роз[аыо]?\b/i.test(p.name));
    expect(ids(byName).slice(0, named.length).sort()).toEqual(named.map((p) => p.id).sort());
    expect(byName.body.data.items.every((p) => /роз/i.test(p.name + p.composition))).toBe(true);
    expect(ids(byName)).toContain(rose.id);
    expect(ids(await list({ query: { name: rose.art } }))).toEqual([rose.id]);
    const toys = await list({ query: { category: 'toys' } });
    expect(toys.body.data.total).toBe(onSale.filter((p) => p.category === 'toys').length);
    const plants = await list({ query: { itemType: 'plant' } });
    expect(plants.body.data.items.every((p) => p.itemType === 'plant')).toBe(true);
    const loveAndBirthday = await list({ params: { skip: 0, limit: 200 }, query: { tags: ['love', 'birthday'] } });
    expect(loveAndBirthday.body.data.total).toBe(onSale.filter((p) => p.tags.includes('love') && p.tags.includes('birthday')).length);
    const home = await list({ params: { skip: 0, limit: 200 }, query: { shownOn: ['home'] } });
    expect(home.body.data.total).toBe(onSale.filter((p) => p.shownOn.includes('home')).length);
    const inactive = await list({ params: { skip: 0, limit: 200 }, query: { isActive: false } }, florist);
    expect(ids(inactive).sort()).toEqual(demoProducts.filter((p) => !p.isActive).map((p) => p.id).sort());
  });

  it('finds one item by id, by article code, and several by ids (only those a guest may see)', async () => {
    const [a, b] = onSale;
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: a.id })).body.data).toMatchObject({ id: a.id, art: a.art, price: a.price });
    expect((await call<{ data: Product }>(shop.url, '/api/items/get-art', { art: b.art })).body.data.id).toBe(b.id);
    const missing = await call<{ error: string }>(shop.url, '/api/items/get-art', { art: 'NO-SUCH-ART' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/не найден/);
    const several = await call<{ data: Product[] }>(shop.url, '/api/items/get-list', { idList: [a.id, b.id, notOnSale[0].id, 'p-999'] });
    expect(several.body.data.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('counts each category of the bar as a guest sees it', async () => {
    const { body } = await call<{ data: { categories: { id: string; label: string; count: number }[] } }>(shop.url, '/api/items/catalog', {});
    expect(body.data.categories.map((c) => c.id)).toEqual(categories.map((c) => c.id));
    for (const c of body.data.categories) expect(c.count, c.id).toBe(onSale.filter((p) => p.category === c.id).length);
  });

  it('lets staff create, change and delete an item, seen at once in the list and in the synced database', async () => {
    const input = { art: 'T-777', name: 'Тестовый букет «Проверка»', images: [], price: 2500, count: 3, category: 'authors', itemType: 'bouquet' };
    const created = await call<{ data: Product }>(shop.url, '/api/items/update', input, florist);
    expect(created.status).toBe(200);
    expect(product.parse(created.body.data)).toMatchObject({ ...input, isActive: true, isHidden: false });
    const { id, updatedAt: _u, ...rest } = created.body.data;
    expect(ids(await list({ query: { name: 'T-777' } }))).toEqual([id]);
    expect(await shop.shop.storage.db('catalog').get(id)).toMatchObject({ _id: id, art: 'T-777', price: 2500 });

    const changed = await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, id, price: 2700 }, florist);
    expect(changed.body.data.price).toBe(2700);
    expect((await list({ query: { name: 'T-777' } })).body.data.items[0].price).toBe(2700);

    const taken = await call<{ error: string }>(shop.url, '/api/items/update', { ...input, art: onSale[0].art }, florist);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/уже занят/);

    const manager = await signIn(shop.url, demoPhones.manager);
    expect((await call(shop.url, '/api/items/delete', { id }, manager)).status).toBe(200);
    expect((await call(shop.url, '/api/items/get', { id }, florist)).status).toBe(404);
    expect((await list({ query: { name: 'T-777' } })).body.data.total).toBe(0);
    expect((await call(shop.url, '/api/items/delete', { id }, manager)).status).toBe(404);
  });

  it('keeps an item’s own care text (issue 19), trimmed; one over 2000 characters is refused in Russian', async () => {
    const input = { art: 'CARE-1', name: 'Гортензия в кашпо', images: [], price: 3100, count: 2, category: 'potted', itemType: 'plant', care: '  Поливайте раз в три дня, держите в тени.  ' };
    const created = await call<{ data: Product }>(shop.url, '/api/items/update', input, florist);
    expect(created.status).toBe(200);
    expect(created.body.data.care).toBe('Поливайте раз в три дня, держите в тени.');
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: created.body.data.id })).body.data.care).toBe('Поливайте раз в три дня, держите в тени.');
    const tooLong = await call<{ error: string }>(shop.url, '/api/items/update', { ...created.body.data, care: 'вода '.repeat(401) }, florist);
    expect([tooLong.status, tooLong.body.error]).toEqual([400, 'Проверьте данные: care — Уход длиннее 2000 символов']);
  });

  it('searches names in Russian: word forms, a typo, an article code; best match first, paged (issue 12)', async () => {
    const tulips = onSale.find((p) => p.name === 'Монобукет из 25 тюльпанов')!;
    const found = await list({ query: { name: 'тюльпаны' } });
    expect(ids(found)).toContain(tulips.id);
    expect(found.body.data.items.every((p) => /тюльпан/i.test(p.name + p.composition))).toBe(true);
    const peonies = await list({ params: { skip: 0, limit: 3 }, query: { name: 'пеоны' } });
    expect(peonies.body.data.items.map((p) => p.name).every((n) => /пион/i.test(n))).toBe(true);
    expect(peonies.body.data.total).toBeGreaterThan(3);
    expect(ids(await list({ query: { name: 'В-1012' } }))).toEqual([tulips.id]);
    // Other filters still narrow what the search found.
    const flowersOnly = await list({ query: { name: 'тюльпаны', itemType: 'flower' } });
    expect(flowersOnly.body.data.items.map((p) => p.name)).toEqual(['Тюльпан']);
    // What a guest may not see is not found, whatever the words.
    const hidden = notOnSale.find((p) => p.isHidden)!;
    expect((await list({ query: { name: hidden.name } })).body.data.items.map((p) => p.id)).not.toContain(hidden.id);
    expect(ids(await list({ query: { name: hidden.name } }, florist))).toContain(hidden.id);
  });

  it('answers a 1,000-character or punctuation-only search with a Russian 400, never with everything', async () => {
    for (const [path, body] of [
      ['/api/items/list', (q: string) => ({ query: { name: q } })],
      ['/api/refs/search-item', (q: string) => ({ query: q })],
    ] as const) {
      const long = await call<{ error: string }>(shop.url, path, body('роза '.repeat(200)), florist);
      expect(long.status, path).toBe(400);
      expect(long.body.error).toMatch(/Слишком длинный запрос/);
      const marks = await call<{ error: string }>(shop.url, path, body('?!…«»'), florist);
      expect(marks.status, path).toBe(400);
      expect(marks.body.error).toMatch(/нет ни букв, ни цифр/);
    }
    expect((await list({ query: { name: 'ываываыва' } })).body.data.total).toBe(0);
  });

  it('searches a changed catalogue at once: the index is rebuilt after a write', async () => {
    const input = { art: 'T-778', name: 'Букет «Ранункулюсы на рассвете»', images: [], price: 3100, count: 2, category: 'authors', itemType: 'bouquet' };
    expect((await list({ query: { name: 'ранункулюс' } })).body.data.items.map((p) => p.art)).not.toContain('T-778');
    const created = await call<{ data: Product }>(shop.url, '/api/items/update', input, florist);
    expect((await list({ query: { name: 'ранункулюс' } })).body.data.items[0]?.id).toBe(created.body.data.id);
    expect((await call(shop.url, '/api/items/delete', { id: created.body.data.id }, await signIn(shop.url, demoPhones.manager))).status).toBe(200);
    expect((await list({ query: { name: 'ранункулюс' } })).body.data.items.map((p) => p.art)).not.toContain('T-778');
  });

  it('lets staff look items up by name or article, hidden ones included (/api/refs/search-item)', async () => {
    const hidden = notOnSale[0];
    const found = await call<{ data: { items: Product[] } }>(shop.url, '/api/refs/search-item', { query: hidden.art }, florist);
    expect(found.body.data.items.map((p) => p.id)).toEqual([hidden.id]);
    const roses = await call<{ data: { items: Product[] } }>(shop.url, '/api/refs/search-item', { query: 'роз', limit: 3 }, florist);
    expect(roses.body.data.items).toHaveLength(3);
    expect((await call(shop.url, '/api/refs/search-item', { query: 'роз' }, customer)).status).toBe(403);
  });
});

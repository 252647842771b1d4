import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schema/shop/page';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

/** Info, campaign and CMS pages: everyone reads them, only admins write them (spec §6). */
describe('pages API', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  const get = (slug: string) => call<{ data: Page; error: string }>(shop.url, '/api/pages/get', { slug });

  beforeAll(async () => {
    shop = await startTestShop();
    admin = await signIn(shop.url, demoPhones.admin);
  });
  afterAll(() => shop.close());

  it('answers a page by its slug, with or without slashes, and 404 for an unknown one', async () => {
    const delivery = await get('/info/delivery/');
    expect(delivery.status).toBe(200);
    expect(delivery.body.data).toMatchObject({ id: 'info/delivery', key: 'info/delivery' });
    expect(delivery.body.data.value.title).toMatch(/оставк/);
    const missing = await get('no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/не найдена/);
  });

  it('lists every page, the seeded info pages among them', async () => {
    const { body } = await call<{ data: Page[] }>(shop.url, '/api/pages/list', {});
    expect(body.data.map((p) => p.id)).toEqual(expect.arrayContaining(['info', 'info/delivery', 'policy', 'studio', '8march']));
  });

  it('lets an admin write a page as {key, value} or as a page object', async () => {
    const value = { title: 'Весенняя распродажа', description: 'Скидки на тюльпаны', sections: [{ heading: 'Условия', text: 'До 31 марта.' }] };
    expect((await call(shop.url, '/api/pages/update', { key: 'spring-sale', value }, admin)).status).toBe(200);
    expect((await get('spring-sale')).body.data.value).toEqual({ ...value, blocks: [] });
    const changed = { ...value, title: 'Весенняя распродажа: последние дни' };
    expect((await call(shop.url, '/api/pages/update', { id: 'spring-sale', key: 'spring-sale', value: changed }, admin)).status).toBe(200);
    expect((await get('spring-sale')).body.data.value.title).toBe('Весенняя распродажа: последние дни');
  });

  it('refuses managers and florists, and stores nothing', async () => {
    for (const phone of [demoPhones.manager, demoPhones.florist]) {
      const cookie = await signIn(shop.url, phone);
      const answer = await call(shop.url, '/api/pages/update', { key: 'staff-page', value: { title: 'Не моё' } }, cookie);
      expect(answer.status).toBe(403);
    }
    expect((await get('staff-page')).status).toBe(404);
  });
});

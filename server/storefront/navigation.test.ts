import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNavigation, type Navigation } from '../../schema/shop/navigation';
import type { NavigationAnswer } from '../../schema/shop/navigation-update';
import { shopSnapshot, snapshotElementId } from '../../schema/shop/shop-snapshot';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Refusal = { error?: string; issues?: { path: string; message: string }[] };

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script id=/.exec(html)?.[1] ?? '';
const snapshotOf = (html: string) => {
  const json = new RegExp(`<script id="${snapshotElementId}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? null : shopSnapshot.parse(JSON.parse(json));
};
/** The links of a `<nav>` of the server's HTML found by its opening, in their order, as [href, text]. */
const linksIn = (html: string, opening: RegExp) => {
  const root = rootOf(html);
  const at = root.search(opening);
  if (at < 0) return [];
  const nav = root.slice(at, root.indexOf('</nav>', at));
  return [...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
};
const menuOf = (html: string) => linksIn(html, /<nav class="site-menu"/);
const footerColumnOf = (html: string, title: string) => linksIn(html, new RegExp(`<nav aria-labelledby="footer-links-\\d+"><h2 id="footer-links-\\d+">${title}<`));

const menu: Navigation['menu'] = [
  { label: 'Каталог', href: '/items', children: [{ label: 'Монобукеты', href: '/items/monobouquets' }, { label: 'Для мамы', href: '/tags/mom' }] },
  { label: 'Доставка', href: '/info/delivery', children: [] },
  { label: 'Мы в Telegram', href: 'https://t.me/flowers', children: [] },
];

/**
 * The site's navigation (issue 22, item 2): only an admin reads and saves it; a loop, a link twice in one list and a
 * link that leads nowhere are refused in Russian with nothing stored; a save on one app server is what another
 * sharing the store draws for bots at once. Needs the build (`npx vite build`).
 */
describe('the site navigation', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let a: Shop;
  let b: Shop;
  let admin: string;
  const html = async (shop: Shop, path: string) => (await fetch(shop.url + path)).text();
  const read = async (shop = a) => (await call<NavigationAnswer>(shop.url, '/api/navigation/get', {}, admin)).body.data;
  const save = (navigation: unknown, updatedAt: number, cookie = admin, shop = a) => call<NavigationAnswer & Refusal>(shop.url, '/api/navigation/update', { navigation, updatedAt }, cookie);

  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npx vite build first (npm test does it)');
    shops = await startTwoShops();
    ({ a, b } = shops);
    admin = await signIn(a.url, demoPhones.admin);
  });
  afterAll(async () => {
    await shops?.close();
  });

  it('is an admin’s alone: a guest, a customer, a florist and a manager are refused reading and saving it', async () => {
    const [customer, florist, manager] = await Promise.all([signIn(a.url, '79550000021'), signIn(a.url, demoPhones.florist), signIn(a.url, demoPhones.manager)]);
    for (const route of ['/api/navigation/get', '/api/navigation/update']) {
      const body = route.endsWith('update') ? { navigation: { ...defaultNavigation, menu }, updatedAt: 0 } : {};
      expect((await call(a.url, route, body)).status, `${route} by a guest`).toBe(401);
      for (const [who, cookie] of [['customer', customer], ['florist', florist], ['manager', manager]] as const)
        expect((await call(a.url, route, body, cookie)).status, `${route} by a ${who}`).toBe(403);
    }
    expect(await read()).toEqual({ navigation: defaultNavigation, updatedAt: 0 });
  });

  it('draws the footer from the defaults until an admin saves, and no menu', async () => {
    const page = await html(b, '/');
    expect(menuOf(page)).toEqual([]);
    expect(footerColumnOf(page, 'Покупателям').map(([href]) => href)).toEqual(defaultNavigation.footer[0]!.links.map((l) => l.href));
  });

  it('refuses a loop, a link twice, a link that leads nowhere or out by another scheme, each in Russian, and stores nothing', async () => {
    const refusals: [string, Navigation, RegExp][] = [
      ['a loop', { ...defaultNavigation, menu: [{ label: 'Каталог', href: '/items', children: [{ label: 'Весь каталог', href: '/items/' }] }] }, /Петля: подпункт «Весь каталог» ведёт туда же, куда пункт «Каталог»/],
      ['a link twice', { ...defaultNavigation, menu: [menu[1]!, { label: 'Оплата', href: '/info/delivery', children: [] }] }, /ссылка на \/info\/delivery уже есть в этом списке/],
      ['twice in a footer column', { menu: [], footer: [{ title: 'Покупателям', links: [{ label: 'Оферта', href: '/policy' }, { label: 'Договор', href: '/policy' }] }] }, /уже есть в этом списке/],
      ['a page the shop has not', { ...defaultNavigation, menu: [{ label: 'Скидки', href: '/no-such-page', children: [] }] }, /«Скидки»: ссылка \/no-such-page никуда не ведёт/],
      ['a product the shop has not', { ...defaultNavigation, menu: [{ label: 'Букет', href: '/items/no-such-bouquet', children: [] }] }, /никуда не ведёт/],
      ['no address of the shop', { ...defaultNavigation, menu: [{ label: 'Акции', href: '/Акции', children: [] }] }, /такого адреса в магазине нет/],
      ['the back-office', { ...defaultNavigation, menu: [{ label: 'Заказы', href: '/admin/orders', children: [] }] }, /раздел сотрудников/],
      ['a script', { ...defaultNavigation, menu: [{ label: 'Жми', href: 'javascript:alert(1)', children: [] }] }, /путь в магазине \(\/items\/authors\) или сайт по https:\/\//],
      ['no site', { ...defaultNavigation, menu: [{ label: 'Сайт', href: 'https://nowhere', children: [] }] }, /не адрес сайта/],
      ['plain http', { ...defaultNavigation, menu: [{ label: 'Сайт', href: 'http://example.com', children: [] }] }, /или сайт по https:\/\//],
      ['another host by //', { ...defaultNavigation, menu: [{ label: 'Сайт', href: '//example.com', children: [] }] }, /или сайт по https:\/\//],
    ];
    for (const [what, navigation, reason] of refusals) {
      const refused = await save(navigation, 0);
      expect(refused.status, what).toBe(400);
      expect(refused.body.error, what).toMatch(reason);
      expect(refused.body.issues?.[0]?.path, what).toMatch(/^navigation\.(menu|footer)\./);
    }
    expect(await read()).toEqual({ navigation: defaultNavigation, updatedAt: 0 });
  });

  it('is saved once by one app server and drawn by another at once, for bots and in the snapshot; a stale save is refused', async () => {
    const saved = await save({ ...defaultNavigation, menu }, 0);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read(b)).toEqual(saved.body.data);
    const page = await html(b, '/items/monobouquets');
    expect(menuOf(page)).toEqual([
      ['/items', 'Каталог'],
      ['/items/monobouquets', 'Монобукеты'],
      ['/tags/mom', 'Для мамы'],
      ['/info/delivery', 'Доставка'],
      ['https://t.me/flowers', 'Мы в Telegram'],
    ]);
    expect(snapshotOf(page)?.navigation).toEqual(saved.body.data.navigation);

    const reordered: Navigation = { menu: [menu[1]!, menu[0]!, menu[2]!], footer: [{ ...defaultNavigation.footer[0]!, links: [...defaultNavigation.footer[0]!.links].reverse() }] };
    const again = await save(reordered, saved.body.data.updatedAt, admin, b);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const after = await html(a, '/');
    expect(menuOf(after).map(([, text]) => text)).toEqual(['Доставка', 'Каталог', 'Монобукеты', 'Для мамы', 'Мы в Telegram']);
    expect(footerColumnOf(after, 'Покупателям')[0]).toEqual(['/policy', 'Оферта']);

    const stale = await save({ ...defaultNavigation, menu }, saved.body.data.updatedAt);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/Навигацию изменили, пока вы её правили/);
    expect((await read(b)).navigation).toEqual(reordered);
  });

  it('is no page: its address is not shown, listed or written through /api/pages', async () => {
    expect((await fetch(`${a.url}/navigation`)).status).toBe(404);
    const listed = await call<{ data: { id: string }[] }>(a.url, '/api/pages/list', {});
    expect(listed.body.data.map((p) => p.id)).not.toContain('navigation');
    const written = await call(a.url, '/api/pages/update', { key: 'navigation', value: { title: 'Навигация' } }, admin);
    expect(written.status).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultNavigation } from '../schema/shop/navigation';
import { barCategories } from '../schema/shop/catalog-setup';
import { readCatalogSetup } from '../server/storefront/catalog-setup';
import { readNavigation } from '../server/storefront/navigation';
import { demoPhones } from '../server/testing/test-shop';
import { contextAs } from './admin-journeys';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitForOfflineReady } from './journeys';

/**
 * The site's navigation (issue 22, item 2): an admin builds and reorders the menu (and moves a category on the bar) at
 * /admin/navigation on a 360 px phone, by keyboard; a loop and a link that leads nowhere are refused beside their
 * fields with nothing stored; a shopper's open storefront follows each save (and shows the last menu it saw offline),
 * and the server's HTML for a bot has the new order.
 */
describe('the site navigation', () => {
  const journey = journeyPerFile();

  it('an admin reorders the menu and the storefront and the server’s HTML follow', async () => {
    const { shop } = journey();
    const shopperContext = await journey().newContext(phoneViewport);
    const shopper = await shopperContext.newPage();
    const shopperErrors = watchErrors(shopper);
    await shopper.goto('/');
    await waitForOfflineReady(shopper);
    const menu = shopper.getByRole('navigation', { name: 'Меню сайта' });
    expect(await menu.count()).toBe(0);

    const adminContext = await contextAs(journey(), demoPhones.admin, phoneViewport, { serviceWorker: false });
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto('/admin/navigation');
    await admin.getByRole('heading', { name: 'Навигация', level: 1 }).waitFor();
    await admin.getByText('Меню пусто: в шапке сайта его нет.').waitFor();
    const field = (name: string) => admin.locator(`input[name="${name}"]`);
    const save = () => admin.getByRole('button', { name: 'Сохранить', exact: true }).click();

    await admin.getByRole('button', { name: 'Добавить пункт меню' }).click();
    await field('menu.0.label').fill('Доставка');
    await field('menu.0.href').fill('/info/delivery');
    await admin.getByRole('button', { name: 'Добавить пункт меню' }).click();
    await field('menu.1.label').fill('Каталог');
    await field('menu.1.href').fill('/items');

    // A loop: a point of «Каталог»'s submenu leading to the catalogue itself. Said beside it, nothing stored.
    await admin.getByRole('group', { name: 'Подпункты «Каталог»' }).getByRole('button', { name: 'Добавить подпункт' }).click();
    await field('menu.1.children.0.label').fill('Весь каталог');
    await field('menu.1.children.0.href').fill('/items');
    await save();
    await admin.getByText('Петля: подпункт «Весь каталог» ведёт туда же, куда пункт «Каталог», в котором он лежит').waitFor();
    // A page the shop has not: the server's reason, beside the field too.
    await field('menu.1.children.0.label').fill('Скидки');
    await field('menu.1.children.0.href').fill('/skidki');
    await save();
    await admin.getByText('«Скидки»: ссылка /skidki никуда не ведёт — такой страницы в магазине нет').first().waitFor();
    expect((await readNavigation(shop.shop)).updatedAt).toBe(0);
    await field('menu.1.children.0.label').fill('Монобукеты');
    await field('menu.1.children.0.href').fill('/items/monobouquets');

    await save();
    await admin.getByText('Сохранено').waitFor();
    await expect.poll(async () => (await readNavigation(shop.shop)).navigation.menu.map((m) => m.label)).toEqual(['Доставка', 'Каталог']);
    // The shopper's open page follows the pages store, with no reload.
    await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual(['Доставка', 'Каталог']);

    // Reordered by keyboard: «Доставка» goes down with Enter, and the focus stays on its button.
    await admin.getByRole('button', { name: 'Ниже: Доставка', exact: true }).focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => field('menu.0.label').inputValue()).toBe('Каталог');
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Выше: Доставка');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneViewport.width);
    // With a mouse, a row is dragged by its handle: the footer's second link to the top of its column.
    const handle = (row: string) => admin.locator(`[data-row="${row}"] .nav-row__handle`);
    // Both rows below the sticky header, which the drag would otherwise end over.
    await handle('footer.0.links.0').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const [from, to] = [await handle('footer.0.links.1').boundingBox(), await handle('footer.0.links.0').boundingBox()];
    await admin.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await admin.mouse.down();
    await admin.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 8 });
    await admin.mouse.up();
    await expect.poll(() => field('footer.0.links.0.label').inputValue()).toBe('Акции');
    expect(await field('footer.0.links.1.label').inputValue()).toBe('Доставка и оплата');
    // The category bar is the catalogue's arrangement: moved here, saved with the menu.
    await admin.locator('[data-row="bar.monobouquets"]').getByRole('button', { name: 'Выше: Монобукеты' }).click();
    await save();
    await expect.poll(async () => (await readNavigation(shop.shop)).navigation.menu.map((m) => m.label)).toEqual(['Каталог', 'Доставка']);
    await expect.poll(async () => barCategories((await readCatalogSetup(shop.shop)).setup).slice(0, 2).map((c) => c.id)).toEqual(['monobouquets', 'authors']);

    await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual(['Каталог', 'Доставка']);
    const links = defaultNavigation.footer[0]!.links;
    expect((await readNavigation(shop.shop)).navigation.footer).toEqual([{ title: 'Покупателям', links: [links[1], links[0], ...links.slice(2)] }]);
    await expect.poll(() => shopper.getByRole('navigation', { name: 'Покупателям' }).getByRole('link').first().textContent()).toBe('Акции');
    // Offline, a page opened again shows the last menu the device saw.
    await shopperContext.setOffline(true);
    await shopper.reload();
    await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual(['Каталог', 'Доставка']);
    await shopperContext.setOffline(false);
    // On a phone nothing hovers: a point's ▾ opens its subpoints, and a followed one closes them.
    await menu.getByRole('button', { name: 'Подпункты: Каталог' }).click();
    await menu.getByRole('link', { name: 'Монобукеты' }).click();
    await shopper.waitForURL((u) => u.pathname === '/items/monobouquets');
    await shopper.mouse.move(180, 600); // this phone is a desktop Chromium's: its pointer hovers where it tapped
    await menu.getByRole('link', { name: 'Монобукеты' }).waitFor({ state: 'hidden' });
    await expect.poll(() => shopper.getByRole('navigation', { name: 'Категории' }).getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Монобукеты']));
    expect((await shopper.getByRole('navigation', { name: 'Категории' }).getByRole('link').allTextContents()).slice(0, 2)).toEqual(['Монобукеты', 'Авторские букеты']);
    await menu.getByRole('link', { name: 'Доставка' }).click();
    await shopper.waitForURL((u) => u.pathname === '/info/delivery');
    await shopper.getByRole('heading', { name: 'Доставка и оплата', level: 1 }).waitFor();

    // A bot gets the new order in the server's HTML.
    const html = await (await fetch(`${shop.url}/`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' } })).text();
    const nav = /<nav class="site-menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect([...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['/items', 'Каталог'],
      ['/items/monobouquets', 'Монобукеты'],
      ['/info/delivery', 'Доставка'],
    ]);

    expect(adminErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    // Offline, the page's requests fail as they should; nothing else may.
    expect(shopperErrors.filter((e) => !/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/.test(e))).toEqual([]);
    await adminContext.close();
    await shopperContext.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, demoPhones } from '../server/testing/test-shop';
import { demoProducts } from '../server/seed/products';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor, waitForOfflineReady } from './journeys';
import { contextAs } from './admin-journeys';

const key = 'spring-sale';
const title = 'Весенняя распродажа';
const heading = 'Тюльпаны со скидкой до 8 марта';
const gridHeading = 'Подарки к празднику';
const tag = 'new-year';
/** What the grid shows: the products on sale with the tag (fewer than the block's limit, so the order does not matter). */
const gridProducts = demoProducts.filter((p) => p.isActive && !p.isHidden && p.tags.includes(tag));
/** Markup and a script typed into the page's text: shown as typed, never run (each would set window.pwned). */
const typedMarkup = ['<img src=x onerror="window.pwned=1">', '<script>window.pwned=2</script>'];
const text = `Только неделю: весенние букеты дешевле.\n\n${typedMarkup[0]}\n\n${typedMarkup[1]}`;

/** Whether anything typed ran or became an element: the flag, an <img src=x>, a runnable script with the flag in it. */
const ranOrInjected = (page: Page) =>
  page.evaluate(() => ({
    pwned: 'pwned' in window,
    img: document.querySelectorAll('img[src="x"]').length,
    // A script that would run (the snapshot's JSON carries the page's text as data, and runs nothing).
    script: [...document.scripts].some((s) => !/json/.test(s.type) && s.textContent?.includes('window.pwned')),
  }));
const untouched = { pwned: false, img: 0, script: false };

/** Whether the device's pages store holds the page (the pages sync brought it). */
const deviceHolds = (page: Page, slug: string) =>
  page.evaluate(async (slug) => {
    const data = (window as unknown as { shopData?: { shop: { pages: { findOne(id: string): { exec(): Promise<unknown> } } } } }).shopData;
    return !!data && !!(await data.shop.pages.findOne(slug).exec());
  }, slug);

/**
 * Issue 22, item 1's proof: a campaign page made in the block editor with a heading, text and a grid of products by
 * tag, previewed and published, reaches a search engine's bot as HTML at once and a shopper's phone through the pages
 * sync, where it opens with the network cut. Markup typed into the text is text in the preview, the bot's HTML and on
 * the phone, and never runs.
 */
describe('a campaign page from the block editor', () => {
  const journey = journeyPerFile();

  it('is previewed, published, served to bots at once and opened offline on a shopper’s phone', async () => {
    expect(gridProducts.length).toBeGreaterThan(0);
    expect(gridProducts.length).toBeLessThan(12);

    // A shopper has been to the shop: the worker controls her tab and her device holds the pages.
    const shopperContext = await journey().newContext(phoneViewport);
    const shopper = await shopperContext.newPage();
    const shopperErrors = watchErrors(shopper);
    await shopper.goto('/');
    await shopper.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await waitForOfflineReady(shopper);
    await waitFor('the shopper’s device to hold the pages', () => deviceHolds(shopper, 'info'));
    expect(await deviceHolds(shopper, key)).toBe(false);

    // An admin makes the page in the block editor.
    const adminContext = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto('/admin/pages');
    await admin.getByRole('heading', { name: 'Страницы' }).waitFor();
    await admin.getByLabel('Адрес новой страницы').fill(key);
    await admin.getByRole('button', { name: 'Новая страница' }).click();
    await admin.getByRole('heading', { name: 'Редактор страницы' }).waitFor();
    await admin.getByLabel('Заголовок страницы').fill(title);
    await admin.getByLabel('Описание для поисковиков').fill('Весенние букеты со скидкой');
    await admin.getByRole('button', { name: '+ Заголовок' }).click();
    await admin.getByLabel('Текст заголовка').fill(heading);
    await admin.getByRole('button', { name: '+ Текст' }).click();
    await admin.getByLabel('Текст (пустая строка — новый абзац)').fill(text);
    await admin.getByRole('button', { name: '+ Товары по тегу' }).click();
    await admin.getByLabel('Тег товаров (например love, birthday)').fill(tag);
    await admin.getByLabel('Заголовок над товарами').fill(gridHeading);

    // The preview is the storefront's rendering: the heading, the typed markup as text, the grid's products.
    const preview = admin.getByLabel('Предпросмотр');
    await preview.getByRole('heading', { name: heading }).waitFor();
    await preview.getByRole('heading', { name: gridHeading }).waitFor();
    for (const p of gridProducts) await preview.getByRole('link', { name: p.name }).first().waitFor();
    for (const typed of typedMarkup) await preview.getByText(typed, { exact: true }).waitFor();
    expect(await ranOrInjected(admin)).toEqual(untouched);

    await admin.getByRole('button', { name: 'Опубликовать' }).click();
    await admin.getByRole('status').filter({ hasText: `Опубликовано: /${key}` }).waitFor();

    // (a) A bot gets the new page as HTML at once: the heading, the grid's products, the markup escaped.
    const answer = await fetch(`${journey().shop.url}/${key}`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' } });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain(`<title>${title}`);
    // What the server drew (not the snapshot the tab hydrates from, which carries the page's data too).
    const drawn = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="shop-snapshot"'));
    expect(drawn).toContain(`<h2>${heading}</h2>`);
    expect(drawn).toContain(`<h2>${gridHeading}</h2>`);
    for (const p of gridProducts) expect(drawn, p.name).toContain(`href="/items/${p.id}"`);
    expect(html).toContain('&lt;img src=x onerror=');
    expect(html).toContain('&lt;script&gt;window.pwned=2&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>window.pwned');

    // (b) The shopper's phone gets it through the pages sync and opens it with the network cut.
    await waitFor('the page to reach the shopper’s device', () => deviceHolds(shopper, key));
    await shopperContext.setOffline(true);
    await shopper.goto(`/${key}`);
    await shopper.getByRole('heading', { name: title, level: 1 }).waitFor();
    await shopper.getByRole('heading', { name: heading }).waitFor();
    await shopper.getByRole('heading', { name: gridHeading }).waitFor();
    for (const p of gridProducts) await shopper.locator('main').getByRole('link', { name: p.name }).first().waitFor();
    for (const typed of typedMarkup) await shopper.getByText(typed, { exact: true }).waitFor();
    expect(await ranOrInjected(shopper)).toEqual(untouched);

    // Online again, the page drawn by the server and taken over by the tab runs nothing either.
    await shopperContext.setOffline(false);
    await shopper.reload();
    await shopper.getByRole('heading', { name: heading }).waitFor();
    expect(await ranOrInjected(shopper)).toEqual(untouched);

    // Offline, what is not on the device (pictures) fails to load: said in the console, nothing breaks.
    expect(shopperErrors.filter((e) => !e.includes('net::ERR_'))).toEqual([]);
    expect(adminErrors).toEqual([]);
    await shopperContext.close();
    await adminContext.close();
  });

  it('says in the editors’ words what is wrong before anything is sent: the address, the title, a block', async () => {
    const context = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const admin = await context.newPage();
    const errors = watchErrors(admin);
    const writes: string[] = [];
    admin.on('request', (r) => {
      if (/\/api\/pages\/(update|draft)$/.test(new URL(r.url()).pathname)) writes.push(r.url());
    });
    const alert = admin.getByRole('alert');

    await admin.goto('/admin/pages');
    const address = admin.getByLabel('Адрес новой страницы');
    for (const [typed, said] of [
      ['Весна', 'Адрес страницы: латиница, цифры, дефис и /'],
      ['login', 'Адрес /login занят разделом магазина: выберите другой'],
      ['info', 'Страница /info уже есть: откройте её в списке'],
    ]) {
      await address.fill(typed);
      await admin.getByRole('button', { name: 'Новая страница' }).click();
      await alert.filter({ hasText: said }).waitFor();
    }
    await address.fill('autumn-sale');
    await admin.getByRole('button', { name: 'Новая страница' }).click();
    await admin.getByRole('heading', { name: 'Редактор страницы' }).waitFor();

    const publish = () => admin.getByRole('button', { name: 'Опубликовать' }).click();
    await publish();
    await alert.filter({ hasText: 'Заголовок страницы: Укажите заголовок' }).waitFor();
    await admin.getByLabel('Заголовок страницы').fill('Осенняя распродажа');

    await admin.getByRole('button', { name: '+ Товары по тегу' }).click();
    await publish();
    await alert.filter({ hasText: 'Блок 1 («Товары по тегу»): Выберите тег' }).waitFor();
    const tagField = admin.getByLabel('Тег товаров (например love, birthday)');
    await tagField.fill('nosuchtag');
    await admin.getByText('Товаров с тегом «nosuchtag» в продаже нет: на странице этот блок не появится').waitFor();
    await tagField.fill(tag);
    await admin.getByText(`Товаров в сетке: ${gridProducts.length}`).waitFor();

    await admin.getByRole('button', { name: '+ Кнопка' }).click();
    await admin.getByLabel('Подпись кнопки').fill('Туда');
    await admin.getByLabel('Куда ведёт (адрес в магазине)').fill('javascript:alert(1)');
    await publish();
    await alert.filter({ hasText: 'Блок 2 («Кнопка»): Ссылка — адрес внутри магазина, например /items/authors' }).waitFor();

    expect(writes).toEqual([]);
    expect((await call(journey().shop.url, '/api/pages/get', { slug: 'autumn-sale' })).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('calls a published address taken even on a device that has not pulled the pages yet', async () => {
    const context = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    // The device's pages sync never answers: only the server's list knows /info (a full run's first minute, made certain).
    await context.route((url) => url.pathname.startsWith('/db/pages'), (route) => route.abort());
    const admin = await context.newPage();
    await admin.goto('/admin/pages');
    await admin.getByLabel('Адрес новой страницы').fill('info');
    await admin.getByRole('button', { name: 'Новая страница' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Страница /info уже есть: откройте её в списке' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/admin/pages');
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { journeyPerFile, phonePage, watchErrors } from './harness';

/** Issue 12, item 6, on a 360 px phone: no address leaves a shopper stranded, and Back returns them where they were. */
describe('no dead ends', () => {
  // The headless shell, as other journeys: the page is put back by the shop, not the browser (client/frame/scroll-memory.ts,
  // scrollRestoration 'manual'). Back once left the shelf unscrolled at load 17: the restore gave up after 5 s, before the
  // shelf had been drawn from the device; it now tries for 20 s, until the shopper acts or leaves.
  const journey = journeyPerFile({}, { serviceWorker: false });
  const phone = () => phonePage(journey());

  it('answers an unknown path 404 with the spec’s text, an explanation in Russian, a search and the categories', async () => {
    const { context, page } = await phone();
    const errors = watchErrors(page);
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found: /no/such/page' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Такой страницы нет');
    expect(await page.title()).toBe('Страница не найдена — Цветочная мастерская');
    const categories = page.getByRole('navigation', { name: 'Категории каталога' });
    expect(await categories.getByRole('link').count()).toBe(10);
    await page.getByRole('searchbox', { name: 'Найти в каталоге' }).fill('тюльпаны');
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'тюльпаны');
    await page.getByRole('heading', { name: 'Поиск: «тюльпаны»' }).waitFor();
    expect(await page.title()).toBe('Поиск: «тюльпаны» — Цветочная мастерская');
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
    // A new visitor (no service worker answering for the server yet) asking for an item the catalogue does not hold.
    const other = await phone();
    expect((await other.page.goto('/items/no-such-bouquet'))?.status()).toBe(404);
    await other.page.getByRole('heading', { name: 'Page not found: /items/no-such-bouquet' }).waitFor();
    await other.context.close();
  });

  it('has a /flowers/{slug} page and links from the footer to every page of the spec, each with its own tab title', async () => {
    const { context, page } = await phone();
    expect((await page.goto('/flowers/tulip'))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Тюльпаны', level: 1 }).waitFor();
    await page.locator('main .card').first().waitFor();
    expect(await page.locator('main .card__name').allTextContents()).toContainEqual(expect.stringMatching(/тюльпан/i));
    expect(await page.title()).toBe('Тюльпаны — Цветочная мастерская');
    const footer = page.getByRole('navigation', { name: 'Покупателям' });
    for (const [name, path, title] of [
      ['Доставка и оплата', '/info/delivery', 'Доставка и оплата'],
      ['Акции', '/offers', 'Акции'],
      ['Блог мастерской', '/studio', 'Блог мастерской'],
      ['Энциклопедия цветов', '/flowers-encyclopedia', 'Энциклопедия цветов'],
      ['Открытки', '/postcards', 'Открытки'],
      ['Для компаний', '/for-companies', 'Цветы для компаний'],
    ]) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      // The tab's title follows the page a moment after it is drawn.
      await expect.poll(() => page.title(), { message: path }).toBe(`${title} — Цветочная мастерская`);
    }
    await page.goto('/flowers-encyclopedia');
    await page.getByRole('navigation', { name: 'Цветы' }).getByRole('link', { name: 'Розы', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/flowers/rose');
    await page.goto('/items/monobouquets');
    await page.getByRole('heading', { name: 'Монобукеты', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Монобукеты — купить в Москве с доставкой');
    await page.locator('main .card__link').first().click();
    await page.waitForURL((u) => u.pathname !== '/items/monobouquets');
    const name = await page.locator('main h1').textContent();
    await expect.poll(() => page.title()).toBe(`${name} — купить с доставкой по Москве`);
    await context.close();
  });

  it('Back from a product returns to the same shelf: its order, its «Показать ещё» pages and where it was scrolled', async () => {
    const { context, page } = await phone();
    await page.goto('/items');
    await page.locator('main .card').first().waitFor();
    await page.getByRole('combobox', { name: 'Порядок товаров' }).selectOption('cheap');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'cheap');
    await page.getByRole('button', { name: /Показать ещё/ }).click();
    await page.waitForURL((u) => u.searchParams.get('pages') === '2');
    const card = page.locator('main .card').nth(31);
    await card.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 150);
    await page.waitForFunction(() => scrollY > 1000);
    const shelf = page.url();
    // Where the wheel's scroll came to rest: read while it still moved, the shop kept a later position than this one.
    const left = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let last = scrollY;
          let still = 0;
          const frame = () => {
            still = scrollY === last ? still + 1 : 0;
            last = scrollY;
            if (still >= 10) done(scrollY);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
    );
    const chosen = await card.locator('.card__name').textContent();
    await card.locator('.card__link').click();
    await page.getByRole('heading', { name: chosen!, level: 1 }).waitFor();
    await page.waitForFunction(() => scrollY === 0);

    await page.goBack();
    await page.waitForURL(shelf);
    expect(await page.locator('main .card').count()).toBe(40);
    await page.waitForFunction((y) => Math.abs(scrollY - y) <= 2, left);
    expect(await page.getByRole('combobox', { name: 'Порядок товаров' }).inputValue()).toBe('cheap');
    expect(await page.locator('main .card').nth(31).locator('.card__name').textContent()).toBe(chosen);
    expect(await card.isVisible()).toBe(true);
    await context.close();
  });
});

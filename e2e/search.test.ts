import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startJourney, watchErrors } from './harness';
import { waitFor } from './journeys';
import { demoProducts } from '../server/seed/products';

const provence = demoProducts.find((p) => p.id === 'p-001')!;

/** The header's search panel (spec §2 "Search panel", §4 "Search"): suggestions online and offline. */
describe('search panel', () => {
  let journey: Awaited<ReturnType<typeof startJourney>>;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const asked: unknown[] = [];
  const box = () => page.getByRole('search').first().getByRole('combobox', { name: 'Поиск' });
  const list = () => page.getByRole('listbox', { name: 'Подсказки поиска' });

  beforeAll(async () => {
    journey = await startJourney();
    context = await journey.newContext();
    page = await context.newPage();
    errors = watchErrors(page);
    page.on('request', (r) => {
      if (r.url().endsWith('/api/items/list')) asked.push(r.postDataJSON());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
  });
  afterAll(() => journey.close());

  it('suggests a product by part of its name and opens it, clearing the input', async () => {
    expect(provence.name).toContain('Прованс');
    expect(await box().getAttribute('placeholder')).toBe('Искать букеты, цветы, артикул...');
    expect(await box().getAttribute('aria-expanded')).toBe('false');
    await box().fill('Прованс');
    const option = list().getByRole('option', { name: provence.name });
    await option.waitFor();
    expect(await box().getAttribute('aria-expanded')).toBe('true');
    expect(await option.locator('img').getAttribute('src')).toBe(provence.images[0]!.url);
    expect(asked.splice(0)).toEqual([{ params: { skip: 0, limit: 10 }, query: { name: 'Прованс' } }]);
    await option.click();
    await waitFor('/items/p-001', async () => new URL(page.url()).pathname === '/items/p-001');
    await page.getByRole('heading', { name: provence.name }).waitFor();
    expect(await box().inputValue()).toBe('');
    expect(await list().isHidden()).toBe(true);
  });

  it('chooses with the keyboard and closes on Escape', async () => {
    await box().fill('Прованс');
    await list().getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await list().waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowDown');
    const first = list().getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await box().getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    const name = (await first.textContent())!;
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name }).waitFor();
    expect(await box().inputValue()).toBe('');
  });

  it('goes to /search?q=... on Enter, closes the list, and clears the input after leaving /search', async () => {
    await box().fill('Прованс');
    await list().getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Поиск: «Прованс»' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('Прованс');
    expect(await list().isHidden()).toBe(true);
    expect(await box().inputValue()).toBe('Прованс');
    // The clear button empties the input.
    await page.getByRole('button', { name: 'Очистить' }).click();
    expect(await box().inputValue()).toBe('');
    await box().fill('Прованс');
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByRole('heading', { name: 'Поиск: «Прованс»' }).waitFor();
    await page.getByRole('link', { name: provence.name }).first().click();
    await page.getByRole('heading', { name: provence.name }).waitFor();
    expect(await box().inputValue()).toBe('');
  });

  it('closes the list 750 ms after focus leaves the input', async () => {
    await box().fill('Прованс');
    await list().getByRole('option').first().waitFor();
    await page.locator('h1').first().click();
    await page.waitForTimeout(300);
    expect(await list().isVisible()).toBe(true);
    await list().waitFor({ state: 'hidden', timeout: 2000 });
    await box().fill('');
  });

  it('suggests from the local catalogue when offline', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    expect(await page.locator('.card').count()).toBeGreaterThan(20);
    await context.setOffline(true);
    asked.length = 0;
    try {
      await box().fill('Прованс');
      await list().getByRole('option', { name: provence.name }).click();
      await waitFor('/items/p-001', async () => new URL(page.url()).pathname === '/items/p-001');
      await page.getByRole('heading', { name: provence.name }).waitFor();
      expect(asked).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
  });

  it('shows a search toggle on small screens that reveals the panel', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.locator('.search--desktop').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Поиск', exact: true }).click();
    const mobile = page.locator('.search--mobile').getByRole('combobox');
    await mobile.fill('Прованс');
    await page.locator('.search--mobile').getByRole('option', { name: provence.name }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  describe('in Russian, on a 360 px phone (issue 12)', () => {
    const mobileBox = () => page.locator('.search--mobile').getByRole('combobox');
    const tulips = demoProducts.find((p) => p.name === 'Монобукет из 25 тюльпанов')!;
    const searchOnPhone = async (q: string) => {
      await page.getByRole('button', { name: 'Поиск', exact: true }).click();
      await mobileBox().fill(q);
      return page.locator('.search--mobile').getByRole('option', { name: tulips.name });
    };
    beforeAll(async () => {
      await page.setViewportSize({ width: 360, height: 740 });
    });
    afterAll(async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it('finds tulips for «тюльпаны» online, through the server', async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
      asked.length = 0;
      await (await searchOnPhone('тюльпаны')).waitFor();
      expect(asked).toEqual([{ params: { skip: 0, limit: 10 }, query: { name: 'тюльпаны' } }]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });

    it('finds tulips for «тюльпаны» offline, from the device, the search library fetched beforehand', async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
      // Nobody has searched on this page yet: the app fetches the search chunk by itself when idle.
      await waitFor('the search chunk', () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/catalog-search-'))));
      await context.setOffline(true);
      asked.length = 0;
      try {
        const option = await searchOnPhone('тюльпаны');
        await option.waitFor();
        expect(asked).toEqual([]);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Поиск: «тюльпаны»' }).waitFor();
        await page.getByRole('link', { name: tulips.name }).first().waitFor();
      } finally {
        await context.setOffline(false);
      }
    });

    it('/search lists what the search finds, best first, and offers categories and bestsellers when nothing is found', async () => {
      await page.goto(`/search?q=${encodeURIComponent('пеоны')}`);
      await page.getByRole('heading', { name: 'Поиск: «пеоны»' }).waitFor();
      await page.getByRole('link', { name: 'Пион Сара Бернар' }).first().waitFor();
      await page.goto(`/search?q=${encodeURIComponent('ываываыва')}`);
      await page.getByText('Ничего не нашлось').waitFor();
      await page.getByRole('navigation', { name: 'Категории' }).getByRole('link', { name: 'Монобукеты' }).waitFor();
      await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    });

    it('suggestions that find nothing say so and lead to the categories and bestsellers', async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
      await page.getByRole('button', { name: 'Поиск', exact: true }).click();
      await mobileBox().fill('ываываыва');
      const nothing = page.locator('.search--mobile').getByRole('status').filter({ hasText: 'Ничего не нашлось' });
      await nothing.getByRole('link', { name: 'Категории и хиты продаж' }).click();
      await page.getByRole('heading', { name: 'Поиск: «ываываыва»' }).waitFor();
      await page.getByRole('navigation', { name: 'Категории' }).waitFor();
      await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    });

    it('/search with an empty, punctuation-only or 1,000-character query says so instead of listing everything', async () => {
      for (const [q, says] of [
        ['', 'Введите название букета, цветка или артикул'],
        ['?!…', 'нет ни букв, ни цифр'],
        ['роза '.repeat(200), 'Слишком длинный запрос'],
      ]) {
        await page.goto(`/search?q=${encodeURIComponent(q)}`);
        await page.getByRole('heading', { name: 'Поиск', exact: true }).waitFor();
        await page.getByRole('status').filter({ hasText: says }).waitFor();
        expect(await page.getByRole('region', { name: 'Товары' }).count()).toBe(0);
      }
    });
  });

  it('logged no errors', () => {
    // Offline, the sync's own failed requests may log; nothing else should.
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::/.test(e))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor, waitForOfflineReady } from './journeys';
import { contextAs } from './admin-journeys';

/**
 * The storefront's arrangement (issue 19, item 9): a florist renames a category and moves it up at /admin/catalog and
 * chooses the home page's collection at /admin/index-copy; a shopper's category bar and the server's HTML follow, and
 * the home page shows the chosen collection, drawn by the server and from the device's copy after an offline reload.
 */
describe('the catalogue arrangement', () => {
  const journey = journeyPerFile();

  it('a florist renames and reorders a category and picks the home collection; the storefront and its server HTML follow', async () => {
    const staffContext = await contextAs(journey(), demoPhones.florist, undefined, { serviceWorker: false });
    const staff = await staffContext.newPage();
    // On a florist's phone.
    await staff.setViewportSize({ width: 360, height: 740 });
    const staffErrors = watchErrors(staff);
    await staff.goto('/admin/catalog');
    await staff.getByRole('heading', { name: 'Каталог', level: 1 }).waitFor();
    const mono = staff.locator('input[name="category-monobouquets"]');
    await expect.poll(() => mono.inputValue()).toBe('Монобукеты');
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await mono.fill('Букеты из одного цветка');
    await staff.getByRole('button', { name: 'Выше: Букеты из одного цветка' }).click();
    // A name the bar already has is refused beside its field, and nothing is saved.
    await staff.locator('input[name="category-authors"]').fill('букеты из одного цветка');
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await staff.getByText('Две категории называются «букеты из одного цветка»').first().waitFor();
    await staff.locator('input[name="category-authors"]').fill('Авторские букеты');
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await staff.getByText('Сохранено').waitFor();

    await staff.goto('/admin/index-copy');
    await staff.getByRole('heading', { name: 'Витрина', level: 1 }).waitFor();
    await expect.poll(() => staff.locator('input[name="collection-title-0"]').inputValue()).toBe('Новогодняя коллекция');
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const title of ['На день рождения', 'К 8 Марта', 'Ко Дню матери']) await staff.getByRole('button', { name: `Убрать коллекцию ${title}` }).click();
    await staff.locator('input[name="collection-title-0"]').fill('Зимняя сказка');
    await staff.locator('input[name="collections-heading"]').fill('К празднику');
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await staff.getByText('Сохранено').waitFor();
    expect(staffErrors).toEqual([]);
    await staffContext.close();

    const context = await journey().newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/items');
    const bar = page.getByRole('navigation', { name: 'Категории' });
    await waitFor('the renamed category first on the bar', async () => (await bar.getByRole('link').first().textContent()) === 'Букеты из одного цветка');
    expect((await bar.getByRole('link').allTextContents()).slice(0, 2)).toEqual(['Букеты из одного цветка', 'Авторские букеты']);
    // The server draws the bar the same way, for a browser that runs no script.
    const drawn = /<nav class="category-bar"[^>]*>([\s\S]*?)<\/nav>/.exec(await (await page.request.get('/items/authors')).text())?.[1] ?? '';
    expect([...drawn.matchAll(/>([^<]+)<\/a>/g)].map((m) => m[1]).slice(0, 2)).toEqual(['Букеты из одного цветка', 'Авторские букеты']);
    await bar.getByRole('link', { name: 'Букеты из одного цветка' }).click();
    await page.getByRole('heading', { name: 'Букеты из одного цветка', level: 1 }).waitFor();

    await page.goto('/');
    const seasonal = page.getByRole('region', { name: 'К празднику' });
    await seasonal.getByRole('link', { name: 'Зимняя сказка' }).waitFor();
    expect(await seasonal.getByRole('link').count()).toBe(1);
    expect(await (await page.request.get('/')).text()).toContain('Зимняя сказка');

    await waitForOfflineReady(page);
    await waitFor('the arrangement on the device', () =>
      page.evaluate(async () => {
        const data = (window as unknown as { shopData?: { shop: { pages: { findOne(id: string): { exec(): Promise<{ toJSON(): { homeCopy?: { collectionsHeading: string } } } | null> } } } } }).shopData;
        return (await data?.shop.pages.findOne('home-copy').exec())?.toJSON().homeCopy?.collectionsHeading === 'К празднику';
      }),
    );
    await context.setOffline(true);
    await page.reload();
    await seasonal.getByRole('link', { name: 'Зимняя сказка' }).waitFor();
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await context.close();
  });
});

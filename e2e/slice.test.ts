import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startJourney, watchErrors } from './harness';
import { answerSignInDialog, signInThroughDialog, waitFor } from './journeys';
import { demoProducts } from '../server/seed/products';

const bouquet = demoProducts.find((p) => p.sizable && p.discountPrice)!;
const toy = demoProducts.find((p) => p.category === 'toys' && p.isActive && !p.discountPrice)!;

describe('the shop in a browser', () => {
  let journey: Awaited<ReturnType<typeof startJourney>>;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    journey = await startJourney();
    context = await journey.newContext();
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(() => journey.close());

  it('shows the catalogue from the local database with contacts in the header', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    expect(await page.locator('.card').count()).toBeGreaterThan(20);
    await page.getByRole('link', { name: '+7 (495) 000-00-00' }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.locator('meta[name="geo.placename"]').getAttribute('content')).toBe('Москва');
  });

  it('adds two sizes of a bouquet and a toy, totals them by the spec formula, removes one', async () => {
    await page.goto(`/items/${bouquet.id}`);
    await page.getByRole('heading', { name: bouquet.name }).waitFor();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page.getByText('XL', { exact: true }).click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    // On to the toy the way a customer goes: through the search box, inside the app.
    await page.getByRole('search').first().getByRole('combobox').fill(toy.name);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: toy.name }).click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
    await page.getByRole('button', { name: /Корзина/ }).click();
    const expected = bouquet.discountPrice! * 1 + bouquet.discountPrice! * 2 + toy.price;
    const total = await page.getByTestId('cart-total').textContent();
    expect(total?.replace(/\s/g, ' ')).toBe(`Итого: ${new Intl.NumberFormat('ru-RU').format(expected)} ₽`.replace(/\s/g, ' '));
    await page.getByRole('button', { name: `Удалить ${toy.name}` }).click();
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
  });

  it('keeps the cart across a reload', async () => {
    await page.waitForTimeout(300); // the spec saves the cart 250 ms after the last change
    await page.reload();
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
  });

  it('masks the phone, closes the dialog on Escape', async () => {
    await page.getByRole('button', { name: 'Войти' }).click();
    const input = page.getByRole('dialog').locator('input').first();
    await input.pressSequentially('9161234567');
    expect(await input.inputValue()).toBe('+7 (916) 123-45-67');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('does not let a guest into /admin: offers sign-in instead', async () => {
    await page.goto('/admin');
    await waitFor('/login?redirect=/admin', async () => page.url().endsWith('/login?redirect=%2Fadmin'));
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await waitFor('home after closing the dialog', async () => new URL(page.url()).pathname === '/');
  });

  it('signs a florist in, sends her to /admin and shows the shift button', async () => {
    await page.goto('/');
    await signInThroughDialog(page, journey.shop, '79000000003');
    await waitFor('/admin', async () => new URL(page.url()).pathname === '/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await page.getByRole('button', { name: 'Закрыть смену' }).waitFor();
    await page.getByRole('button', { name: '**0003' }).waitFor();
  });

  it('closes the shift: Save waits for both fields, the event reaches the server, she is signed out', async () => {
    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    const dialog = page.getByRole('dialog', { name: 'Закрыть смену' });
    const ok = dialog.getByRole('button', { name: 'Ок' });
    expect(await dialog.locator('input[name="date"]').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await ok.isDisabled()).toBe(true);
    await dialog.locator('input[name="amount"]').fill('45600');
    expect(await ok.isDisabled()).toBe(false);
    await page.evaluate(() => Object.assign(window, { beforeSignOut: true }));
    await ok.click();
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    const shifts = async () => {
      const events = await journey.shop.shop.storage.db('events').allDocs({ include_docs: true });
      return events.rows.map((r) => r.doc as unknown as { title: string; sum: number }).filter((d) => d.title === 'Закрытие смены' && d.sum === 45600);
    };
    await waitFor('the shift event on the server', async () => (await shifts()).length > 0);
    await waitFor('the server session to end', async () => {
      const res = await page.request.get('/api/user');
      return ((await res.json()) as { user: unknown }).user === null;
    });
    expect(await shifts()).toHaveLength(1);
    // Signing out ends by starting the page over at «/»: the next test's navigation must not race it.
    await waitFor('the page to start over', async () => page.evaluate(() => !('beforeSignOut' in window) && document.readyState === 'complete').catch(() => false));
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('answers an unknown path with the error page', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found: /no/such/page' }).waitFor();
    await page.getByRole('link', { name: 'На главную', exact: true }).waitFor();
  });

  it('keeps the catalogue filter in the URL, without empty values, across a reload', async () => {
    await page.goto('/items?isActive=true&name=');
    await page.locator('.card').first().waitFor();
    await page.getByRole('button', { name: 'Для мамы' }).click();
    await page.getByRole('searchbox', { name: 'Название или артикул' }).fill('корзина');
    await page.waitForURL((u) => u.searchParams.get('name') === 'корзина');
    const url = new URL(page.url());
    expect([...url.searchParams.keys()].sort()).toEqual(['isActive', 'name', 'tags']);
    expect(JSON.parse(url.searchParams.get('tags')!)).toEqual(['mom']);
    await page.reload();
    await page.getByRole('button', { name: 'Для мамы', pressed: true }).waitFor();
    await page.locator('.card').first().waitFor();
    expect(await page.locator('.card').count()).toBe(demoProducts.filter((p) => p.isActive && !p.isHidden && p.tags.includes('mom') && p.name.toLowerCase().includes('корзина')).length);
  });

  it('shows a long shelf 20 at a time, and in the order asked for', async () => {
    const onSale = demoProducts.filter((p) => p.isActive && !p.isHidden);
    await page.goto('/items');
    await page.locator('.card').first().waitFor();
    expect(await page.locator('.card').count()).toBe(20);
    await page.getByText(new RegExp(`^${onSale.length} товар(а|ов)?$`)).waitFor();
    await page.getByRole('button', { name: /Показать ещё/ }).click();
    await waitFor('the next 20', async () => (await page.locator('.card').count()) === 40);
    await page.getByRole('combobox', { name: 'Порядок товаров' }).selectOption({ label: 'Сначала дешевле' });
    const cheapest = Math.min(...onSale.map((p) => p.discountPrice || p.price));
    const first = await page.locator('.card').first().locator('.card__price').innerText();
    expect(Number(first.split('₽')[0].replace(/\D/g, ''))).toBe(cheapest);
  });

  it('lets /login send a visitor on only within the shop, never to another site or a script', async () => {
    const tab = await context.newPage();
    for (const bad of ['javascript:alert(1)', 'https://evil.example/']) {
      await tab.goto(`/login?redirect=${encodeURIComponent(bad)}`);
      await tab.getByRole('heading', { name: 'Что-то пошло не так' }).waitFor();
    }
    await tab.goto('/login?redirect=%2Fmy');
    await answerSignInDialog(tab, journey.shop, '79990007788');
    await tab.waitForURL(/\/my$/);
    await tab.getByRole('heading', { name: 'Мои заказы' }).waitFor();
    await tab.close();
  });

  it('had no errors in the page', () => {
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

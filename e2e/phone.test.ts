import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, lastCode, watchErrors } from './harness';
import { addToCart, ordersOnServer, waitFor } from './journeys';
import { demoProducts } from '../server/seed/products';
import { startTestShop } from '../server/testing/test-shop';

const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;
const shown = '+7 (900) 111-22-33';

/** Issue 12, item 3, on a 360 px phone: however a number is typed or pasted, every phone field shows it one way. */
describe('phone habits', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const logins: unknown[] = [];

  /** A paste from the clipboard, as a person does it: select what is there, Ctrl+V. */
  const paste = async (field: Locator, text: string) => {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await field.click();
    await field.press('Control+a');
    await field.press('Control+v');
  };

  beforeAll(async () => {
    // A real cooldown, short enough to watch the resend button count down.
    shop = await startTestShop({ codeCooldownMs: 4_000 });
    browser = await launchBrowser({ fullChromium: false });
    context = await browser.newContext({ baseURL: shop.url, locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    errors = watchErrors(page);
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) logins.push(r.postDataJSON());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
  });
  afterAll(async () => {
    await browser.close();
    await shop.close();
  });

  it('the sign-in dialog fits the screen, its close button within reach', async () => {
    await page.getByRole('button', { name: 'Войти' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    const close = dialog.getByRole('button', { name: 'Закрыть' });
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(360);
    expect(closeBox.width).toBeGreaterThanOrEqual(24);
    await close.click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('reads 8 900…, +7 900…, 900… typed or pasted as +7 (900) 111-22-33, and refuses a landline', async () => {
    await page.getByRole('button', { name: 'Войти' }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: 'Телефон' });
    const send = dialog.getByRole('button', { name: 'Получить код' });
    for (const typed of ['8 900 111-22-33', '89001112233', '+7 900 111 22 33', '9001112233']) {
      await paste(field, typed);
      expect(await field.inputValue(), `pasted ${typed}`).toBe(shown);
      await field.press('Control+a');
      await field.press('Backspace');
      await field.pressSequentially(typed);
      expect(await field.inputValue(), `typed ${typed}`).toBe(shown);
    }
    await paste(field, '+7 (495) 123-45-67');
    expect(await field.inputValue()).toBe('+7 (495) 123-45-67');
    await dialog.getByRole('alert').filter({ hasText: 'Нужен номер мобильного' }).waitFor();
    expect(await send.isDisabled()).toBe(true);
    expect(logins).toEqual([]);
    await paste(field, '8 900 111-22-33');
    expect(await field.inputValue()).toBe(shown);
    expect(await dialog.getByRole('alert').innerText()).toBe('');
    await send.click();
    await waitFor('the code step', () => dialog.getByText(`Мы отправили код на номер ${shown}`).isVisible());
    expect(logins).toEqual([{ phone: '79001112233' }]);
  });

  it('offers to send the code again, counting the seconds down, and takes the code from the keyboard', async () => {
    const dialog = page.getByRole('dialog');
    const codeField = dialog.getByRole('textbox', { name: 'Код из СМС' });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    const resend = dialog.getByRole('button', { name: /Отправить код ещё раз/ });
    const seconds = async () => Number(/через (\d+) с/.exec(await resend.innerText())?.[1] ?? 0);
    const first = await seconds();
    expect(first).toBeGreaterThan(0);
    expect(await resend.isDisabled()).toBe(true);
    await waitFor('the countdown to move', async () => (await seconds()) < first, 10_000);
    await waitFor('the resend button', () => resend.isEnabled(), 10_000);
    expect(await resend.innerText()).toBe('Отправить код ещё раз');
    await resend.click();
    await waitFor('a second code request', async () => logins.length === 2);
    await waitFor('the countdown again', async () => (await seconds()) > 0);
    await codeField.pressSequentially(await lastCode(shop, '79001112233'));
    await dialog.waitFor({ state: 'detached' });
  });

  it('the checkout reads a pasted 8 900… as +7 (900) 111-22-33 for the sender and the recipient', async () => {
    await addToCart(page, product);
    await page.goto('/orders/create');
    await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
    const sender = page.locator('input[name="sender-phone"]');
    const recipient = page.locator('input[name="recipient-phone"]');
    expect(await sender.inputValue()).toBe(shown);
    await paste(sender, '8 916 555-44-33');
    expect(await sender.inputValue()).toBe('+7 (916) 555-44-33');
    await paste(recipient, '8 900 111-22-33');
    expect(await recipient.inputValue()).toBe(shown);
    await paste(sender, '8 900 111-22-33');
    expect(await sender.inputValue()).toBe(shown);
    await paste(recipient, '89165554433');
    expect(await recipient.inputValue()).toBe('+7 (916) 555-44-33');

    // Each message goes as soon as its field is corrected (issue 12, item 6).
    await page.locator('input[name="recipient-name"]').fill('');
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    const messages = page.locator('.field-error[role="alert"]');
    await page.getByText('Укажите адрес доставки').waitFor();
    const before = await messages.count();
    expect(before).toBeGreaterThanOrEqual(3);
    await page.locator('input[name="sender-name"]').fill('Анна');
    await page.locator('input[name="recipient-name"]').fill('Ольга');
    await waitFor('the names’ messages to go', async () => (await page.getByText('Укажите имя').count()) === 0);
    await page.locator('input[name="address"]').fill('Москва, ул. Тверская, 1');
    await page.getByText('Укажите адрес доставки').waitFor({ state: 'detached' });
    await page.locator('select[name="slot"]').selectOption({ index: 1 });
    await waitFor('every message to go', async () => (await messages.count()) === 0);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { name: /Заказ №\s\d+ принят/ }).waitFor();
    const [order] = await ordersOnServer(shop, '79001112233');
    expect([order?.sender.phone, order?.recipient.phone]).toEqual(['79001112233', '79165554433']);
  });

  it('logged no errors', () => {
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

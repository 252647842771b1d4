import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { journeyPerFile, lastCode, phonePage, watchErrors, type TestShop } from './harness';
import { addToCart, waitFor, waitForOfflineReady } from './journeys';
import { demoProducts } from '../server/seed/products';
import type { Order } from '../schema/studio/orders/order';
import { demoPhones } from '../server/testing/test-shop';
import { contextAs } from './admin-journeys';
import { openOrder } from './order-journeys';

const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;

/** Every order record the server holds for a phone, placed or not: nothing may reach the studio unconfirmed. */
const recordsOf = async (shop: TestShop, phone: string) =>
  (await shop.shop.storage.db('orders').allDocs({ include_docs: true })).rows
    .map((r) => r.doc as unknown as Order & { _id: string })
    .filter((o) => o.customer === phone || o.sender?.phone === phone);

/** A paste from the clipboard, as a person does it: select what is there, Ctrl+V. */
const paste = async (page: Page, field: Locator, text: string) => {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.click();
  await field.press('Control+a');
  await field.press('Control+v');
};

const startGuestCheckout = async (page: Page) => {
  await addToCart(page, product);
  await page.goto('/orders/create');
  await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
  // No sign-in first: the form is there for a guest.
  await page.locator('input[name="sender-name"]').fill('Анна');
  await page.locator('select[name="slot"]').selectOption({ index: 1 });
};

/** Issue 12, item 4, on a 360 px phone: a guest orders without signing in first; the phone is confirmed when the order is sent. */
describe('guest checkout', () => {
  const journey = journeyPerFile();

  it('a guest pastes 8 900… numbers, checks out offline, confirms the code back online, and the order arrives once', async () => {
    const guest = '79002223344';
    const { context, page } = await phonePage(journey());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await waitForOfflineReady(page);

    await startGuestCheckout(page);
    await paste(page, page.locator('input[name="sender-phone"]'), '8 900 222-33-44');
    expect(await page.locator('input[name="sender-phone"]').inputValue()).toBe('+7 (900) 222-33-44');
    await page.locator('input[name="recipient-name"]').fill('Ольга');
    await paste(page, page.locator('input[name="recipient-phone"]'), '89165554433');
    expect(await page.locator('input[name="recipient-phone"]').inputValue()).toBe('+7 (916) 555-44-33');
    // The recipient's address is not known: the studio will call her.
    await page.getByLabel(/Уточнить адрес у получателя/).check();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { name: 'Заказ ждёт подтверждения телефона' }).waitFor();
    const waiting = page.getByTestId('waiting-order');
    await waiting.filter({ hasText: 'Ждёт подтверждения телефона' }).filter({ hasText: '+7 (900) 222-33-44' }).waitFor();
    expect(await waiting.getByRole('button', { name: 'Подтвердить телефон' }).count()).toBe(0);
    expect(await recordsOf(journey().shop, guest)).toEqual([]);

    // Back online, the shop asks for the code by itself.
    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'Подтвердите телефон' });
    const codeInput = dialog.locator('input[autocomplete="one-time-code"]');
    await codeInput.waitFor();
    await dialog.getByRole('button', { name: /Отправить код ещё раз/ }).waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await codeInput.pressSequentially(await lastCode(journey().shop, guest));
    await dialog.waitFor({ state: 'detached' });

    const [placed] = await waitFor('the confirmed order on the server', async () => {
      const found = (await recordsOf(journey().shop, guest)).filter((o) => typeof o.number === 'number');
      return found.length ? found : null;
    });
    expect(placed).toMatchObject({ customer: guest, sender: { phone: guest }, recipient: { name: 'Ольга', phone: '79165554433' }, delivery: { method: 'courier', askRecipient: true } });
    await waiting.waitFor({ state: 'detached' });
    await page.goto('/my');
    await page.locator('.my-orders__item', { hasText: `Заказ №\u00a0${placed.number}` }).waitFor();
    await page.waitForTimeout(2000);
    expect(await recordsOf(journey().shop, guest)).toHaveLength(1);

    // The studio sees at once that the address is to be asked of the recipient.
    const studio = await contextAs(journey(), demoPhones.florist, undefined, { serviceWorker: false });
    const studioPage = await studio.newPage();
    await openOrder(studioPage, { id: placed._id, number: placed.number });
    await studioPage.getByRole('note').filter({ hasText: 'Уточнить адрес у получателя: позвоните получателю (+7 (916) 555-44-33)' }).waitFor();
    await studio.close();
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });

  it('a code never confirmed sends nothing to the studio; the draft stays on the device until deleted', async () => {
    const guest = '79003334455';
    const { context, page } = await phonePage(journey(), { serviceWorker: false });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await startGuestCheckout(page);
    await page.locator('input[name="sender-phone"]').pressSequentially('89003334455');
    // «Я получатель»: the recipient is the sender, and follows a change of the sender's name.
    await page.getByLabel('Я получатель').check();
    await page.locator('input[name="sender-name"]').fill('Анна Петровна');
    expect(await page.locator('input[name="recipient-name"]').inputValue()).toBe('Анна Петровна');
    expect(await page.locator('input[name="recipient-phone"]').inputValue()).toBe('+7 (900) 333-44-55');
    await page.locator('input[name="address"]').fill('Москва, ул. Тверская, 1');

    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Подтвердите телефон' });
    await dialog.locator('input[autocomplete="one-time-code"]').waitFor();
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByText(/ждёт подтверждения телефона: без кода из СМС он не уйдёт в студию/).waitFor();

    const waiting = page.getByTestId('waiting-order').filter({ hasText: '+7 (900) 333-44-55' });
    await page.goto('/');
    await waiting.waitFor();
    await page.reload();
    await waiting.waitFor();
    // It can be confirmed later from here; closed again, still nothing is sent.
    await waiting.getByRole('button', { name: 'Подтвердить телефон' }).click();
    await dialog.locator('input[autocomplete="one-time-code"]').waitFor();
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    expect(await recordsOf(journey().shop, guest)).toEqual([]);

    await waiting.getByRole('button', { name: 'Удалить заказ' }).click();
    await waiting.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    expect(await page.getByTestId('waiting-order').count()).toBe(0);
    expect(await recordsOf(journey().shop, guest)).toEqual([]);
    await context.close();
  });
});

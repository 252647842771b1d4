import { describe, expect, it } from 'vitest';
import { formatRoubles } from '../schema/shared/money';
import { nextDay } from '../schema/shared/day';
import { firstDeliveryDay } from '../schema/studio/orders/order';
import { defaultShopSettings } from '../schema/studio/site/shop-settings';
import type { ShopSettingsAnswer } from '../schema/studio/site/shop-settings-update';
import { demoProducts } from '../server/seed/products';
import { readShopSettings, readSmsGateway, saveSmsGateway } from '../server/studio/shop-settings';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { contextAs } from './admin-journeys';
import { journeyPerFile, watchErrors } from './harness';
import { addToCart, fillCheckoutForm, holdRequest, ordersOnServer, signInThroughDialog, waitForOfflineReady } from './journeys';

const customer = '79990005501';
const late = '79990005502';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5 && (p.discountPrice || p.price) < defaultShopSettings.freeDeliveryFrom)!;
const unit = product.discountPrice || product.price;
const newPrice = 690;

/**
 * The shop's settings (issue 21, item 5): an admin changes the delivery price at /admin/settings; a checkout open
 * since before the change shows the new total at once and is charged it; a device that has not heard of the change is
 * told the new total when it sends, not charged a price it did not show, and orders at the new one after.
 */
describe('the shop settings', () => {
  const journey = journeyPerFile();

  it('an admin changes the delivery price and a customer’s checkout and the server’s total follow, including a tab open before the change', async () => {
    const { shop } = journey();
    const openTab = async (phone: string) => {
      const context = await journey().newContext();
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
      await signInThroughDialog(page, shop, phone);
      await waitForOfflineReady(page);
      await addToCart(page, product);
      await fillCheckoutForm(page);
      await page.getByTestId('order-total').filter({ hasText: formatRoubles(unit + defaultShopSettings.deliveryPrice) }).waitFor();
      return { context, page };
    };
    // Two customers with the checkout open at the old price; the second one's device hears nothing of the pages store.
    const first = await openTab(customer);
    const errors = watchErrors(first.page);
    const second = await openTab(late);
    await second.page.route('**/db/pages/**', (r) => r.abort());

    const adminContext = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto('/admin/settings');
    await admin.getByRole('heading', { name: 'Настройки', exact: true }).waitFor();
    const price = admin.getByLabel('Доставка курьером, ₽');
    await expect.poll(() => price.inputValue()).toBe(String(defaultShopSettings.deliveryPrice));
    const save = () => admin.getByRole('button', { name: 'Сохранить', exact: true }).click();

    // Bad input is said beside its field, and nothing is stored.
    await price.fill('-50');
    await save();
    await admin.getByText('Стоимость доставки не может быть меньше нуля').waitFor();
    await price.fill('пятьсот');
    await save();
    await admin.getByText('Стоимость доставки: укажите число').waitFor();
    await price.fill(String(newPrice));
    const slots = admin.getByLabel(/Интервалы доставки/);
    const slotsBefore = await slots.inputValue();
    await slots.fill('');
    await save();
    await admin.getByText(/Оставьте хотя бы один интервал доставки/).waitFor();
    expect((await readShopSettings(shop.shop.storage)).updatedAt).toBe(0);

    await slots.fill(slotsBefore);
    await save();
    await admin.getByText(`Настройки сохранены: доставка ${formatRoubles(newPrice)}`).waitFor();
    expect((await readShopSettings(shop.shop.storage)).settings.deliveryPrice).toBe(newPrice);

    // The tab open since before the change follows at once, says so, and is charged what it shows.
    await first.page.getByTestId('order-total').filter({ hasText: formatRoubles(unit + newPrice) }).waitFor();
    await first.page.getByTestId('delivery-repriced').filter({ hasText: formatRoubles(unit + newPrice) }).waitFor();
    await first.page.getByRole('button', { name: 'Оформить заказ' }).click();
    await first.page.getByRole('heading', { name: /Заказ №\s\d+ принят/ }).waitFor();
    const placed = await ordersOnServer(shop, customer);
    expect(placed.map((o) => [o.deliveryPrice, o.total])).toEqual([[newPrice, unit + newPrice]]);

    // The device that did not hear of it still shows the old total: sent, it is told the new one and nothing is placed.
    await second.page.getByTestId('order-total').filter({ hasText: formatRoubles(unit + defaultShopSettings.deliveryPrice) }).waitFor();
    await second.page.getByRole('button', { name: 'Оформить заказ' }).click();
    await second.page.getByRole('alert').filter({ hasText: `Стоимость доставки изменилась: ${formatRoubles(newPrice)} вместо ${formatRoubles(defaultShopSettings.deliveryPrice)}` }).waitFor();
    await second.page.getByRole('alert').filter({ hasText: formatRoubles(unit + newPrice) }).waitFor();
    expect(await ordersOnServer(shop, late)).toEqual([]);
    // Once its device hears of the new price, the same form shows it and the order is placed at it.
    await second.page.unroute('**/db/pages/**');
    await second.page.reload();
    await second.page.getByTestId('order-total').filter({ hasText: formatRoubles(unit + newPrice) }).waitFor();
    await second.page.getByRole('button', { name: 'Оформить заказ' }).click();
    await second.page.getByRole('heading', { name: /Заказ №\s\d+ принят/ }).waitFor();
    expect((await ordersOnServer(shop, late)).map((o) => o.total)).toEqual([unit + newPrice]);

    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await Promise.all([first.context.close(), second.context.close(), adminContext.close()]);
  });

  it('a checkout opened on a day the studio closed starts on the next open day, and says why a closed day has no time', async () => {
    const { shop } = journey();
    const closed = firstDeliveryDay();
    const holiday = nextDay(nextDay(closed));
    const admin = await signIn(shop.url, demoPhones.admin);
    const { settings, updatedAt } = (await call<ShopSettingsAnswer>(shop.url, '/api/settings/get', {})).body.data;
    expect((await call(shop.url, '/api/settings/update', { settings: { ...settings, closedDays: [closed, holiday] }, updatedAt }, admin)).status).toBe(200);

    const context = await journey().newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await waitForOfflineReady(page);
    await addToCart(page, product);
    await page.goto('/orders/create');
    const date = page.locator('input[name="date"]');
    await expect.poll(() => date.inputValue()).toBe(nextDay(closed));
    await date.fill(holiday);
    await page.locator('select[name="slot"] option', { hasText: 'Студия в этот день не работает' }).waitFor({ state: 'attached' });
    await context.close();
  });

  it('a florist opening /admin/settings sees «Недостаточно прав»', async () => {
    const context = await contextAs(journey(), demoPhones.florist, undefined, { serviceWorker: false });
    const page = await context.newPage();
    await page.goto('/admin/settings');
    await page.getByText('Недостаточно прав').waitFor();
    await context.close();
  });

  it('what the admin types while a save is on its way keeps the typed text, in the shop’s form and the SMS gateway’s', async () => {
    const { shop } = journey();
    const context = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Настройки', exact: true }).waitFor();

    const form = page.getByRole('form', { name: 'Настройки магазина' });
    const days = form.locator('input[name="bookingDays"]');
    const remind = form.locator('input[name="reminderDaysAhead"]');
    await expect.poll(() => days.inputValue()).not.toBe('');
    const before = await readShopSettings(shop.shop.storage);
    const held = await holdRequest(page, '**/api/settings/update');
    await days.fill(String(before.settings.bookingDays + 1));
    await form.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await held.atServer;
    await remind.fill(String(before.settings.reminderDaysAhead + 2));
    held.release();
    await page.getByText(/Настройки сохранены: доставка/).waitFor();
    await held.done();
    expect(await remind.inputValue()).toBe(String(before.settings.reminderDaysAhead + 2));
    expect(await days.inputValue()).toBe(String(before.settings.bookingDays + 1));
    // Only what was sent is stored; the typed field goes with the next save, made over the version the answer gave.
    expect((await readShopSettings(shop.shop.storage)).settings).toMatchObject({ bookingDays: before.settings.bookingDays + 1, reminderDaysAhead: before.settings.reminderDaysAhead });
    await form.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect.poll(async () => (await readShopSettings(shop.shop.storage)).settings.reminderDaysAhead).toBe(before.settings.reminderDaysAhead + 2);

    // The gateway's form cleared a token typed while its save was on its way.
    const gateway = page.getByRole('form', { name: 'SMS-шлюз' });
    const token = gateway.locator('input[name="sms-token"]');
    const heldSms = await holdRequest(page, '**/api/settings/sms-update');
    await gateway.locator('input[name="sms-url"]').fill('https://sms.example.ru/send');
    await gateway.getByRole('button', { name: 'Сохранить шлюз' }).click();
    await heldSms.atServer;
    await token.fill('typed-meanwhile');
    heldSms.release();
    await page.getByText('SMS-шлюз сохранён').waitFor();
    await heldSms.done();
    expect(await token.inputValue()).toBe('typed-meanwhile');
    expect(await gateway.locator('input[name="sms-url"]').inputValue()).toBe('https://sms.example.ru/send');
    expect(await readSmsGateway(shop.shop.storage)).toEqual({ url: 'https://sms.example.ru/send', token: '' });
    await gateway.getByRole('button', { name: 'Сохранить шлюз' }).click();
    await expect.poll(() => readSmsGateway(shop.shop.storage)).toEqual({ url: 'https://sms.example.ru/send', token: 'typed-meanwhile' });
    await expect.poll(() => token.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
    // The other journeys' sign-in codes go through the demo's log again, not this address.
    await saveSmsGateway(shop.shop.storage, '', undefined);
  });
});

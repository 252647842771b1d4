import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Order } from '../schema/studio/orders/order';
import { demoProducts } from '../server/seed/products';
import { call, demoPhones, signIn, startTestShop } from '../server/testing/test-shop';
import { startYookassaStandIn, type YookassaStandIn } from '../server/testing/yookassa-stand-in';
import { launchBrowser, phoneViewport, watchErrors, type TestShop } from './harness';
import { addToCart, fillCheckoutForm, ordersOnServer, waitFor } from './journeys';

const customer = '79990007701';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;

/**
 * Paying now on a 360 px phone: the checkout sends the customer to the provider (the stand-in, written from
 * YooKassa's public API) and the provider back to the thank-you page; its notification, sent twice, marks the order
 * paid once. A payment refused at the provider leaves the order to be paid again or on delivery.
 */
describe('paying online', () => {
  let yk: YookassaStandIn;
  let shop: TestShop;
  let browser: Browser;
  /** The shop as the provider returns to it (PUBLIC_ORIGIN's demo default: localhost), so the session cookie is the same. */
  let origin: string;

  beforeAll(async () => {
    if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: npm run build first (npm test does it)');
    yk = await startYookassaStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl } });
    origin = shop.url.replace('127.0.0.1', 'localhost');
    yk.notifyTo(`${shop.url}/api/payments/notification`, 2);
    browser = await launchBrowser({ fullChromium: false });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await yk?.close();
  });

  const signedInPhone = async (phone = customer): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ baseURL: origin, locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: phoneViewport });
    await context.addInitScript(() => Object.assign(window, { shopTestHooks: true }));
    const cookie = await signIn(shop.url, phone);
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: origin }]);
    const { body } = await call<{ user: unknown }>(shop.url, '/api/user', undefined, cookie, 'GET');
    await context.addInitScript((user) => localStorage.setItem('shop:user', user), JSON.stringify(body.user));
    return { context, page: await context.newPage() };
  };

  const fillAndChoose = async (page: Page, method: string) => {
    await addToCart(page, product);
    await fillCheckoutForm(page);
    await page.getByRole('radio', { name: method }).check();
    await page.getByRole('button', { name: 'Оформить и оплатить' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${yk.url}/checkout/`));
  };

  it('goes to the provider and back, and the notification sent twice marks the order paid once', async () => {
    const { context, page } = await signedInPhone();
    const errors = watchErrors(page);
    await fillAndChoose(page, 'СБП');
    const [order] = await ordersOnServer(shop, customer);
    expect(order.online).toMatchObject({ method: 'sbp', status: 'pending' });
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.getByRole('heading', { name: `Заказ №\u00a0${order.number} оплачен` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders/thank-you');
    // Both notifications were answered 200, and the order holds one payment.
    expect(yk.sent.filter((s) => s.id === order.online!.payment).map((s) => s.status)).toEqual([200, 200]);
    const [paid] = (await ordersOnServer(shop, customer)) as (Order & { _id: string })[];
    expect(paid.paid).toMatchObject({ status: 'paid', method: 'online', amount: paid.total });
    expect((paid.history ?? []).filter((h) => h.command === 'online-paid')).toHaveLength(1);
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneViewport.width);
    expect(errors).toEqual([]);
    await context.close();

    // The studio sees it on the order page.
    const staff = await signedInPhone(demoPhones.florist);
    await staff.page.goto(`/admin/orders/${paid._id}`);
    await staff.page.getByTestId('order-payment').filter({ hasText: 'Оплачен онлайн' }).waitFor();
    await staff.context.close();
  });

  it('shows a payment refused at the provider as not paid, and lets the customer pay on delivery instead', async () => {
    const { context, page } = await signedInPhone();
    await fillAndChoose(page, 'Картой онлайн');
    await page.getByRole('button', { name: 'Отказаться' }).click();
    const latest = async () => (await ordersOnServer(shop, customer)).sort((a, b) => b.number - a.number)[0];
    const order = await latest();
    await page.getByRole('heading', { name: `Заказ №\u00a0${order.number} не оплачен` }).waitFor();
    await page.getByRole('button', { name: 'Оплатить при получении' }).click();
    await page.getByRole('heading', { name: `Заказ №\u00a0${order.number} принят` }).waitFor();
    await waitFor('the order turned to payment on delivery', async () => (await latest()).online?.status === 'on-delivery');
    expect((await latest()).paid?.status ?? 'unpaid').toBe('unpaid');

    // Offline the checkout does not offer paying now, and says why.
    await addToCart(page, product);
    await page.goto('/orders/create');
    await page.getByRole('radio', { name: 'СБП' }).waitFor();
    await context.setOffline(true);
    await page.getByText('Оплатить онлайн можно, когда есть интернет').waitFor();
    expect(await page.getByRole('radio', { name: 'СБП' }).count()).toBe(0);
    await context.close();
  });
});

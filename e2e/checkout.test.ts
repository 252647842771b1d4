import { describe, expect, it } from 'vitest';
import { journeyPerFile, watchErrors } from './harness';
import { addToCart, fillCheckout, ordersOnServer, signInThroughDialog, waitFor, waitForOfflineReady } from './journeys';
import { demoProducts } from '../server/seed/products';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { formatRoubles } from '../schema/shared/money';
import { deliveryPrice } from '../schema/studio/orders/order';

const customer = '79990001122';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;

/** A customer orders online, then offline: the offline order waits on the device and reaches the server exactly once. */
describe('checkout', () => {
  const journey = journeyPerFile();

  const onServer = () => ordersOnServer(journey().shop, customer);

  it('places orders online and offline, exactly once each', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await signInThroughDialog(page, journey().shop, customer);
    await waitForOfflineReady(page);

    // The form explains what is missing, beside each field.
    await addToCart(page, product);
    await page.goto('/orders/create');
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.getByText('Укажите имя').first().waitFor();
    await page.getByText('Выберите время доставки').waitFor();

    // The price changes after it went into the cart: the summary follows the catalogue, as the server will charge.
    const florist = await signIn(journey().shop.url, demoPhones.florist);
    const { updatedAt: _u, ...item } = demoProducts.find((p) => p.id === product.id)!;
    expect((await call(journey().shop.url, '/api/items/update', { ...item, price: 1234, discountPrice: undefined }, florist)).status).toBe(200);
    await page.getByTestId('order-total').filter({ hasText: formatRoubles(1234 + deliveryPrice) }).waitFor();

    await fillCheckout(page);
    const heading = page.getByRole('heading', { name: /Заказ №\s\d+ принят/ });
    await heading.waitFor();
    const first = Number(/№\s(\d+)/.exec(await heading.innerText())![1]);
    expect(await onServer()).toHaveLength(1);
    expect((await onServer())[0].total).toBe(1234 + deliveryPrice);
    await page.getByTestId('cart-count').waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);

    await page.goto('/my');
    const firstRow = page.locator('.my-orders__item', { hasText: `Заказ №\u00a0${first}` });
    await firstRow.filter({ hasText: 'Новый' }).waitFor();

    // Staff move it on; the customer's page follows live.
    const [stored] = await onServer();
    expect((await call(journey().shop.url, '/api/orders/update-status', { id: stored._id, status: 'assembling' }, florist)).status).toBe(200);
    await firstRow.filter({ hasText: 'Собирается' }).waitFor();

    await context.setOffline(true);
    await addToCart(page, product);
    await fillCheckout(page);
    await page.getByRole('heading', { name: 'Заказ сохранён' }).waitFor();
    await page.goto('/my');
    const waiting = page.locator('.my-orders__item', { hasText: 'Ожидает отправки' });
    await waiting.filter({ hasText: `${product.name} × 1` }).waitFor();
    await page.reload();
    await page.getByText('Ожидает отправки').waitFor();
    expect(await onServer()).toHaveLength(1);

    await context.setOffline(false);
    await waitFor('the offline order on the server', async () => (await onServer()).length === 2, 60_000);
    await page.locator('.my-orders__item', { hasText: `Заказ №\u00a0${first + 1}` }).waitFor();
    await page.getByText('Ожидает отправки').waitFor({ state: 'detached' });
    await page.waitForTimeout(2000);
    const orders = await onServer();
    expect(orders).toHaveLength(2);
    expect(orders.map((o) => o.number).sort()).toEqual([first, first + 1]);
    // Offline, failed requests are logged by the browser; nothing else may go wrong.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });
});

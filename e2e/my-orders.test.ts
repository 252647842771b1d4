import { describe, expect, it } from 'vitest';
import type { Product } from '../schema/shop/product';
import { call } from '../server/testing/test-shop';
import { contextAs } from './admin-journeys';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor } from './journeys';
import { orderOnServer, placeOrders } from './order-journeys';

const customer = '79550006677';

/** /my for a customer at 360 px (issue 12, item 7): a past order repeated into the cart, one cancelled before assembly. */
describe('my orders', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows the postcard, payment and anonymity, repeats an order into the cart and cancels one before assembly, its stock back once', async () => {
    const { shop } = journey();
    const [order, anonymous] = await placeOrders(shop, customer, 2);
    const productId = order.lines[0].id;
    const stock = async () => (await call<{ data: Product }>(shop.url, '/api/items/get', { id: productId })).body.data.count;
    const held = await stock();
    const context = await contextAs(journey(), customer, phoneViewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The catalogue's pull is held back until after the tap: a phone signed in a moment ago has not pulled it yet.
    let release = () => {};
    const pulled = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/db/catalog/**', async (route) => (await pulled, route.continue()));
    await page.goto('/my');
    const row = page.locator(`[data-order-id="${order.id}"]`);
    await row.waitFor();
    // What the customer wrote and chose: the postcard's text, the payment, and anonymity on the order that has it.
    expect(await row.textContent()).toContain('Открытка: «С днём рождения!»');
    expect(await row.textContent()).toContain('При получении, наличными');
    expect(await row.textContent()).not.toContain('Анонимно');
    expect(await page.locator(`[data-order-id="${anonymous.id}"]`).textContent()).toContain('Анонимно');

    await row.getByRole('button', { name: 'Повторить заказ' }).click();
    await page.waitForTimeout(500);
    release();
    await page.getByRole('button', { name: 'Корзина: 1 шт.' }).waitFor();

    await row.getByRole('button', { name: 'Отменить заказ' }).click();
    await row.getByRole('button', { name: 'Да, отменить' }).click();
    await row.locator('.status', { hasText: 'Отменён' }).waitFor({ timeout: 30_000 });
    await waitFor('the cancellation on the server', async () => (await orderOnServer(shop, order.id)).status === 'cancelled');
    expect(await stock()).toBe(held + order.lines[0].count);
    expect(await row.getByRole('button', { name: 'Отменить заказ' }).count()).toBe(0);
    // Nothing is paid on delivery any more.
    await row.locator('.my-orders__payment', { hasText: 'Заказ отменён: оплачивать не нужно' }).waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

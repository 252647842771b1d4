import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor, waitForOfflineReady } from './journeys';
import { contextAs, officeOnServer } from './admin-journeys';
import { addCourier, openOrder, orderOnServer, placeOrders, shownStatus, statusButton } from './order-journeys';

const customer = '79550001122';

/**
 * A florist's morning without network (issue 10): three site orders are on her phone; offline she confirms each,
 * assembles it, photographs the bouquet, marks it ready and hands it to a courier. Back online, every command
 * reaches the server once: each order's history holds each step once, and the customer's /my shows the courier
 * status and the photo.
 */
describe('the order page offline', () => {
  const journey = journeyPerFile();

  it('keeps a florist working on three orders and applies every step exactly once', async () => {
    const { shop } = journey();
    const orders = await placeOrders(shop, customer, 3);
    const courierId = await addCourier(shop, demoPhones.manager, 'Пётр Курьеров');

    const context = await contextAs(journey(), demoPhones.florist);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openOrder(page, orders[2]);
    await page.getByRole('option', { name: /Пётр Курьеров/ }).waitFor({ state: 'attached' });
    await waitForOfflineReady(page);
    const photo = await page.screenshot({ type: 'png' });

    await context.setOffline(true);
    for (const order of orders) {
      await openOrder(page, order);
      await statusButton(page, 'Подтверждён').click();
      await shownStatus(page, 'Подтверждён');
      await statusButton(page, 'Собирается').click();
      await shownStatus(page, 'Собирается');
      await page.locator('input[type=file][accept="image/*"][capture=environment]').setInputFiles({ name: 'bouquet.png', mimeType: 'image/png', buffer: photo });
      await page.getByRole('img', { name: 'Фото букета (ещё не отправлено)' }).waitFor();
      await statusButton(page, 'Готов').click();
      await shownStatus(page, 'Готов');
      await page.getByLabel('Курьер', { exact: true }).selectOption(courierId);
      await page.getByTestId('order-courier').filter({ hasText: 'Пётр Курьеров' }).waitFor();
      await statusButton(page, 'У курьера').click();
      await shownStatus(page, 'У курьера');
      expect(await page.getByText(/^Ждёт отправки:/).count()).toBe(6);
    }
    for (const order of orders) expect((await orderOnServer(shop, order.id)).status).toBe('new');

    await context.setOffline(false);
    await waitFor(
      'every order with the courier on the server',
      async () => (await Promise.all(orders.map((o) => orderOnServer(shop, o.id)))).every((o) => o.status === 'delivering' && o.photo && o.courier === courierId),
      90_000,
    );
    for (const { id } of orders) {
      const stored = await orderOnServer(shop, id);
      expect(stored.history?.map((h) => [h.by, h.what, h.after.status ?? Object.keys(h.after).join()])).toEqual([
        [demoPhones.florist, 'Статус', 'confirmed'],
        [demoPhones.florist, 'Статус', 'assembling'],
        [demoPhones.florist, 'Фото букета', 'photo'],
        [demoPhones.florist, 'Статус', 'ready'],
        [demoPhones.florist, 'Флорист и курьер', 'courier'],
        [demoPhones.florist, 'Статус', 'delivering'],
      ]);
      expect(stored.photo).toMatch(/^\/api\/photos\//);
    }
    const commands = await officeOnServer(shop, 'orderCommand');
    expect(commands).toHaveLength(18);
    await waitFor('every outcome', async () => (await officeOnServer(shop, 'orderCommand')).every((c) => (c.data.outcome as { ok?: boolean } | undefined)?.ok === true));

    // The florist's device: the outcomes pulled, nothing waiting, the server's photo shown.
    await page.getByText(/Ждёт отправки|Отправлено, ждёт ответа/).first().waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByRole('img', { name: 'Фото готового букета' }).waitFor();
    await shownStatus(page, 'У курьера');
    expect(await page.locator('.order-page__history > li').count()).toBe(6);

    // The customer's /my: each order once, «У курьера», with the bouquet's photo.
    const own = await contextAs(journey(), customer, undefined, { serviceWorker: false });
    const my = await own.newPage();
    await my.goto('/my');
    for (const { id } of orders) {
      const row = my.locator(`[data-order-id="${id}"]`);
      await row.getByText('У курьера', { exact: true }).waitFor({ timeout: 30_000 });
      await row.getByRole('img', { name: 'Фото вашего букета' }).waitFor();
      expect(await my.locator(`[data-order-id="${id}"]`).count()).toBe(1);
    }
    const shown = await my.locator('.my-orders__photo').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
    expect(shown.every((w) => w > 0 && w <= 1600)).toBe(true);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[13]/.test(e))).toEqual([]);
    await own.close();
    await context.close();
  });
});

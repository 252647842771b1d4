import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';
import { openOrderToGoOffline, orderOnServer, placeOrders, shownStatus, statusButton } from './order-journeys';

/**
 * Two staff devices change one order offline (issue 10, item 7). The florist confirms and starts assembling; the
 * manager, who saw it new, confirms it too and records the payment. The florist's device reaches the server first.
 * By the rule the status follows the furthest legal step: the manager's «Подтверждён» is not applied and her page
 * says why; her payment (another field) is kept. Both devices end on the same order.
 */
describe('two staff devices, one order, both offline', () => {
  const journey = journeyPerFile();

  it('converge by the lifecycle rule, and the loser sees why', async () => {
    const { shop } = journey();
    const [order] = await placeOrders(shop, '79550003344', 1);
    const florist = await contextAs(journey(), demoPhones.florist);
    const manager = await contextAs(journey(), demoPhones.manager);
    const [fp, mp] = [await florist.newPage(), await manager.newPage()];
    await openOrderToGoOffline(fp, order);
    await openOrderToGoOffline(mp, order);

    await florist.setOffline(true);
    await manager.setOffline(true);
    await statusButton(fp, 'Подтверждён').click();
    await statusButton(fp, 'Собирается').click();
    await shownStatus(fp, 'Собирается');
    await statusButton(mp, 'Подтверждён').click();
    await shownStatus(mp, 'Подтверждён');
    await mp.getByRole('form', { name: 'Оплата' }).getByRole('button', { name: 'Записать оплату' }).click();
    await mp.getByTestId('order-payment').filter({ hasText: /^Оплачен/ }).waitFor();

    await florist.setOffline(false);
    await waitFor('the florist’s steps on the server', async () => (await orderOnServer(shop, order.id)).status === 'assembling', 60_000);
    await manager.setOffline(false);

    await mp.getByRole('alert').filter({ hasText: 'Не принято: Новый → Подтверждён — Заказ уже «Собирается»: его изменил(а) Ольга Флористова' }).waitFor({ timeout: 60_000 });
    for (const page of [fp, mp]) {
      await shownStatus(page, 'Собирается');
      await page.getByTestId('order-payment').filter({ hasText: /^Оплачен · Наличные/ }).waitFor({ timeout: 60_000 });
    }
    const stored = await orderOnServer(shop, order.id);
    expect(stored.status).toBe('assembling');
    expect(stored.paid).toMatchObject({ status: 'paid', method: 'cash', amount: order.total, by: demoPhones.manager });
    expect(stored.history?.map((h) => [h.by, h.what])).toEqual([
      [demoPhones.florist, 'Статус'],
      [demoPhones.florist, 'Статус'],
      [demoPhones.manager, 'Оплата'],
    ]);
    // The florist, whose steps won, is shown no refusal.
    expect(await fp.locator('.order-page__refused').count()).toBe(0);
    await florist.close();
    await manager.close();
  });
});

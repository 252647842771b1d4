import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';
import { openOrder, openOrderToGoOffline, orderOnServer, placeOrders, shownStatus, statusButton } from './order-journeys';

const phone390 = { width: 390, height: 844 };

/**
 * Conflicts in the studio's day are not silent (issue 18, item 11). On two phones: the manager, offline, cancels an
 * order while the florist hands it to the courier; and she assigns a florist she typed while the florist takes the
 * order herself («Беру себе»). The florist's steps reach the server first. The manager's are refused, and her page
 * says what replaced them and who; the order stays as the florist left it. An empty «Назначить» is not sent at all.
 */
describe('the one whose order command lost is told what replaced it', () => {
  const journey = journeyPerFile();

  it('refuses an offline cancel after the courier hand-off and an assignment over «Беру себе», naming the florist', async () => {
    const { shop } = journey();
    const [handed, taken] = await placeOrders(shop, '79550009911', 2);
    const manager = await signIn(shop.url, demoPhones.manager);
    const ready = await call(shop.url, '/api/orders/command', { id: `ready-${crypto.randomUUID()}`, order: handed.id, action: { kind: 'status', from: 'new', to: 'ready' } }, manager);
    expect(ready.status).toBe(200);

    const florist = await contextAs(journey(), demoPhones.florist, phone390);
    const boss = await contextAs(journey(), demoPhones.manager, phone390);
    const [fp, mp] = [await florist.newPage(), await boss.newPage()];

    // The cancel against the hand-off.
    await openOrder(fp, handed);
    await openOrderToGoOffline(mp, handed);
    await shownStatus(mp, 'Готов');
    await boss.setOffline(true);
    await mp.getByRole('button', { name: 'Отменить заказ' }).click();
    await mp.getByLabel('Причина отмены').fill('Клиент отказался');
    await mp.getByRole('button', { name: 'Отменить заказ' }).click();
    await shownStatus(mp, 'Отменён');
    await statusButton(fp, 'У курьера').click();
    await waitFor('the hand-off on the server', async () => (await orderOnServer(shop, handed.id)).status === 'delivering');
    await boss.setOffline(false);
    // Told at once wherever she is (a notice), and on the order's page for as long as it matters.
    await mp.locator('.notice').filter({ hasText: `Заказ №${handed.number}: ваша команда «Статус» не принята — Отмена не применена` }).waitFor({ timeout: 60_000 });
    await mp
      .getByRole('alert')
      .filter({ hasText: 'Не принято: Готов → Отменён (Клиент отказался) — Отмена не применена: заказ тем временем стал «У курьера» (изменил(а): Ольга Флористова)' })
      .waitFor({ timeout: 60_000 });
    await shownStatus(mp, 'У курьера');
    expect((await orderOnServer(shop, handed.id)).status).toBe('delivering');

    // «Назначить» with an empty field is no change: not sent.
    await openOrder(fp, taken);
    await openOrder(mp, taken);
    const assign = mp.getByRole('form', { name: 'Флорист' });
    await assign.getByRole('button', { name: 'Назначить', exact: true }).click();
    await assign.getByText('Укажите телефон флориста').waitFor();
    expect(await mp.locator('.order-page__pending').count()).toBe(0);

    // Offline she assigns herself; meanwhile the florist takes the order.
    await boss.setOffline(true);
    await assign.getByLabel('Флорист (телефон)').fill('9000000002');
    await assign.getByRole('button', { name: 'Назначить', exact: true }).click();
    await mp.locator('.order-page__pending').first().waitFor();
    await fp.getByRole('form', { name: 'Флорист' }).getByRole('button', { name: 'Беру себе' }).click();
    await waitFor('«Беру себе» on the server', async () => (await orderOnServer(shop, taken.id)).florist === demoPhones.florist);
    await boss.setOffline(false);
    await mp
      .getByRole('alert')
      .filter({ hasText: 'Не принято: Флорист и курьер — Флорист уже Ольга Флористова (изменил(а): Ольга Флористова): ваше назначение не применено' })
      .waitFor({ timeout: 60_000 });
    await mp.getByTestId('order-florist').filter({ hasText: /^Ольга Флористова$/ }).waitFor({ timeout: 30_000 });
    expect((await orderOnServer(shop, taken.id)).florist).toBe(demoPhones.florist);
    // The florist, whose steps won, is shown no refusal.
    expect(await fp.locator('.order-page__refused').count()).toBe(0);
    await florist.close();
    await boss.close();
  });
});

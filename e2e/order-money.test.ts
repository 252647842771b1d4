import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { formatRoubles } from '../schema/shared/money';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';
import { openOrder, orderOnServer, placeOrders, shownStatus, statusButton } from './order-journeys';

/**
 * Money is a manager's (issue 18, item 8; schema/studio/orders/order-money.ts): on a phone the florist's order page offers only
 * «paid in full» and no cancellation once assembly started; the manager records a part payment and sees what is
 * still owed. The server holds the same rule (server/orders/order-commands.test.ts).
 */
describe('the order page’s money buttons follow who may', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('lets a florist mark only the whole order paid and not cancel an order being assembled; a manager records a part payment and takes it back with a reason', async () => {
    const { shop } = journey();
    const [paid, assembling] = await placeOrders(shop, '79550007788', 2);
    const florist = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    const page = await florist.newPage();
    const errors = watchErrors(page);

    await openOrder(page, paid);
    const form = page.getByRole('form', { name: 'Оплата' });
    // An unpaid order says so; the florist's one choice is to record the whole total (issue 29, item 6).
    await form.getByTestId('order-owed').filter({ hasText: `Не оплачен: к получению ${formatRoubles(paid.total)}` }).waitFor();
    await form.getByText(`Записать оплату всего заказа: ${formatRoubles(paid.total)}`).waitFor();
    expect(await page.getByText('Оплачен полностью').count()).toBe(0);
    expect(await form.getByLabel('Получено всего, ₽').count()).toBe(0);
    expect(await form.getByRole('combobox', { name: 'Оплата' }).count()).toBe(0);
    // Paid by a link from the studio's bank: an online payment taken elsewhere, recorded as any other (issue 29, item 8).
    await form.getByRole('combobox', { name: 'Способ' }).selectOption({ label: 'Онлайн' });
    await form.getByRole('button', { name: 'Записать оплату' }).click();
    await waitFor('paid on the server', async () => (await orderOnServer(shop, paid.id)).paid?.status === 'paid');
    expect((await orderOnServer(shop, paid.id)).paid).toMatchObject({ status: 'paid', method: 'online', amount: paid.total, by: demoPhones.florist });
    await page.getByTestId('order-payment').filter({ hasText: /^Оплачен онлайн/ }).waitFor();
    await page.getByText('Снять отметку об оплате может менеджер').waitFor();

    await openOrder(page, assembling);
    await page.getByRole('button', { name: 'Отменить заказ' }).waitFor();
    await statusButton(page, 'Собирается').click();
    await shownStatus(page, 'Собирается');
    await page.getByText('Заказ уже «Собирается»: отменить его может только менеджер').waitFor();
    expect(await page.getByRole('button', { name: 'Отменить заказ' }).count()).toBe(0);
    await waitFor('assembling on the server', async () => (await orderOnServer(shop, assembling.id)).status === 'assembling');
    expect(errors).toEqual([]);
    await florist.close();

    const manager = await contextAs(journey(), demoPhones.manager, { width: 390, height: 844 });
    const mp = await manager.newPage();
    await openOrder(mp, assembling);
    const money = mp.getByRole('form', { name: 'Оплата' });
    await money.getByLabel('Получено всего, ₽').fill('1000');
    await money.getByRole('button', { name: 'Записать оплату' }).click();
    await mp.getByTestId('order-owed').filter({ hasText: `Получено ${formatRoubles(1000)}, осталось получить ${formatRoubles(assembling.total - 1000)}` }).waitFor();
    await waitFor('the part payment on the server', async () => (await orderOnServer(shop, assembling.id)).paid?.amount === 1000);
    expect((await orderOnServer(shop, assembling.id)).paid).toMatchObject({ status: 'unpaid', amount: 1000, by: demoPhones.manager });
    await mp.getByTestId('order-payment').filter({ hasText: /^Оплачен частично/ }).waitFor();
    await mp.getByRole('button', { name: 'Отменить заказ' }).waitFor();

    // The part payment was recorded by mistake: the manager takes it back with a reason, and both stay in the history.
    await mp.getByRole('button', { name: 'Отменить оплату' }).click();
    const back = mp.getByRole('form', { name: 'Отменить оплату' });
    await back.getByRole('button', { name: 'Отменить оплату' }).click();
    await back.getByText('Укажите, почему отменяете оплату').waitFor();
    await back.getByLabel('Причина отмены оплаты').fill('Записали не тому заказу');
    await back.getByRole('button', { name: 'Отменить оплату' }).click();
    await waitFor('the payment taken back on the server', async () => ((await orderOnServer(shop, assembling.id)).paid?.amount ?? 0) === 0);
    // The pending line names the reason too until the server answers; the history line is the one that stays.
    await mp.getByText('Отменена оплата: — → причина: Записали не тому заказу', { exact: true }).waitFor();
    await expect.poll(() => mp.getByTestId('order-payment').textContent()).not.toMatch(/Оплачен частично/);
    await manager.close();
  });
});

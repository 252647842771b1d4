import { describe, expect, it } from 'vitest';
import { orderCommandEntity } from '../schema/entities/order-command';
import { recordData } from '../schema/shared/record';
import { nextDay, today } from '../schema/shared/day';
import type { ReceiptView } from '../schema/studio/receipts/receipt';
import { call, demoPhones } from '../server/testing/test-shop';
import { waitFor } from './journeys';
import { officeOnServer } from './admin-journeys';
import { bouquetInStock, counterRegisterChosen, registerJourneyPerFile, screenCutOffBesideRegister, unexpectedErrors } from './register-journeys';

/**
 * Issue 30, item 2, on a 390 px phone: the studio has lost its network to the shop's server (the counter's register,
 * on the studio's own network, still answers); a manager takes an order whose customer pays for it in cash at the
 * counter as it is taken («Уже оплачен», for delivery by courier tomorrow). The device prints the payment's receipt at
 * the register itself — one task. When the server is back, its receipt of that payment (a prepayment: nothing is
 * handed over yet) is the printed one, registered with its fiscal sign, and nothing more was posted to the register.
 */
describe('a phone order paid at the counter, printed at the register while the server is away', () => {
  const { journey, driver: registerOf } = registerJourneyPerFile();

  it('prints once on the device, and the server registers its prepayment with that fiscal sign', async () => {
    const { shop } = journey();
    const driver = registerOf();
    const manager = await counterRegisterChosen(journey(), driver.url);
    const bouquet = await bouquetInStock(journey(), manager);

    // The shop's server is out of reach; the register on the studio's network is not.
    const { context, page, errors, serverBack } = await screenCutOffBesideRegister(journey(), driver.url, demoPhones.manager, '/admin/orders/new', 'Новый заказ', bouquet);
    await page.locator('input[name=customer-phone]').pressSequentially('9161230873');
    await page.locator('input[name=customer-name]').fill('Ольга Кассова');
    await page.locator('input[name=recipient-name]').fill('Мама');
    await page.locator('input[name=recipient-phone]').pressSequentially('9037650873');
    await page.locator('input[name=address]').fill('Москва, ул. Тверская, 7, кв. 12');
    await page.locator('input[name=date]').fill(nextDay(today()));
    await page.locator('select[name=slot]').selectOption('12:00–15:00');
    await page.locator('input[name=paid-now]').check();
    await page.getByRole('radio', { name: 'Наличные' }).check();
    await page.getByRole('button', { name: 'Принять заказ' }).click();
    await page.getByRole('heading', { name: 'Заказ принят' }).waitFor();

    // The device printed it: one task at the register, and «Заказ принят» says it waits for the server.
    await waitFor('the register’s task', async () => driver.tasks().length > 0, 60_000);
    const prints = page.getByRole('list', { name: 'Чеки с кассы этого устройства' });
    await prints.getByText('Чек напечатан на кассе, ждёт сервер').waitFor({ timeout: 30_000 });
    const [task] = driver.tasks();
    expect(driver.tasks()).toHaveLength(1);
    // A prepayment of the bouquet and the courier's delivery: nothing is handed over yet.
    const items = [{ name: bouquet.name, paymentMethod: 'fullPrepayment' }, { name: 'Доставка', paymentMethod: 'fullPrepayment' }];
    expect(task).toMatchObject({ status: 'ready', request: [{ type: 'sell', payments: [{ type: 'cash' }], items }] });
    const sign = task!.fiscal!.fiscalDocumentSign;
    const posts = driver.posts();

    // The network is back: the order, its payment and the print reach the server.
    await serverBack();
    const listed = async () => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', {}, manager)).body.data.items;
    const [receipt] = await waitFor('the receipt registered on the server', async () => {
      const items = await listed();
      return items.length && items.every((r) => r.state === 'registered') ? items : null;
    }, 90_000);
    expect(receipt).toMatchObject({ kind: 'prepayment', state: 'registered', label: `Чек зарегистрирован (ФП ${sign})` });
    await prints.getByText(`Чек зарегистрирован (ФП ${sign})`).waitFor({ timeout: 60_000 });
    await waitFor('the order paid on the server', async () => (await shop.shop.storage.db('orders').get<{ paid?: { status: string } }>(receipt!.order)).paid?.status === 'paid', 60_000);
    // The payment's command said the device prints its receipt (`printedHere`): the server held that receipt for the print alone.
    const payments = (await officeOnServer(shop, orderCommandEntity.type)).flatMap((r) => recordData(orderCommandEntity, r) ?? []).filter((c) => c.order === receipt!.order && c.action.kind === 'payment');
    expect(payments.map((c) => c.action.kind === 'payment' && c.action.printedHere)).toEqual([true]);
    // Exactly once: one receipt, one task at the register, nothing posted to it after the device's print.
    expect(await listed()).toHaveLength(1);
    expect([driver.tasks().length, driver.posts()]).toEqual([1, posts]);

    expect(unexpectedErrors(errors, driver.url)).toEqual([]);
    await context.close();
  }, 180_000);
});

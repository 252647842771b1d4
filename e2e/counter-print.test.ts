import { describe, expect, it } from 'vitest';
import { orderCommandEntity } from '../schema/entities/order-command';
import { recordData } from '../schema/shared/record';
import type { ReceiptView } from '../schema/studio/receipts/receipt';
import { call, demoPhones } from '../server/testing/test-shop';
import { waitFor } from './journeys';
import { officeOnServer } from './admin-journeys';
import { bouquetInStock, counterRegisterChosen, registerJourneyPerFile, screenCutOffBesideRegister, unexpectedErrors } from './register-journeys';

/**
 * Issue 30, item 2, on a 390 px phone: the studio loses its network to the shop's server (the counter's register, on
 * the studio's own network, still answers); a florist records a counter sale paid in cash, and the device prints its
 * receipt at the register itself — one task. When the server is back, its receipts list holds that receipt
 * registered with the printed fiscal sign, and it never sends it again: the register still holds one task.
 */
describe('a counter sale printed at the register while the server is away', () => {
  const { journey, driver: registerOf } = registerJourneyPerFile();

  it('prints once on the device, and the server registers it with that fiscal sign without sending it', async () => {
    const { shop } = journey();
    const driver = registerOf();
    const manager = await counterRegisterChosen(journey(), driver.url);
    const bouquet = await bouquetInStock(journey(), manager);

    // The bouquet is on the device before the network goes; then the shop's server is out of reach, the register is not.
    const { context, page, errors, serverBack } = await screenCutOffBesideRegister(journey(), driver.url, demoPhones.florist, '/admin/orders/counter', 'Продажа в студии', bouquet);
    await page.getByRole('radio', { name: 'Наличные' }).check();
    await page.getByRole('button', { name: 'Записать продажу' }).click();
    await page.getByRole('heading', { name: 'Продажа записана' }).waitFor();

    // The device printed it: one task at the register, and the sale says it waits for the server.
    await waitFor('the register’s task', async () => driver.tasks().length > 0, 60_000);
    const prints = page.getByRole('list', { name: 'Чеки с кассы этого устройства' });
    await prints.getByText('Чек напечатан на кассе, ждёт сервер').waitFor({ timeout: 30_000 });
    const [task] = driver.tasks();
    expect(driver.tasks()).toHaveLength(1);
    expect(task).toMatchObject({ status: 'ready' });
    const sign = task!.fiscal!.fiscalDocumentSign;
    const posts = driver.posts();

    // The network is back: the sale, its payment and the print reach the server.
    await serverBack();
    const listed = async () => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', {}, manager)).body.data.items;
    const [receipt] = await waitFor('the receipt registered on the server', async () => {
      const items = await listed();
      return items.length && items.every((r) => r.state === 'registered') ? items : null;
    }, 90_000);
    expect(receipt).toMatchObject({ kind: 'sale', state: 'registered', label: `Чек зарегистрирован (ФП ${sign})` });
    await prints.getByText(`Чек зарегистрирован (ФП ${sign})`).waitFor({ timeout: 60_000 });
    // The sale is paid on the server, and its receipt, registered, is not sent again: the register holds one task.
    await waitFor('the sale paid on the server', async () => {
      const docs = (await shop.shop.storage.db('orders').allDocs<{ paid?: { status: string } }>({ include_docs: true })).rows;
      return docs.some((r) => r.id === receipt!.order && r.doc?.paid?.status === 'paid');
    }, 60_000);
    expect(await listed()).toHaveLength(1);
    // The payment's command said the device prints its receipt (`printedHere`): the server held that receipt for the print alone.
    const payments = (await officeOnServer(shop, orderCommandEntity.type)).flatMap((r) => recordData(orderCommandEntity, r) ?? []).filter((c) => c.order === receipt!.order && c.action.kind === 'payment');
    expect(payments.map((c) => c.action.kind === 'payment' && c.action.printedHere)).toEqual([true]);
    // The order page says the same of it: the device's print and the server's receipt.
    await page.getByRole('link', { name: /^Заказ №\s\d+$/ }).click();
    await page.getByRole('list', { name: 'Чеки с кассы этого устройства' }).getByText(`Чек зарегистрирован (ФП ${sign})`).waitFor();
    await page.getByRole('list', { name: 'Чеки', exact: true }).getByText(`Чек зарегистрирован (ФП ${sign})`).waitFor({ timeout: 30_000 });
    expect([driver.tasks().length, driver.posts()]).toEqual([1, posts]);

    expect(unexpectedErrors(errors, driver.url)).toEqual([]);
    await context.close();
  }, 180_000);
});

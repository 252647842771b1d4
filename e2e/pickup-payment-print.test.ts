import { describe, expect, it } from 'vitest';
import { orderCommandEntity } from '../schema/entities/order-command';
import { recordData } from '../schema/shared/record';
import { orderTitle } from '../schema/studio/orders/order-number';
import type { ReceiptView } from '../schema/studio/receipts/receipt';
import { orderOneBouquet } from '../server/testing/order-rush';
import { call, demoPhones } from '../server/testing/test-shop';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen } from './admin-journeys';
import { counterRegisterChosen, registerJourneyPerFile, unexpectedErrors } from './register-journeys';

/**
 * Issue 30, on a 390 px phone: a customer's site order for pickup is paid at the counter while the studio has lost its
 * network to the shop's server (the counter's register, on the studio's own network, still answers). The florist
 * records the payment on the order page; the device prints its receipt at the register itself — one task. When the
 * server is back, its receipts list holds that payment's receipt registered with the printed fiscal sign, and it
 * never sends it: the register still holds one task, and nothing was posted to it after the device's print.
 */
describe('a payment on pickup printed at the register while the server is away', () => {
  const { journey, driver: registerOf } = registerJourneyPerFile();

  it('prints once on the device, and the server registers it with that fiscal sign: one task at the register', async () => {
    const { shop } = journey();
    const driver = registerOf();
    const manager = await counterRegisterChosen(journey(), driver.url);
    // A customer's order from the site, for pickup, to be paid at the studio.
    const id = await orderOneBouquet(shop.url, '79440000951');
    const { number } = await shop.shop.storage.db('orders').get<{ number: number }>(id);

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, `/admin/orders/${number}`, { name: orderTitle(number), level: 1 }, { width: 390, height: 844 });
    // Online, the staff shell keeps the register's address, so it is known offline.
    await page.waitForFunction((url) => localStorage.getItem('counter-register')?.includes(url), driver.url);

    // The shop's server is out of reach; the register on the studio's network is not.
    const shopOrigin = new URL(shop.url).origin;
    // Its data, that is: on a staff device the service worker keeps the staff code, and this journey runs without the
    // worker, so the code is still fetched (cut too, a chunk the page asked for then reloaded the tab into an error page).
    const away = (url: URL) => url.origin === shopOrigin && /^\/(api|db)\//.test(url.pathname);
    await context.route(away, (route) => route.abort('internetdisconnected'));
    const payment = page.getByRole('form', { name: 'Оплата' });
    await payment.getByLabel('Способ').selectOption({ label: 'Карта' });
    await payment.getByRole('button', { name: 'Записать оплату' }).click();

    // The device printed it: one task at the register, and the order page says it waits for the server.
    await waitFor('the register’s task', async () => driver.tasks().length > 0, 60_000);
    const prints = page.getByRole('list', { name: 'Чеки с кассы этого устройства' });
    await prints.getByText('Чек напечатан на кассе, ждёт сервер').waitFor();
    const [task] = driver.tasks();
    expect(driver.tasks()).toHaveLength(1);
    expect(task).toMatchObject({ status: 'ready', request: [{ type: 'sell', payments: [{ type: 'electronically' }] }] });
    const sign = task!.fiscal!.fiscalDocumentSign;
    const posted = driver.posters().length;

    // The network is back: the payment and the print reach the server.
    await context.unroute(away);
    const listed = async () => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', { order: id }, manager)).body.data.items;
    await waitFor('the order paid on the server', async () => (await shop.shop.storage.db('orders').get<{ paid?: { status: string } }>(id)).paid?.status === 'paid', 60_000);
    const [receipt] = await waitFor('the payment’s receipt registered on the server', async () => {
      const items = await listed();
      return items.length && items.every((r) => r.state === 'registered') ? items : null;
    }, 90_000);
    expect(receipt).toMatchObject({ kind: 'prepayment', state: 'registered', label: `Чек зарегистрирован (ФП ${sign})` });
    await prints.getByText(`Чек зарегистрирован (ФП ${sign})`).waitFor();
    await page.getByRole('list', { name: 'Чеки', exact: true }).getByText(`Чек зарегистрирован (ФП ${sign})`).waitFor();
    // The payment's command said the device prints its receipt (`printedHere`): the server held that receipt for the print alone.
    const payments = (await officeOnServer(shop, orderCommandEntity.type)).flatMap((r) => recordData(orderCommandEntity, r) ?? []).filter((c) => c.order === id && c.action.kind === 'payment');
    expect(payments.map((c) => c.action.kind === 'payment' && c.action.printedHere)).toEqual([true]);
    // Exactly once: one receipt on the server, one task at the register, and nothing the server posted to it — its queue
    // holds back a receipt whose command says its device prints it, until the print's record marks it registered
    // (DECISIONS «The server waits for a device's print»).
    expect(await listed()).toHaveLength(1);
    expect(driver.tasks()).toHaveLength(1);
    expect(driver.posters().slice(posted).filter((by) => by === 'server')).toEqual([]);

    // The device posted its task once: every send asks the driver first, so a task the register holds is never posted
    // again, not even when a pull puts an older copy of the print back for a moment (DECISIONS «A device posted its task
    // twice, once»). A second post would be the register's 409; the driver's log says how it came.
    const requests = driver.requests();
    expect(requests.filter((r) => r.method === 'POST' && r.status === 409), JSON.stringify(requests)).toEqual([]);
    expect(unexpectedErrors(errors, driver.url)).toEqual([]);
    await context.close();
  }, 180_000);
});

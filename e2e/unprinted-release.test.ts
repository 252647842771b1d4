import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { counterPrint } from '../schema/entities/counter-print';
import { orderCommandEntity } from '../schema/entities/order-command';
import { derivedFields, officeRecord, recordData } from '../schema/shared/record';
import { orderTitle } from '../schema/studio/orders/order-number';
import type { ReceiptView } from '../schema/studio/receipts/receipt';
import { deviceReleaseId, receiptsDb } from '../server/receipts/receipts';
import { orderOneBouquet } from '../server/testing/order-rush';
import { call, demoPhones } from '../server/testing/test-shop';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen } from './admin-journeys';
import { watchErrors } from './harness';
import { counterRegisterChosen, registerJourneyPerFile } from './register-journeys';

/**
 * Issue 30, DECISIONS «A marked payment with no print is released»: a payment's command marked «printed here»
 * (`printedHere`) whose print was never queued — the tab closed between the two writes, as an older build could; this
 * build writes both in one transaction (`writePayment`), so the moment cannot be reached by closing the tab, and the
 * journey writes the marked command alone into the device's store through the page's test hooks (`window.shopData`)
 * while the shop's server is away. The tab closes; the server would hold that receipt 24 h for a print that never comes.
 * When the staff screen opens again, the device's store releases it (`releaseUnprinted` as the store opens) and the
 * server sends its receipt at once: registered, one task at the register, posted by the server, no print on the device.
 */
describe('a payment marked printed here whose print never came, released when the store opens again', () => {
  const { journey, driver: registerOf } = registerJourneyPerFile();

  it('the reopened tab releases it: the server’s receipt is registered once at the register', async () => {
    const { shop } = journey();
    const driver = registerOf();
    const manager = await counterRegisterChosen(journey(), driver.url);
    const id = await orderOneBouquet(shop.url, '79440000971');
    const { number } = await shop.shop.storage.db('orders').get<{ number: number }>(id);
    const path = `/admin/orders/${number}`;
    const heading = { name: orderTitle(number), level: 1 };

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, path, heading, { width: 390, height: 844 });
    await page.waitForFunction((url) => localStorage.getItem('counter-register')?.includes(url), driver.url);
    // The device's store is open (and with it the staff shell's printer, which found nothing to release).
    await page.waitForFunction(() => 'shopData' in window);
    // The shop's server is out of reach (its data; the register on the studio's network still answers).
    const shopOrigin = new URL(shop.url).origin;
    const away = (url: URL) => url.origin === shopOrigin && /^\/(api|db)\//.test(url.pathname);
    await context.route(away, (route) => route.abort('internetdisconnected'));

    // The first half of the write: the card payment's command marked printed here, with no print after it.
    const pay = `pay${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const data = orderCommandEntity.fields.parse({ order: id, action: { kind: 'payment', status: 'paid', method: 'card', printedHere: true } });
    const now = Date.now();
    const command = officeRecord.parse({
      id: pay, type: orderCommandEntity.type, ...derivedFields(orderCommandEntity, data), createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data,
    });
    await page.evaluate(async (record) => {
      const hooks = window as unknown as { shopData: { shop: { office: { insert(r: unknown): Promise<unknown> } } } };
      await hooks.shopData.shop.office.insert(record);
    }, command);
    // The tab closes there, the command not yet at the server.
    await page.close();
    const orderPaid = async () => (await shop.shop.storage.db('orders').get<{ paid?: { status: string } }>(id)).paid?.status === 'paid';
    expect(await orderPaid()).toBe(false);
    expect(driver.tasks()).toEqual([]);

    // The network is back and the staff screen opens again: the store opens, the marked command with no print is released.
    await context.unroute(away);
    const again = await context.newPage();
    const errorsAgain = watchErrors(again);
    await again.goto(path);
    await again.getByRole('heading', heading).waitFor();
    await waitFor('the order paid on the server', orderPaid, 60_000);
    const listed = async () => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', { order: id }, manager)).body.data.items;
    const [receipt] = await waitFor('the payment’s receipt registered by the server', async () => {
      const items = await listed();
      return items.length && items.every((r) => r.state === 'registered') ? items : null;
    }, 90_000);
    // Exactly once: one receipt, one task at the register, posted by the server; the device printed nothing.
    expect(await listed()).toHaveLength(1);
    expect(driver.tasks()).toHaveLength(1);
    expect(driver.posters()).toEqual(['server']);
    const sign = driver.tasks()[0]!.fiscal!.fiscalDocumentSign;
    expect(receipt).toMatchObject({ kind: 'prepayment', state: 'registered', label: `Чек зарегистрирован (ФП ${sign})` });
    // The reopened page says so: it read its receipts when the paid order reached it, which may be before the server
    // queued the receipt (DECISIONS «A reopened page's receipts in full runs»), and reads again until it is listed.
    await again.getByRole('list', { name: 'Чеки', exact: true }).getByText(`Чек зарегистрирован (ФП ${sign})`).waitFor();
    // Sent because the device released it (its mark beside the receipts), the command having arrived marked.
    expect(await shop.shop.storage.db(receiptsDb).get(deviceReleaseId(pay))).toMatchObject({ order: id });
    const payments = (await officeOnServer(shop, orderCommandEntity.type)).flatMap((r) => recordData(orderCommandEntity, r) ?? []).filter((c) => c.order === id);
    expect(payments.map((c) => c.action.kind === 'payment' && c.action.printedHere)).toEqual([true]);
    expect((await officeOnServer(shop, counterPrint.type)).flatMap((r) => recordData(counterPrint, r) ?? []).filter((p) => p.order === id)).toEqual([]);

    expect([...errors, ...errorsAgain].filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);
});

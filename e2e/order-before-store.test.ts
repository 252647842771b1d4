import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { sampleOrder } from '../client/data/sample-orders';
import { today } from '../schema/shared/day';
import { toSynced } from '../server/db/synced';
import { journeyPerFile } from './harness';
import { contextAs } from './admin-journeys';
import { holdFiles } from './journeys';

/**
 * A florist opening an order's link right after signing in sees the order at once (issue 32, item 1): with the device
 * store's code held back, the order page shows the order the server wrote into the page; once the store opens and
 * pulls, the same screen reads the device (a change made on the server shows), and a reason typed meanwhile is still
 * there, in the same field.
 */
describe('an order page before the device store', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows the server’s order, then the device’s, without losing what was typed', async () => {
    const order = sampleOrder(7, today(), { id: 'before-store-order-page', status: 'new' });
    const db = journey().shop.shop.storage.db('studio-orders');
    await db.put({ _id: order.id, ...toSynced(order) });
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    const { release } = await holdFiles(context, /\/assets\/open-device-[^/]*\.js$/);
    const page = await context.newPage();
    await page.goto(`/admin/orders/${order.id}`);
    const screen = page.locator(`.order-page[data-order="${order.id}"]`);
    await screen.getByRole('heading', { level: 1, name: `Заказ №\u00a0${order.number}` }).waitFor();
    await screen.getByText(order.recipient.name).waitFor();
    expect(await page.evaluate(() => 'shopData' in window)).toBe(false);
    // The florist starts cancelling before the store has opened.
    await screen.getByRole('button', { name: 'Отменить заказ' }).click();
    const reason = screen.getByRole('textbox', { name: 'Причина отмены' });
    await reason.fill('Клиент передумал');
    const field = await reason.elementHandle();

    release();
    await page.waitForFunction(() => 'shopData' in window);
    // The device pulls the order; a change on the server then reaches the page through the device.
    await page.waitForFunction(async (id) => {
      const data = (window as unknown as { shopData: { shop: { orders: { findOne: (id: string) => { exec: () => Promise<unknown> } } } } }).shopData;
      return !!(await data.shop.orders.findOne(id).exec());
    }, order.id);
    const { _rev } = await db.get(order.id);
    const renamed = { ...order, recipient: { ...order.recipient, name: 'Вера Новая' }, updatedAt: order.updatedAt + 1 };
    await db.put({ _id: order.id, _rev, ...toSynced(renamed) });
    await screen.getByText('Вера Новая').waitFor();
    // Through the switch the field was neither drawn anew nor emptied.
    expect(await field?.evaluate((el) => el.isConnected)).toBe(true);
    expect(await reason.inputValue()).toBe('Клиент передумал');
    await context.close();
  });
});

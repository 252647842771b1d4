import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { demoProducts } from '../server/seed/products';
import { demoPhones } from '../server/testing/test-shop';
import { escposBytes } from '../client/studio/team/printer/escpos';
import { ticketDoc } from '../client/studio/orders/order-page/ticket-doc';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';
import { openOrder, placeOrders } from './order-journeys';

/**
 * A stand-in for a USB receipt printer behind WebUSB (the W3C WebUSB API as Chromium implements it): one device with
 * a printer-class interface and a bulk OUT endpoint. Every byte sent is kept in `__printed`; `__unplugged` makes the
 * next transfers fail as a device pulled out does (NetworkError).
 */
const plugInPrinter = async (context: BrowserContext) =>
  context.addInitScript(() => {
    const w = window as unknown as { __printed: number[]; __unplugged: boolean };
    w.__printed = [];
    w.__unplugged = false;
    const endpoint = { endpointNumber: 1, direction: 'out', type: 'bulk', packetSize: 64 };
    const iface = { interfaceNumber: 0, claimed: false, alternate: { interfaceClass: 7, endpoints: [endpoint] }, alternates: [] };
    const device = {
      vendorId: 0x04b8,
      productId: 0x0202,
      serialNumber: 'TM-T20-0001',
      manufacturerName: 'EPSON',
      productName: 'TM-T20III',
      opened: false,
      configuration: null as null | { interfaces: unknown[] },
      async open() { this.opened = true; },
      async close() { this.opened = false; },
      async selectConfiguration() { this.configuration = { interfaces: [iface] }; },
      async claimInterface() { iface.claimed = true; },
      async releaseInterface() { iface.claimed = false; },
      async transferOut(_n: number, data: Uint8Array) {
        if (w.__unplugged) throw new DOMException('A transfer error has occurred.', 'NetworkError');
        w.__printed.push(...data);
        return { status: 'ok', bytesWritten: data.length };
      },
    };
    Object.defineProperty(navigator, 'usb', {
      value: { requestDevice: async () => device, getDevices: async () => [device], addEventListener() {}, removeEventListener() {} },
    });
  });

const printedBytes = async (page: Page) => Uint8Array.from(await page.evaluate(() => (window as unknown as { __printed: number[] }).__printed));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Issue 22, item 4: the studio's USB receipt printer, straight from the browser. */
describe('the receipt printer at /admin/usb', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('is chosen once, prints a test page in PC866 and then an order’s ticket byte for byte, and says so when it is pulled out', async () => {
    const { shop } = journey();
    const [order] = await placeOrders(shop, '79440000451', 1);
    const context = await contextAs(journey(), demoPhones.florist);
    await plugInPrinter(context);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/admin/usb');
    await page.getByRole('heading', { name: 'Оборудование' }).waitFor();
    await page.getByLabel('Ширина бумаги').selectOption('58');
    await page.getByRole('button', { name: 'Подключить принтер' }).click();
    await expect.poll(() => page.getByTestId('chosen-printer').textContent()).toBe('EPSON TM-T20III');
    await page.getByRole('button', { name: 'Пробная печать' }).click();
    await page.getByRole('status').filter({ hasText: 'Пробная страница напечатана' }).waitFor();
    const test = hex(await printedBytes(page));
    // ESC @, then ESC t 17 (PC866) before the text; «Пробная» in PC866.
    expect(test.startsWith('1b40')).toBe(true);
    expect(test).toContain('1b7411');
    expect(test).toContain(Buffer.from([0x8f, 0xe0, 0xae, 0xa1, 0xad, 0xa0, 0xef]).toString('hex'));

    // The printer is remembered on this device: the order page offers it, and prints exactly the ticket's bytes.
    await openOrder(page, order);
    const recipe = demoProducts.find((p) => p.id === order.lines[0].id)!.composition;
    await waitFor('the catalogue on the device', async () => (await page.locator('.order-ticket').textContent())?.includes(recipe));
    await page.getByRole('button', { name: 'Заказ на принтер' }).click();
    await page.getByRole('status').filter({ hasText: 'напечатано' }).waitFor();
    const products = new Map(demoProducts.map((p) => [p.id, p]));
    const expected = escposBytes(ticketDoc(order, products, ''), { width: 58, mapping: 'epson' });
    expect(hex(await printedBytes(page))).toBe(hex(expected));

    // Pulled out: a Russian reason, and «Повторить» prints the whole ticket once it is back.
    await page.evaluate(() => Object.assign(window, { __unplugged: true, __printed: [] }));
    await page.getByRole('button', { name: 'Заказ на принтер' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Принтер не принял задание' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Через окно печати' }).count()).toBe(1);
    await page.evaluate(() => Object.assign(window, { __unplugged: false }));
    await page.getByRole('button', { name: 'Повторить' }).click();
    await page.getByRole('status').filter({ hasText: 'напечатано' }).waitFor();
    expect(hex(await printedBytes(page))).toBe(hex(expected));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says where WebUSB is missing, and offers no USB printing there', async () => {
    const context = await contextAs(journey(), demoPhones.florist);
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'usb', { get: () => undefined }));
    const page = await context.newPage();
    await page.goto('/admin/usb');
    await page.getByRole('note').filter({ hasText: 'Этот браузер не печатает по USB' }).waitFor();
    expect(await page.getByRole('button', { name: 'Подключить принтер' }).isDisabled()).toBe(true);
    await context.close();
  });
});

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatRoubles } from '../schema/shared/money';
import { demoProducts } from '../server/seed/products';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';
import { addCourier, openOrder, placeOrders } from './order-journeys';
import { printed } from './printed-pages';
import { call, signIn } from '../server/testing/test-shop';

/**
 * Printing (issue 18, item 12): the florist's ticket fills one page, A4 or an 80 mm receipt, and carries each
 * bouquet's recipe from the catalogue and the amount to collect.
 */
describe('the florist’s ticket on paper', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('is one page on A4 and on 80 mm receipt paper, with the recipe and what to collect', async () => {
    const { shop } = journey();
    const [order] = await placeOrders(shop, '79440000411', 1);
    const recipe = demoProducts.find((p) => p.id === order.lines[0].id)!.composition;
    expect(recipe).not.toBe('');
    const context = await contextAs(journey(), demoPhones.manager);
    // The browser's print dialog is not opened: the page stays marked as printing, and the PDF is what it would print.
    await context.addInitScript(() => Object.assign(window, { print: () => {} }));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openOrder(page, order);
    // The recipe comes from the device's catalogue, pulled beside the orders.
    await waitFor('the catalogue on the device', async () => (await page.locator('.order-ticket').textContent())?.includes(recipe));

    await page.getByRole('button', { name: 'Печать заказа' }).click();
    expect(await printed(page)).toEqual({ count: 1, sizes: [[595, 842]] });
    await page.emulateMedia({ media: 'print' });
    const ticket = (await page.locator('.order-ticket').innerText()).replace(/[\u00a0\u202f]/g, ' ');
    expect(ticket).toContain(`Состав: ${recipe}`);
    expect(ticket).toContain(`Получить при доставке: ${formatRoubles(order.total).replace(/[\u00a0\u202f]/g, ' ')}`);
    // Back to the page's own media: a PDF made under emulated 'screen' would print the screen.
    await page.emulateMedia({ media: null });

    await page.getByLabel('Бумага').selectOption('receipt');
    await page.getByRole('button', { name: 'Печать заказа' }).click();
    // 80 mm is 227 points wide.
    expect(await printed(page)).toEqual({ count: 1, sizes: [[227, 567]] });

    // The postcard too is one sheet.
    await page.getByRole('button', { name: 'Печать открытки' }).click();
    expect((await printed(page)).count).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints one courier’s route as its route sheet, on one A4 page, also after a ticket on receipt paper', async () => {
    const { shop } = journey();
    const [order] = await placeOrders(shop, '79440000412', 1);
    const courier = await addCourier(shop, demoPhones.manager, 'Пётр Печатный');
    const assigned = await call(shop.url, '/api/orders/command', { id: `print-${crypto.randomUUID()}`, order: order.id, action: { kind: 'assign', courier } }, await signIn(shop.url, demoPhones.manager));
    expect(assigned.status).toBe(200);
    const context = await contextAs(journey(), demoPhones.manager);
    await context.addInitScript(() => Object.assign(window, { print: () => {} }));
    const page = await context.newPage();
    // The order's ticket printed on an 80 mm receipt first, in the same tab: its paper size and print rules stay loaded.
    await openOrder(page, order);
    await page.getByLabel('Бумага').selectOption('receipt');
    await page.getByRole('button', { name: 'Печать заказа' }).click();
    expect((await printed(page)).sizes).toEqual([[227, 567]]);
    await page.getByRole('navigation', { name: 'Разделы мастерской' }).getByRole('link', { name: 'Курьеры' }).click();
    await page.getByRole('button', { name: 'Завтра' }).click();
    const route = page.getByRole('region', { name: 'Маршрут: Пётр Печатный' });
    await route.getByRole('row').filter({ hasText: 'Тверская' }).waitFor({ timeout: 30_000 });
    await route.getByRole('button', { name: 'Печать маршрута' }).click();
    // While printing: the studio's route sheet (client/ui/paper-sheet.tsx) for this courier, nothing of the screen.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('body > .paper-sheet');
    expect(await sheet.isVisible()).toBe(true);
    expect(await route.isVisible()).toBe(false);
    const text = (await sheet.innerText()).replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(text).toContain('Маршрутный лист курьера');
    expect(text).toContain('Пётр Печатный');
    expect(text).toContain('Тверская');
    await page.emulateMedia({ media: null });
    expect(await printed(page)).toEqual({ count: 1, sizes: [[595, 842]] });
    await context.close();
  });
});

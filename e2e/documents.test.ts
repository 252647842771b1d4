import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextDay, today } from '../schema/shared/day';
import { shift, shiftId } from '../schema/entities/shift';
import { formatRoubles } from '../schema/shared/money';
import { defaultStudioProfile, type StudioProfile } from '../schema/studio/team/studio-profile';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { contextAs, outcomeOf } from './admin-journeys';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitForOfflineReady } from './journeys';
import { addCourier, openOrder, placeOrders } from './order-journeys';
import { printed } from './printed-pages';

const a4 = { count: 1, sizes: [[595, 842]] };

/** Text as a person reads it: Intl's no-break and narrow spaces, tabs and line breaks each as one plain space. */
const plain = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]+/g, ' ');
/** The paper shown on the screen (the sheet for the printer is its copy in <body>). */
const paperText = async (page: Page, title: string) => {
  const paper = page.locator('.documents-screen__page .paper');
  await paper.filter({ hasText: title }).waitFor({ timeout: 30_000 }).catch(async (e: Error) => {
    throw new Error(`${e.message}\n${await page.locator('main').innerText()}`);
  });
  return plain(await paper.innerText());
};
/**
 * What goes to paper once «Печать» was pressed: the sheet in <body>, shown under print media while nothing of the
 * screen is, then printed to PDF on one A4 page. (Chromium's PDF ends the print: the page forgets it after.)
 */
const printedSheet = async (page: Page) => {
  await page.emulateMedia({ media: 'print' });
  const sheet = page.locator('body > .paper-sheet');
  expect(await sheet.isVisible()).toBe(true);
  expect(await page.locator('.admin-shell').isVisible()).toBe(false);
  const text = plain(await sheet.innerText());
  await page.emulateMedia({ media: null });
  expect(await printed(page)).toEqual(a4);
  return text;
};

const profile: StudioProfile = { ...defaultStudioProfile, name: 'Мастерская «Бумага»', owner: 'ИП Документова Вера Павловна', inn: '770234567890', address: 'Москва, ул. Бумажная, 3', phone: '74951234567' };
const profileLines = ['Мастерская «Бумага»', 'ИП Документова Вера Павловна', 'ИНН 770234567890', 'Москва, ул. Бумажная, 3', '+7 (495) 123-45-67'];

/**
 * /admin/documents (issue 22, item 3): the studio's five papers from its data, each with the studio's profile and its
 * totals, printed on one A4 sheet; admins only, while a florist still prints a shift's report from the charges.
 */
/**
 * A shift closed on a past day, as the store has held it since: the books close only today's shift (and until 06:00
 * yesterday's), so a close of another day is put straight into the office database.
 */
const closedShift = async (shop: ReturnType<ReturnType<typeof journeyPerFile>>['shop'], day: string, by: string) => {
  const at = Date.parse(`${day}T21:00:00+03:00`);
  const data = shift.fields.parse({ ...shift.example, day });
  await shop.shop.storage.db('office').put({ _id: shiftId(day), type: shift.type, v: shift.version, title: `Смена ${day}`, day, createdBy: by, createdAt: at, updatedBy: by, updatedAt: at, data });
};

describe('the studio’s papers', () => {
  const journey = journeyPerFile();

  it('opens each of the five papers for its record with the studio’s details and totals, and prints them on A4', async () => {
    const { shop } = journey();
    const admin = await signIn(shop.url, demoPhones.admin);
    expect((await call(shop.url, '/api/profile/update', { profile, updatedAt: 0 }, admin)).status).toBe(200);
    const invoice = await call<{ data: { id: string } }>(shop.url, '/api/invoices/update', {
      data: { number: 'И-17', supplierName: 'База «Флора»', day: today(), warehouse: 'warehouse-cold', paid: 1000, status: 'posted', lines: [{ flower: 'flower-rose-explorer', qty: 50, price: 95.5 }, { flower: 'flower-satin-ribbon', qty: 2.5, unit: 'm', price: 40.1 }] },
    }, admin);
    expect(invoice.status).toBe(200);
    const act = await call<{ data: { id: string } }>(shop.url, '/api/slips/update', { data: { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 4, reason: 'wilted', cost: 95.5 }], note: 'Бумаги' } }, admin);
    expect(act.status).toBe(200);
    await closedShift(shop, '2026-11-01', demoPhones.admin);
    const [order] = await placeOrders(shop, '79440000511', 1);
    const courier = await addCourier(shop, demoPhones.manager, 'Дмитрий Документов');
    const assigned = await call(shop.url, '/api/orders/command', { id: `docs-${crypto.randomUUID()}`, order: order.id, action: { kind: 'assign', courier } }, admin);
    expect(assigned.status).toBe(200);

    const context = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    // The browser's print dialog is not opened: the page stays marked as printing, and the PDF is what it would print.
    await context.addInitScript(() => Object.assign(window, { print: () => {} }));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/documents');
    await page.getByRole('heading', { name: 'Документы', level: 1 }).waitFor({ timeout: 30_000 });
    const kind = page.getByLabel('Документ', { exact: true });

    // The supply invoice: each line's sum, the total with kopecks, what is left to pay; one A4 page.
    await kind.selectOption({ label: 'Приходная накладная' });
    await page.getByLabel('Накладная', { exact: true }).selectOption(invoice.body.data.id);
    let text = await paperText(page, 'Приходная накладная № И-17');
    for (const line of profileLines) expect(text).toContain(line);
    expect(text).toContain('База «Флора»');
    expect(text).toContain('Итого, позиций 2: 4 875,25 ₽');
    expect(text).toContain('К оплате: 3 875,25 ₽');
    await page.getByRole('button', { name: 'Печать', exact: true }).click();
    text = await printedSheet(page);
    expect(text).toContain('Приходная накладная № И-17');
    expect(text).toContain('ИНН 770234567890');
    expect(text).not.toContain('Разделы мастерской');

    // The write-off act: the loss by the cost on the act.
    await kind.selectOption({ label: 'Акт списания' });
    await page.getByLabel('Акт', { exact: true }).selectOption(act.body.data.id);
    text = await paperText(page, 'Акт списания');
    expect(text).toContain('ИНН 770234567890');
    expect(text).toContain('Итого списано, позиций 1: 382 ₽');
    expect(text).toContain('Бумаги');

    // The shift report: the day's takings and the till's difference.
    await kind.selectOption({ label: 'Отчёт о закрытии смены' });
    await page.getByLabel('Смена', { exact: true }).selectOption('2026-11-01');
    text = await paperText(page, 'Отчёт о закрытии смены');
    expect(text).toContain('ИНН 770234567890');
    expect(text).toContain('Выручка за смену: 48 500 ₽');
    expect(text).toContain('−100 ₽');

    // The order's receipt, by its number; a number the device does not hold is said so.
    await kind.selectOption({ label: 'Товарный чек' });
    await page.getByLabel('Номер заказа').fill('999999');
    await page.getByRole('button', { name: 'Открыть' }).click();
    await page.getByRole('alert').filter({ hasText: 'Заказ № 999999 не найден на этом устройстве' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Номер заказа').fill(String(order.number));
    await page.getByLabel('Номер заказа').press('Enter');
    text = await paperText(page, `Товарный чек № ${order.number}`);
    expect(text).toContain('ИНН 770234567890');
    expect(text).toContain(order.lines[0].name);
    expect(text).toContain(`Итого: ${plain(formatRoubles(order.total))}`);
    expect(text).toContain(`К оплате: ${plain(formatRoubles(order.total))}`);
    await page.getByRole('button', { name: 'Печать', exact: true }).click();
    expect(await printedSheet(page)).toContain(`Товарный чек № ${order.number}`);

    // The courier's route sheet for tomorrow: the delivery, what to collect, the courier's pay.
    await kind.selectOption({ label: 'Маршрутный лист курьера' });
    await page.getByLabel('День', { exact: true }).fill(nextDay(today()));
    await page.getByLabel('Курьер', { exact: true }).selectOption(courier);
    text = await paperText(page, 'Маршрутный лист курьера');
    expect(text).toContain('ИНН 770234567890');
    expect(text).toContain('Дмитрий Документов');
    expect(text).toContain('Тверская');
    expect(text).toContain('Оплата курьеру: 400 ₽');
    expect(text).toContain(`Получить с клиентов: ${plain(formatRoubles(order.total))}`);
    await page.getByRole('button', { name: 'Печать', exact: true }).click();
    expect(await printedSheet(page)).toContain('Маршрутный лист курьера');

    // A record's screen links an admin to its paper: the order to its receipt, the invoice to itself on paper.
    await openOrder(page, order);
    await page.getByRole('link', { name: 'Товарный чек' }).click();
    await paperText(page, `Товарный чек № ${order.number}`);
    await page.goto(`/admin/invoices/${invoice.body.data.id}`);
    await page.getByRole('link', { name: 'Накладная для печати' }).click();
    await paperText(page, 'Приходная накладная № И-17');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('are an admin’s: a florist sees «Недостаточно прав», and still prints a shift’s report from the charges in the same layout', async () => {
    const { shop } = journey();
    await closedShift(shop, '2026-11-02', demoPhones.florist);
    const context = await contextAs(journey(), demoPhones.florist, undefined, { serviceWorker: false });
    await context.addInitScript(() => Object.assign(window, { print: () => {} }));
    const page = await context.newPage();
    expect((await outcomeOf(page, '/admin/documents')).outcome).toBe('denied');
    await page.getByRole('heading', { name: 'Недостаточно прав' }).waitFor();
    // Nor does an order offer her the receipt's link.
    const [order] = await placeOrders(shop, '79440000512', 1);
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Печать заказа' }).waitFor();
    expect(await page.getByRole('link', { name: 'Товарный чек' }).count()).toBe(0);

    await page.goto('/admin/charges');
    await page.getByRole('button', { name: 'Смена 2026-11-02' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Печать', exact: true }).click();
    const text = await printedSheet(page);
    expect(text).toContain('Отчёт о закрытии смены от 2 ноября 2026 г.');
    expect(text).toContain('Выручка за смену: 48 500 ₽');
    await context.close();
  });

  it('open offline on a 360 px phone from the device’s data, the paper kept to the screen', async () => {
    const { shop } = journey();
    const admin = await signIn(shop.url, demoPhones.admin);
    const invoice = await call<{ data: { id: string } }>(shop.url, '/api/invoices/update', {
      data: { number: 'Т-360', supplierName: 'Оптовая база на Рижской с очень длинным названием', day: today(), warehouse: 'warehouse-cold', status: 'draft', lines: [{ flower: 'flower-eustoma', qty: 25, price: 120 }] },
    }, admin);
    expect(invoice.status).toBe(200);
    const context = await contextAs(journey(), demoPhones.admin, phoneViewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/documents');
    await page.getByRole('heading', { name: 'Документы', level: 1 }).waitFor({ timeout: 30_000 });
    await waitForOfflineReady(page);
    await page.getByLabel('Документ', { exact: true }).selectOption({ label: 'Приходная накладная' });
    await page.getByLabel('Накладная', { exact: true }).selectOption(invoice.body.data.id);
    await paperText(page, 'Приходная накладная № Т-360');

    await context.setOffline(true);
    await page.reload();
    const text = await paperText(page, 'Приходная накладная № Т-360');
    expect(text).toContain('Итого, позиций 1: 3 000 ₽');
    expect(text).toContain('черновик');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneViewport.width);
    // An order the device does not hold is said so, offline too.
    await page.getByLabel('Документ', { exact: true }).selectOption({ label: 'Товарный чек' });
    await page.getByLabel('Номер заказа').fill('777777');
    await page.getByLabel('Номер заказа').press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Заказ № 777777 не найден на этом устройстве' }).waitFor();
    await context.setOffline(false);
    // Offline, only the network's own refusals (the sync's tries) reach the console.
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
});

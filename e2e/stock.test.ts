import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { StockAnswer } from '../schema/studio/stock/stock-answer';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors, type Journey } from './harness';
import { waitFor, waitForOfflineReady } from './journeys';
import { contextAs, officeOnServer } from './admin-journeys';

const phone390 = { width: 390, height: 844 };
const offlineNoise = /ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[13]\b/;

/** A staff device that has loaded the back-office once, then lost the network and reloaded. */
const deviceOffline = async (journey: Journey, phone: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const context = await contextAs(journey, phone, phone390);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/admin/invoices');
  await page.getByRole('heading', { name: 'Накладные' }).waitFor();
  await waitForOfflineReady(page);
  // The demo's flowers and warehouses are on the device before the network goes.
  await waitFor('the flowers on the device', () => page.evaluate(async () => ((await (window as unknown as { shopData?: { shop: { office: { find(q: object): { exec(): Promise<unknown[]> } } } } }).shopData?.shop.office.find({ selector: { type: 'flower' } }).exec())?.length ?? 0) > 0));
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Накладные' }).waitFor();
  return { context, page, errors };
};

const serverStock = async (journey: Journey) => {
  const cookie = await signIn(journey.shop.url, demoPhones.manager);
  return (await call<StockAnswer>(journey.shop.url, '/api/stock/balances', {}, cookie)).body;
};
const qtyOf = (s: StockAnswer, flower: string) => s.balances.filter((b) => b.flower === flower).reduce((n, b) => n + b.qty, 0);

/** Fills line i of the open invoice form. */
const fillLine = async (page: Page, i: number, flower: string, qty: string, price: string) => {
  await page.locator(`#invoice-line-${i}-flower`).selectOption({ label: flower });
  await page.locator(`#invoice-line-${i}-qty`).fill(qty);
  await page.locator(`#invoice-line-${i}-price`).fill(price);
};

describe('supply invoices', () => {
  const journey = journeyPerFile();

  it('a florist posts a supply invoice offline at the market on a 390 px phone; back online the stock and purchase prices change once, and the supplier is owed the rest', async () => {
    const { context, page, errors } = await deviceOffline(journey(), demoPhones.florist);
    await page.getByRole('link', { name: 'Новая накладная' }).click();
    await page.locator('#invoice-supplier').fill('Рынок на Рижской');
    await page.locator('#invoice-number').fill('М-17');
    await page.locator('#invoice-warehouse').selectOption({ label: 'Холодильник' });
    await fillLine(page, 0, 'Роза Explorer красная 60 см', '1,5', '');
    await page.getByRole('button', { name: 'Провести' }).click();
    // Refused on the device before anything is saved: a line without a price, then half a stem.
    await page.getByText('Укажите цену закупки').waitFor();
    await page.locator('#invoice-line-0-price').fill('95,5');
    await page.getByRole('button', { name: 'Провести' }).click();
    await page.getByText('Штуки считают целыми').waitFor();
    await fillLine(page, 0, 'Роза Explorer красная 60 см', '100', '95,5');
    await page.getByRole('button', { name: 'Добавить строку' }).click();
    await fillLine(page, 1, 'Эвкалипт Populus 60 см', '20', '60');
    await page.locator('#invoice-paid').fill('5000');
    expect((await page.getByTestId('invoice-total').textContent())?.replace(/\s/g, ' ')).toBe('10 750 ₽');
    expect((await page.getByTestId('invoice-owed').textContent())?.replace(/\s/g, ' ')).toBe('5 750 ₽');
    // Nothing sticks out of a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Провести' }).click();
    await page.getByRole('heading', { name: 'Накладные' }).waitFor();
    await page.getByRole('row', { name: /М-17/ }).getByRole('link').click();
    await page.getByText('Накладная проведена: она уже в остатках и не меняется').waitFor();
    expect(await page.getByRole('button', { name: 'Провести' }).count()).toBe(0);

    expect(await officeOnServer(journey().shop, 'invoice')).toEqual([]);
    expect(qtyOf(await serverStock(journey()), 'flower-rose-explorer')).toBe(0);

    await context.setOffline(false);
    const [posted] = await waitFor('the invoice on the server', async () => {
      const invoices = await officeOnServer(journey().shop, 'invoice');
      return invoices.length ? invoices : null;
    }, 60_000);
    expect(posted).toMatchObject({ createdBy: demoPhones.florist, data: { status: 'posted', supplierName: 'Рынок на Рижской', paid: 5000 } });
    const stock = await serverStock(journey());
    expect(qtyOf(stock, 'flower-rose-explorer')).toBe(100);
    expect(qtyOf(stock, 'flower-eucalyptus')).toBe(20);
    expect(stock.prices.find((p) => p.flower === 'flower-rose-explorer')).toMatchObject({ last: 95.5, average: 95.5 });

    // The admin's flowers screen shows the same, once: stock per warehouse and the purchase price.
    const admin = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin/flowers');
    await adminPage.getByRole('heading', { name: 'Цветы и материалы' }).waitFor();
    await waitFor('the stock on the admin’s device', async () => (await adminPage.getByTestId('stock-flower-rose-explorer').textContent()) === '100');
    const row = adminPage.locator('tr[data-flower="flower-rose-explorer"]');
    expect(await row.locator('td[data-label="Холодильник"]').textContent()).toBe('100');
    expect(await row.locator('td[data-label="Закупка, последняя"]').textContent()).toBe('95,5 ₽');
    // What the stock is worth at purchase prices (issue 29, item 3): the invoice's 10 750 ₽, all in «Холодильник».
    expect((await adminPage.getByTestId('stock-value').textContent())?.replace(/\s/g, ' ')).toBe('Склад по закупочным ценам: 10 750 ₽');
    expect((await adminPage.getByTestId('stock-value-warehouse-cold').textContent())?.replace(/\s/g, ' ')).toBe('10 750 ₽');
    expect((await adminPage.getByTestId('stock-value-warehouse-studio').textContent())?.replace(/\s/g, ' ')).toBe('0 ₽');
    // The supplier's page (admin tier) finds the invoice by the name the florist wrote: what is owed, what it sells.
    const adminCookie = await signIn(journey().shop.url, demoPhones.admin);
    const created = await call<{ data: { id: string } }>(journey().shop.url, '/api/suppliers/update', { data: { name: 'Рынок на Рижской', phone: '79031112233', inn: '7701234567' } }, adminCookie);
    await adminPage.goto(`/admin/suppliers/${created.body.data.id}`);
    await waitFor('the supplier’s debt', async () => (await adminPage.getByTestId('supplier-owed').textContent().catch(() => ''))?.replace(/\s/g, ' ') === '5 750 ₽');
    await adminPage.getByRole('cell', { name: 'Роза Explorer красная 60 см' }).waitFor();

    // A second sync (the page opened again) changes nothing.
    await page.goto('/admin/invoices');
    await page.getByRole('heading', { name: 'Накладные' }).waitFor();
    expect(await officeOnServer(journey().shop, 'invoice')).toHaveLength(1);
    expect(qtyOf(await serverStock(journey()), 'flower-rose-explorer')).toBe(100);
    expect(errors.filter((e) => !offlineNoise.test(e))).toEqual([]);
    await admin.close();
    await context.close();
  });

  it('two devices record supplies of the same flower offline; back online the balance is their exact sum, on the server and on each device', async () => {
    const one = await deviceOffline(journey(), demoPhones.admin);
    const two = await deviceOffline(journey(), demoPhones.florist);
    const before = qtyOf(await serverStock(journey()), 'flower-tulip');
    const post = async (page: Page, number: string, qty: string) => {
      await page.getByRole('link', { name: 'Новая накладная' }).click();
      await page.locator('#invoice-number').fill(number);
      await page.locator('#invoice-warehouse').selectOption({ label: 'Студия' });
      await fillLine(page, 0, 'Тюльпан Strong Gold жёлтый 40 см', qty, '55');
      await page.getByRole('button', { name: 'Провести' }).click();
      await page.getByRole('row', { name: new RegExp(number) }).waitFor();
    };
    await post(one.page, 'А-1', '30');
    await post(two.page, 'Б-1', '45');
    await post(two.page, 'Б-2', '25');

    await Promise.all([one.context.setOffline(false), two.context.setOffline(false)]);
    await waitFor('both devices’ invoices on the server', async () => (await officeOnServer(journey().shop, 'invoice')).filter((i) => /^[АБ]-/.test(String(i.data.number))).length === 3, 60_000);
    expect(qtyOf(await serverStock(journey()), 'flower-tulip')).toBe(before + 100);
    // The admin's device, which posted 30 itself, now counts the florist's 70 too: the same sum as the server.
    await one.page.goto('/admin/flowers');
    await waitFor('the sum on the admin’s device', async () => (await one.page.getByTestId('stock-flower-tulip').textContent()) === String(before + 100));
    expect([...one.errors, ...two.errors].filter((e) => !offlineNoise.test(e))).toEqual([]);
    await one.context.close();
    await two.context.close();
  });

  it('a florist who picks a flower whose unit is switched off is told at once beside the line; the draft is kept and reaches the server, posting waits for the unit', async () => {
    const shop = journey().shop;
    const admin = await signIn(shop.url, demoPhones.admin);
    const made = await call<{ data: { id: string } }>(shop.url, '/api/flowers/update', { data: { name: 'Мох стабилизированный', unit: 'pack' } }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const pack = await call<{ data: { updatedAt: number; data: Record<string, unknown> } }>(shop.url, '/api/refs/get', { id: 'ref-unit-pack' }, admin);
    const off = await call<{ data: { updatedAt: number } }>(shop.url, '/api/refs/update', { id: 'ref-unit-pack', updatedAt: pack.body.data.updatedAt, data: { ...pack.body.data.data, active: false } }, admin);
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    const context = await contextAs(journey(), demoPhones.florist, phone390, { serviceWorker: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/invoices/new');
    await page.locator('#invoice-number').fill('М-99');
    await page.locator('#invoice-warehouse').selectOption({ label: 'Холодильник' });
    await waitFor('the switched-off unit on the device', () =>
      page.evaluate(async () => {
        const office = (window as unknown as { shopData?: { shop: { office: { findOne(id: string): { exec(): Promise<{ toJSON(): { data: { active?: boolean } } } | null> } } } } }).shopData?.shop.office;
        return (await office?.findOne('ref-unit-pack').exec())?.toJSON().data.active === false;
      }),
    );
    await fillLine(page, 0, 'Мох стабилизированный', '3', '450');
    // Said beside the line as soon as the flower is picked, before anything is saved.
    const said = page.locator('#invoice-line-0-unit');
    await said.waitFor();
    expect(await said.textContent()).toBe('Единица «уп.» выключена в справочнике — включите её на /admin/refs или смените единицу цветка');
    expect(await page.locator('#invoice-line-0-flower').getAttribute('aria-describedby')).toBe('invoice-line-0-unit');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // «Провести» is refused on the device, the line still named; the server would refuse it too.
    await page.getByRole('button', { name: 'Провести' }).click();
    await page.getByText('Исправьте отмеченные поля').waitFor();
    expect(await said.getAttribute('class')).toBe('field-error');
    // The draft is kept: saved on the device, pushed, and taken by the server with the line as it was.
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await page.getByRole('heading', { name: 'Накладные' }).waitFor();
    const [draft] = await waitFor('the draft on the server', async () => {
      const found = (await officeOnServer(shop, 'invoice')).filter((i) => i.data.number === 'М-99');
      return found.length ? found : null;
    }, 60_000);
    expect(draft).toMatchObject({ createdBy: demoPhones.florist, data: { status: 'draft', lines: [{ flower: made.body.data.id, unit: 'pack', qty: 3, price: 450 }] } });
    // Still on the device after its push (a refused one is dropped there), and it says the same when opened again.
    await page.getByRole('row', { name: /М-99/ }).getByRole('link').click();
    await said.waitFor();
    expect(await said.textContent()).toMatch(/^Единица «уп.» выключена в справочнике/);
    expect(errors.filter((e) => !offlineNoise.test(e))).toEqual([]);

    const on = await call(shop.url, '/api/refs/update', { id: 'ref-unit-pack', updatedAt: off.body.data.updatedAt, data: { ...pack.body.data.data, active: true } }, admin);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await context.close();
  });
});

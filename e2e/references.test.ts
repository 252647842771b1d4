import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import type { OfficeRecord } from '../schema/shared/record';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen, pickReference } from './admin-journeys';

const phone = { width: 390, height: 844 };

/**
 * A write-off opened in the generic form (/admin/slips/{id}) names its warehouse and flowers by their names, in
 * pickers of those records, never as bare ids (issue 27, item 2), on a phone, from the device's records.
 */
describe('references in the generic form', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows a write-off’s warehouse and lines’ flowers by name, each in a picker with a search box', async () => {
    const { shop } = journey();
    const florist = await signIn(shop.url, demoPhones.florist);
    // The stems to write off, bought today: online, no more leaves a warehouse than it holds.
    const manager = await signIn(shop.url, demoPhones.manager);
    const lines = [{ flower: 'flower-tulip', qty: 10, price: 60 }, { flower: 'flower-eucalyptus', qty: 10, price: 80 }];
    expect((await call(shop.url, '/api/invoices/update', { data: { day: today(), warehouse: 'warehouse-cold', lines, status: 'posted' } }, manager)).status).toBe(200);
    const act = await call<{ data: OfficeRecord }>(
      shop.url,
      '/api/slips/update',
      { data: { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-tulip', qty: 2, reason: 'wilted' }, { flower: 'flower-eucalyptus', qty: 1, reason: 'broken' }] } },
      florist,
    );
    expect(act.status, JSON.stringify(act.body)).toBe(200);

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, `/admin/slips/${act.body.data.id}`, act.body.data.title, phone);
    const form = page.getByRole('form', { name: act.body.data.title });
    const warehouse = form.getByLabel(/^Склад/);
    await expect.poll(() => warehouse.evaluate((s) => (s instanceof HTMLSelectElement ? s.selectedOptions[0]?.text : s.tagName))).toBe('Холодильник');
    await form.getByRole('searchbox', { name: 'Найти: склад' }).waitFor();
    const flowers = form.getByLabel(/^Цветок или материал/);
    await expect.poll(() => flowers.evaluateAll((all) => all.map((s) => (s instanceof HTMLSelectElement ? s.selectedOptions[0]?.text : s.tagName)))).toEqual(
      expect.arrayContaining(['Тюльпан Strong Gold жёлтый 40 см', 'Эвкалипт Populus 60 см']),
    );
    expect(await page.getByText('warehouse-cold').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * The custom screens pick references with the same picker as the generic form (issue 27, item 2): the invoice's supplier,
 * warehouse and lines' flowers, the tech card's warehouse and lines' flowers or base cards, each found by typing part of
 * its name on a 360 px phone; a switched-off warehouse is not found.
 */
describe('references in the invoice and tech card forms', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });
  const narrow = { width: 360, height: 780 };

  // One shop for the file: the records are made once, by the first test that needs them.
  let made: Promise<{ shop: ReturnType<typeof journey>['shop']; supplier: string; cellar: string; ranunculus: string; base: string }> | undefined;
  const studio = () => (made ??= setUp());
  const setUp = async () => {
    const { shop } = journey();
    const [admin, manager, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
    const save = async (path: string, data: Record<string, unknown>, cookie: string) => {
      const answer = await call<{ data: OfficeRecord }>(shop.url, `/api/${path}/update`, { data }, cookie);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.id;
    };
    const supplier = await save('suppliers', { name: 'Оптовая база «Розовый сад»', phone: '79005550011', inn: '7701234560' }, admin);
    const cellar = await save('warehouses', { name: 'Холодильник в подвале' }, manager);
    await save('warehouses', { name: 'Склад закрытый', active: false }, manager);
    const ranunculus = await save('flowers', { name: 'Ранункулюс', variety: 'Hanoi', unit: 'pcs' }, manager);
    const base = await save('products', { name: 'Основа из фисташки', warehouse: cellar, lines: [{ flower: 'flower-pistacia', qty: 2 }] }, florist);
    return { shop, supplier, cellar, ranunculus, base };
  };

  it('an admin’s invoice takes its supplier, warehouse and flower by part of their names', async () => {
    const { shop, supplier, cellar, ranunculus } = await studio();
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.admin, '/admin/invoices/new', 'Новая накладная', narrow);
    await pickReference(page, 'Поставщик', 'розов', 'Оптовая база «Розовый сад»');
    // A supplier of the list: its name is copied, no second field to type one.
    expect(await page.locator('#invoice-supplier').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Найти: склад', exact: true }).fill('закрыт');
    await page.getByText('Ничего не нашлось.').waitFor();
    await pickReference(page, 'Склад', 'подвал', 'Холодильник в подвале');
    const line = page.getByRole('group', { name: 'Строка 1', exact: true });
    await pickReference(line, 'Цветок или материал', 'hano', 'Ранункулюс Hanoi');
    await line.getByLabel(/^Кол-во/).fill('10');
    await line.getByLabel('Цена, ₽').fill('70');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrow.width);
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await page.getByText('Черновик сохранён').waitFor();

    const stored = await waitFor('the invoice on the server', async () => (await officeOnServer(shop, 'invoice')).find((r) => r.data.supplier === supplier));
    expect(stored.data).toMatchObject({ supplierName: 'Оптовая база «Розовый сад»', warehouse: cellar, lines: [{ flower: ranunculus, qty: 10, price: 70 }] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a florist’s tech card takes its warehouse, a flower and a base card by part of their names', async () => {
    const { shop, cellar, ranunculus, base } = await studio();
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin/products/new', 'Новая техкарта', narrow);
    await page.locator('#card-name').fill('Ранункулюсы на фисташке');
    await pickReference(page, 'Склад, откуда берут цветы', 'подв', 'Холодильник в подвале');
    const part = 'Цветок, материал или основа';
    await pickReference(page.getByRole('group', { name: 'Строка 1', exact: true }), part, 'ранун', 'Ранункулюс Hanoi');
    await page.locator('#line-0-qty').fill('7');
    await page.getByRole('button', { name: 'Добавить строку' }).click();
    const second = page.getByRole('group', { name: 'Строка 2', exact: true });
    // «фисташ» finds the flower and the base card, each under its heading.
    await pickReference(second, part, 'фисташ', 'Основа из фисташки');
    await second.locator('optgroup[label="Цветы и материалы"] option', { hasText: 'Фисташка' }).waitFor({ state: 'attached' });
    await page.locator('#line-1-qty').fill('1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrow.width);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('link', { name: 'Ранункулюсы на фисташке' }).waitFor();

    const stored = await waitFor('the card on the server', async () => (await officeOnServer(shop, 'techCard')).find((r) => r.data.name === 'Ранункулюсы на фисташке'));
    expect(stored.data).toMatchObject({ warehouse: cellar, lines: [{ flower: ranunculus, card: '', qty: 7 }, { flower: '', card: base, qty: 1 }] });
    expect(errors).toEqual([]);
    await context.close();
  });
});

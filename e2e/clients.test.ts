import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { clientsCsv } from '../schema/studio/clients/client-csv';
import { client, clientIdOf } from '../schema/entities/client';
import type { OfficeRecord } from '../schema/shared/record';
import { nextDay, today } from '../schema/shared/day';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs, outcomeOf } from './admin-journeys';
import { openOrder, placeOrders } from './order-journeys';

const phone = '79051112233';

/** Everything every IndexedDB database of the page holds, as one text. */
const deviceDump = (page: import('playwright-core').Page) =>
  page.evaluate(async () => {
    const read = (name: string) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = async () => {
          const db = open.result;
          const parts: string[] = [];
          for (const store of Array.from(db.objectStoreNames)) {
            const all = await new Promise<unknown[]>((ok) => {
              const rq = db.transaction(store, 'readonly').objectStore(store).getAll();
              rq.onsuccess = () => ok(rq.result);
            });
            parts.push(JSON.stringify(all));
          }
          db.close();
          resolve(parts.join('\n'));
        };
      });
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter(Boolean);
    return { names, text: (await Promise.all(names.map(read))).join('\n') };
  });

/**
 * The client card (issue 20): an admin writes it; its note for every order reaches the board and the order page; a
 * florist cannot open it and her device holds none of it.
 */
describe('clients', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('an admin creates a client with an allergy note, and the note shows on the client’s next order on the board and the order page', async () => {
    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/clients');
    await page.getByRole('link', { name: 'Новый клиент' }).click();
    await page.locator('#field-name').fill('Мария Лилиева');
    await page.locator('#field-phone').pressSequentially(phone.slice(1));
    await page.locator('#field-alert').fill('аллергия на лилии');
    await page.getByRole('button', { name: 'Добавить: важные даты' }).click();
    await page.locator('#field-dates-0-title').fill('День рождения мамы');
    await page.locator('#field-dates-0-date').fill('13-45');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Такой даты нет').waitFor();
    await page.locator('#field-dates-0-date').fill('05-12');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('link', { name: 'Мария Лилиева' }).waitFor();

    const [order] = await placeOrders(journey().shop, phone, 1);
    await page.goto(`/admin/orders?from=${today()}&to=${nextDay(today())}`);
    await page.getByTestId('client-alert').filter({ hasText: 'Важно о клиенте: аллергия на лилии' }).waitFor({ timeout: 30_000 });
    await openOrder(page, order);
    await page.getByTestId('client-alert').filter({ hasText: 'аллергия на лилии' }).waitFor();

    // The card counts the order.
    await page.goto('/admin/clients');
    await page.getByRole('link', { name: 'Мария Лилиева' }).click();
    expect(await page.locator('#field-orders').inputValue()).toBe('1');
    expect(await page.locator('#field-dates-0-title').inputValue()).toBe('День рождения мамы');
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await context.close();
  });

  it('a florist opening /admin/clients sees «Недостаточно прав», and her device holds no client data', async () => {
    const context = await contextAs(journey(), demoPhones.florist);
    const page = await context.newPage();
    expect((await outcomeOf(page, '/admin/clients')).outcome).toBe('denied');
    expect((await outcomeOf(page, '/admin/clients/new')).outcome).toBe('denied');
    // Her device pulls what staff pull (the board's orders, office records) and keeps it.
    await page.goto(`/admin/orders?from=${today()}&to=${nextDay(today())}`);
    await page.getByTestId('client-alert').first().waitFor({ timeout: 30_000 });
    // The board's first cards come with the page (issue 32, item 1): what the device holds is read once it has pulled.
    await expect.poll(async () => (await deviceDump(page)).text).toContain('аллергия на лилии');
    const { names, text } = await deviceDump(page);
    expect(names.length).toBeGreaterThan(0);
    expect(text).toContain('аллергия на лилии'); // the order's note, the one thing delivery needs
    for (const secret of ['Мария Лилиева', 'День рождения мамы', `client-${phone}`, '"type":"client"']) expect(text, secret).not.toContain(secret);
    await context.close();
  });

  it('an admin imports 1,000 clients from CSV and exports them back identical', async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) =>
      client.fields.parse({
        name: `Клиент ${i}, "с кавычками"`,
        phone: `7906${String(i).padStart(7, '0')}`,
        birthday: i % 3 ? `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}` : undefined,
        source: i % 2 ? 'phone' : 'site',
        note: i % 7 ? '' : 'первая строка\nвторая; строка',
        dates: i % 5 ? [] : [{ title: 'Годовщина', kind: 'anniversary', date: '06-15', recipient: 'Ольга', address: 'Тверская, 1' }],
      }),
    );
    const csv = clientsCsv([...thousand].sort((a, b) => a.phone.localeCompare(b.phone)));
    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    await page.goto('/admin/clients');
    await page.getByRole('heading', { name: 'Клиенты', level: 1 }).waitFor();
    await page.getByTestId('clients-csv-file').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('clients-import-result').filter({ hasText: 'Новых: 1000' }).waitFor({ timeout: 60_000 });

    // The shop now holds these and the card made in the first journey: export only ours to compare.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
    const exported = (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const ours = exported.split('\r\n').filter((line, i) => i === 0 || line.startsWith('7906') || line === '' || !/^79\d{9},/.test(line));
    expect(ours.join('\r\n')).toBe(csv);
    await context.close();
  });

  it('an admin exports a client named «=1+2»: the file holds it as text, and importing the file back leaves the card as it was', async () => {
    const url = journey().shop.url;
    const cookie = await signIn(url, demoPhones.admin);
    const formula = { name: '=1+2', phone: '79051230001', note: '-5% скидка' };
    const at = { name: '@SUM(A1)', phone: '79051230002', alert: '+7 916 555-44-33' };
    for (const data of [formula, at]) expect((await call(url, '/api/clients/update', { data }, cookie)).status).toBe(200);
    const cards = () => Promise.all([formula, at].map(async (c) => (await call<{ data: OfficeRecord }>(url, '/api/clients/get', { id: clientIdOf(c.phone) }, cookie)).body.data));
    const before = await cards();

    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/clients');
    await page.getByRole('heading', { name: 'Клиенты', level: 1 }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
    const file = (await download.path())!;
    const lines = (await fs.readFile(file, 'utf8')).split('\r\n');
    // A quote in front, in double quotes: a spreadsheet opens these cells as text, not as formulas.
    expect(lines).toContain(`79051230001,"'=1+2",,,,other,,"'-5% скидка",`);
    expect(lines).toContain(`79051230002,"'@SUM(A1)",,,,other,"'+7 916 555-44-33",,`);
    const total = lines.filter((l) => /^79\d{9},/.test(l)).length;

    await page.getByTestId('clients-csv-file').setInputFiles(file);
    await page.getByTestId('clients-import-result').filter({ hasText: `Новых: 0, обновлено: 0, без изменений: ${total}.` }).waitFor({ timeout: 60_000 });
    expect(await cards()).toEqual(before);
    await page.goto('/admin/clients?q=7905123000');
    await page.getByRole('link', { name: '=1+2', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: '=1+2', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: '@SUM(A1)', exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin merges two cards of one person from the card', async () => {
    const cookie = await signIn(journey().shop.url, demoPhones.admin);
    await call(journey().shop.url, '/api/clients/update', { data: { name: 'Зоя Двойная', phone: '79087770001' } }, cookie);
    await call(journey().shop.url, '/api/clients/update', { data: { name: 'Зоя (второй номер)', phone: '79087770002', alert: 'только белые цветы' } }, cookie);
    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto('/admin/clients?q=%D0%97%D0%BE%D1%8F');
    await page.getByRole('link', { name: 'Зоя Двойная' }).click();
    await page.locator('#merge-phone').pressSequentially('9087770002');
    await page.getByRole('button', { name: 'Объединить с этой карточкой' }).click();
    await page.getByRole('heading', { name: 'Клиенты', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Зоя Двойная' }).waitFor();
    expect(await page.getByRole('link', { name: 'Зоя (второй номер)' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Зоя Двойная' }).click();
    expect(await page.locator('#field-alert').inputValue()).toBe('только белые цветы');
    await context.close();
  });
});

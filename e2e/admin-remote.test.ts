import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs } from './admin-journeys';

/**
 * Admin-only records (suppliers) never reach a device's database: the admin's screens read them online through the
 * record API, keep the last answer in DataSources and, offline, show it with the time it was fetched.
 */
describe('admin-tier records', () => {
  const journey = journeyPerFile();

  it('are written through the record API and shown from the cache offline', async () => {
    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Поставщики', exact: true }).click();
    await page.getByRole('link', { name: 'Новый поставщик' }).click();
    await page.locator('#field-name').fill('Голландские цветы');
    await page.locator('#field-phone').pressSequentially('9031234567');
    await page.locator('#field-inn').fill('12345');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('ИНН — 10 цифр у организации или 12 у ИП').waitFor();
    await page.locator('#field-inn').fill('7701234567');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('link', { name: 'Голландские цветы' }).waitFor();

    const stored = (await journey().shop.shop.storage.db('admin').allDocs({ include_docs: true })).rows.filter((r) => !r.id.startsWith('_'));
    expect(stored.map((r) => (r.doc as unknown as { data: unknown; createdBy: string }))).toEqual([
      expect.objectContaining({ createdBy: demoPhones.admin, data: expect.objectContaining({ name: 'Голландские цветы', phone: '79031234567', inn: '7701234567' }) }),
    ]);
    // The device holds office records (the demo's warehouses and flowers), never a supplier.
    const onDevice = await page.evaluate(async () =>
      (await (window as unknown as { shopData: { shop: { office: { find(q: object): { exec(): Promise<unknown[]> } } } } }).shopData.shop.office.find({ selector: { type: 'supplier' } }).exec()).length);
    expect(onDevice).toBe(0);

    // Edit it: the form sends the updatedAt it read, and the list shows the change.
    await page.getByRole('link', { name: 'Голландские цветы' }).click();
    await page.locator('#field-name').fill('Голландские цветы оптом');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('link', { name: 'Голландские цветы оптом' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Рабочий стол' }).click();
    await page.getByRole('link', { name: 'Поставщики', exact: true }).click();
    await page.getByText(/Нет связи с сервером: показаны данные от \d+ \S+( в)? \d{2}:\d{2}/).waitFor();
    await page.getByRole('link', { name: 'Голландские цветы оптом' }).waitFor();
    await context.setOffline(false);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[134]/.test(e))).toEqual([]);
    await context.close();
  });
});

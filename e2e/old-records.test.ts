import { describe, expect, it } from 'vitest';
import { contractor } from '../schema/entities/contractor';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';

/**
 * A record stored by an older version of its entity (a contractor from before credit terms, version 1) is listed,
 * filtered and opened on a florist's phone as the server reads it: upgraded, its new fields at their defaults.
 */
describe('a back-office record stored by an older version', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('a florist finds an old contractor under «Работает в кредит: нет», with no deferral, and opens it so', async () => {
    const { shop } = journey();
    const now = Date.now();
    expect(contractor.version).toBeGreaterThan(1);
    await shop.shop.storage.db('office').put({
      _id: 'contractor-before-credit', type: 'contractor', v: 1, title: 'ООО «Давнишнее»', createdBy: demoPhones.admin, createdAt: now, updatedBy: demoPhones.admin, updatedAt: now,
      data: { name: 'ООО «Давнишнее»', inn: '7701234567' },
    });
    const context = await contextAs(journey(), demoPhones.florist, phoneViewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/contractors');
    await page.getByRole('heading', { name: 'Контрагенты' }).waitFor();
    await page.getByLabel('Работает в кредит').selectOption({ label: 'Нет' });
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'ООО «Давнишнее»' }) });
    await waitFor('the old contractor listed among those without credit', async () => (await row.count()) === 1);
    expect(await row.locator('td[data-label="Отсрочка оплаты, дней"]').textContent()).toBe('0');
    await row.getByRole('link', { name: 'ООО «Давнишнее»' }).click();
    await expect.poll(() => page.getByLabel(/^Название/).inputValue()).toBe('ООО «Давнишнее»');
    expect(await page.getByLabel(/^Отсрочка оплаты/).inputValue()).toBe('0');
    expect(await page.getByLabel(/^Работает в кредит/).isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

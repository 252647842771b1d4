import { describe, expect, it } from 'vitest';
import { today } from '../schema/day';
import type { OfficeRecord } from '../schema/record';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { openStaffScreen } from './admin-journeys';

const phone = { width: 390, height: 844 };

/**
 * A write-off opened in the generic form (/admin/slips/{id}) names its warehouse and flowers by their names, in
 * pickers of those records, never as bare ids (issue 27, item 2), on a phone, from the device's records.
 */
describe('references in the generic form', () => {
  const journey = journeyPerFile();

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

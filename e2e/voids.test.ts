import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../schema/analytics-report';
import { today } from '../schema/day';
import type { OfficeRecord } from '../schema/record';
import type { StockAnswer } from '../schema/stock-answer';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { openStaffScreen } from './admin-journeys';

const rose = 'flower-rose-explorer';
const cold = 'warehouse-cold';

/**
 * Issue 27, item 6: a florist wrote off nine roses by mistake; on a 390 px phone, by keyboard, a manager voids the act
 * with a reason. The act stays, marked «Сторнирован» with who and why, and the balance and the analytics come back.
 */
describe('voiding a write-off', () => {
  const journey = journeyPerFile();

  it('a manager voids a florist’s mistaken write-off on a phone, and the stock and the analytics come back', async () => {
    const { shop } = journey();
    const [florist, admin] = [await signIn(shop.url, demoPhones.florist), await signIn(shop.url, demoPhones.admin)];
    const balance = async () => (await call<StockAnswer>(shop.url, '/api/stock/balances', {}, florist)).body.balances.find((b) => b.flower === rose && b.warehouse === cold)?.qty ?? 0;
    const waste = async () => (await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: today(), to: today() }, admin)).body.data.current.writeOffs.cost;
    const [start, wasteBefore] = [await balance(), await waste()];
    const act = await call<{ data: OfficeRecord }>(shop.url, '/api/slips/update', { data: { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 9, reason: 'wilted', cost: 100 }], order: '', note: '' } }, florist);
    expect(act.status).toBe(200);
    expect(await balance()).toBe(start - 9);
    expect(await waste()).toBe(wasteBefore + 900);

    const { page, errors, context } = await openStaffScreen(journey(), demoPhones.manager, `/admin/slips/${act.body.data.id}`, 'Акт списания', { width: 390, height: 844 });
    const button = page.getByRole('button', { name: 'Сторнировать' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Причина сторно').waitFor();
    await page.keyboard.type('Списали не те розы');
    await page.getByRole('button', { name: 'Сторнировать' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Сторнирован', { exact: true }).waitFor();
    await page.getByText(/Причина: Списали не те розы/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await waitFor('the stock back on the server', async () => ((await balance()) === start ? true : null), 60_000);
    expect(await waste()).toBe(wasteBefore);
    expect((await call(shop.url, '/api/slips/get', { id: act.body.data.id }, florist)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

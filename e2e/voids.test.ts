import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../schema/studio/reports/analytics-report';
import { today } from '../schema/shared/day';
import type { OfficeRecord } from '../schema/shared/record';
import type { StockAnswer } from '../schema/studio/stock/stock-answer';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen } from './admin-journeys';

const rose = 'flower-rose-explorer';
const cold = 'warehouse-cold';

/**
 * Issue 27, item 6: a florist wrote off nine roses by mistake; on a 390 px phone, by keyboard, a manager voids the act
 * with a reason. The act stays, marked «Сторнирован» with who and why, struck through in the acts list, and the
 * balance, the analytics and the list's waste come back.
 */
describe('voiding a write-off', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('a manager voids a florist’s mistaken write-off on a phone, and the stock and the analytics come back', async () => {
    const { shop } = journey();
    const [florist, admin] = [await signIn(shop.url, demoPhones.florist), await signIn(shop.url, demoPhones.admin)];
    const balance = async () => (await call<StockAnswer>(shop.url, '/api/stock/balances', {}, florist)).body.balances.find((b) => b.flower === rose && b.warehouse === cold)?.qty ?? 0;
    const waste = async () => (await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: today(), to: today() }, admin)).body.data.current.writeOffs.cost;
    // The books count a write-off at its day's purchase price: the roses were bought today at 100 ₽.
    const manager = await signIn(shop.url, demoPhones.manager);
    const bought = await call(shop.url, '/api/invoices/update', { data: { number: '77', supplierName: 'База', day: today(), warehouse: cold, lines: [{ flower: rose, qty: 50, price: 100 }], paid: 0, status: 'posted', note: '' } }, manager);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const [start, wasteBefore] = [await balance(), await waste()];
    const act = await call<{ data: OfficeRecord }>(shop.url, '/api/slips/update', { data: { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 9, reason: 'wilted', cost: 100 }], order: '', note: 'Ошибочный акт' } }, florist);
    expect(act.status).toBe(200);
    expect(await balance()).toBe(start - 9);
    expect(await waste()).toBe(wasteBefore + 900);

    // The acts list with the month's waste above it; the act opens from its row.
    const { page, errors, context } = await openStaffScreen(journey(), demoPhones.manager, '/admin/slips', 'Списания', { width: 390, height: 844 });
    const row = page.getByRole('table', { name: 'Акты списания' }).getByRole('row').filter({ hasText: 'Ошибочный акт' });
    await row.waitFor();
    const lost = async () => Number((await page.locator('.waste__total strong').first().textContent())?.replace(/[^\d,]/g, '').replace(',', '.'));
    const lostBefore = await lost();
    expect(await row.getByText('Сторнировано').count()).toBe(0);
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Акт списания' }).waitFor();
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

    // Back in the list the act is still there, struck through and marked with its reason, and counts as no loss.
    await page.goBack();
    await page.getByRole('heading', { name: 'Списания' }).waitFor();
    await row.getByText('Сторнировано').waitFor();
    expect(await row.locator('td').first().evaluate((td) => getComputedStyle(td).textDecorationLine)).toBe('line-through');
    expect(await row.textContent()).toContain('Причина: Списали не те розы');
    await waitFor('the act left out of the waste', async () => ((await lost()) === lostBefore - 900 ? true : null));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await waitFor('the stock back on the server', async () => ((await balance()) === start ? true : null), 60_000);
    expect(await waste()).toBe(wasteBefore);
    expect((await call(shop.url, '/api/slips/get', { id: act.body.data.id }, florist)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a shift closed for the wrong day is voided by a manager, and the day is closed again', async () => {
    const { shop } = journey();
    const florist = await signIn(shop.url, demoPhones.florist);
    // Closed by mistake today (a shift closes today, schema/shared/fact-day.ts), with nothing counted.
    const day = today();
    const close = { day, opening: 0, takings: { cash: 0, card: 0, transfer: 0, online: 0 }, orders: 0, counterSales: 0, cashIn: 0, cashOut: 0, expectedCash: 0, expectedCard: 0, counted: { cash: 0, card: 0 }, cashMoves: [], note: '' };
    expect((await call(shop.url, '/api/shifts/update', { data: close }, florist)).status).toBe(200);

    const { page, errors, context } = await openStaffScreen(journey(), demoPhones.manager, '/admin/charges', 'Расходы', { width: 390, height: 844 });
    await page.getByRole('button', { name: `Смена ${day}` }).click();
    const report = page.getByRole('dialog', { name: `Смена ${day}` });
    await report.getByRole('button', { name: 'Сторнировать' }).click();
    await report.getByLabel('Причина сторно').fill('Закрыли не тот день');
    await report.getByRole('button', { name: 'Сторнировать' }).click();
    await report.getByText(/Причина: Закрыли не тот день/).waitFor();

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    await page.getByRole('button', { name: 'Полное закрытие: пересчёт кассы и отчёт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Полное закрытие смены' });
    await dialog.locator('input[name="close-day"]').fill(day);
    await dialog.locator('input[name="close-cash"]').fill('0');
    await dialog.locator('input[name="close-card"]').fill('0');
    // Whatever the demo's orders paid today, a note explains the till.
    await dialog.locator('textarea[name="close-note"]').fill('Пересчитала после сторно');
    await dialog.getByRole('button', { name: 'Закрыть смену' }).click();
    await page.getByRole('dialog', { name: 'Смена закрыта' }).waitFor();
    const closes = await waitFor('the second close on the server', async () => {
      const all = (await officeOnServer(shop, 'shift')).filter((c) => c.data.day === day);
      return all.length === 2 ? all : null;
    }, 60_000);
    expect(closes.map((c) => c.id).toSorted()).toEqual([`shift-${day}`, `shift-${day}-2`]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

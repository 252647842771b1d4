import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen, pickReference } from './admin-journeys';
import { recordSaver } from '../server/testing/record-saver';

/** The phone the outside review used: a 390 × 844 screen. */
const phone = { width: 390, height: 844 };
/** How long the phone was away from the network before its act arrived (the server counts more than 5 minutes as offline). */
const away = 10 * 60_000;

/**
 * Stock limits (issue 27, item 5): online the write-off screen refuses an act that takes more than the warehouse
 * holds, in the server's words; a florist who wrote off 30 roses of 20 on her phone with no network, the act arriving
 * ten minutes later, has it stored, and the roses are «ушло в минус» on the dashboard and the warehouses' screen
 * until a count brings the balance back.
 */
describe('a write-off beyond the balance', () => {
  const journey = journeyPerFile();

  it('is refused online, and recorded offline arrives flagged «ушло в минус» until a count', async () => {
    const { shop } = journey();
    const manager = await signIn(shop.url, demoPhones.manager);
    const made = recordSaver(shop.url, manager);
    const cold = await made('warehouses', { name: 'Холодильник у окна' });
    const rose = await made('flowers', { name: 'Роза', variety: 'Freedom', unit: 'pcs', price: 250 });
    await made('invoices', { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 20, price: 90 }], status: 'posted' });

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin/slips/new', 'Списать', phone);
    const writeOff = async (n: string) => {
      await pickReference(page, 'Склад', 'у окна', 'Холодильник у окна');
      await page.getByLabel('Найти цветок или материал').fill('Freedom');
      await page.getByRole('button', { name: /Роза Freedom/ }).click();
      await page.getByLabel('Другое количество').fill(n);
      await page.getByRole('group', { name: 'Причина' }).getByRole('button', { name: 'Завяли' }).click();
      await page.getByRole('region', { name: 'Строки акта' }).getByText(`Роза Freedom — ${n} шт. · Завяли`).waitFor();
      await page.getByRole('button', { name: 'Списать (1)' }).click();
    };

    // Online: refused before it is sent, as the server would say it.
    await writeOff('30');
    await page.getByText(/На складе «Холодильник у окна» 20 шт\., списать 30 нельзя/).waitFor();
    expect(await officeOnServer(shop, 'slip')).toEqual([]);

    // Offline: the phone's clock says the act was written ten minutes before it reaches the server.
    await context.clock.install({ time: Date.now() - away });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Списать' }).waitFor();
    await writeOff('30');
    await page.getByText('Списано строк: 1').waitFor();

    await context.setOffline(false);
    const [act] = await waitFor('the act on the server', async () => {
      const slips = await officeOnServer(shop, 'slip');
      return slips.length ? slips : undefined;
    }, 60_000);
    expect(act).toMatchObject({ createdBy: demoPhones.florist, data: { warehouse: cold, lines: [{ flower: rose, qty: 30 }] } });
    const balances = await call<{ balances: { flower: string; warehouse: string; qty: number }[] }>(shop.url, '/api/stock/balances', {}, manager);
    expect(balances.body.balances.find((b) => b.flower === rose && b.warehouse === cold)?.qty).toBe(-10);

    // Flagged on the dashboard and on the warehouses' screen, on a phone.
    const flag = page.getByTestId('below-zero').filter({ hasText: 'Холодильник у окна' });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Ушло в минус' }).waitFor();
    await expect.poll(() => flag.innerText()).toMatch(/Роза Freedom.*Холодильник у окна.*[−-]10 шт\. — ушло в минус/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.goto('/admin/warehouses');
    await flag.waitFor();
    await page.getByRole('table', { name: 'Остатки по складам' }).getByText(/[−-]10 шт\. — ушло в минус/).waitFor();

    // A count that finds nothing left brings the balance to zero, and the flag goes.
    const count = { day: today(), warehouse: cold, lines: [{ flower: rose, expected: -10, counted: 0 }], status: 'finished' };
    expect((await call(shop.url, '/api/stock-counts/update', { data: count }, manager)).status).toBe(200);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await page.getByRole('heading', { name: 'Ушло в минус' }).waitFor({ state: 'detached' });
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[13]/.test(e))).toEqual([]);
    await context.close();
  });
});

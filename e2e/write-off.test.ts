import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import type { OfficeRecord } from '../schema/shared/record';
import { balanceBookOf } from '../schema/shared/record-moves';
import { demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen, pickReference } from './admin-journeys';
import { twentyRosesInTheCold } from '../server/testing/record-saver';

/** The phone the outside review used: a 390 × 844 screen. */
const phone = { width: 390, height: 844 };

/**
 * A florist writes off five wilted roses on her phone with no network (issue 19, item 7): the flower, then two taps
 * a line (a quantity, a reason), then «Списать». The act is on her device at once, with the balance and the waste it
 * makes; back online the server holds it once, in her name, with the cost of the roses, and the balance is 20 − 5.
 */
describe('writing off on a phone, offline', () => {
  const journey = journeyPerFile();

  it('writes off five wilted roses in two taps and the stock goes down once', async () => {
    const { shop } = journey();
    const manager = await signIn(shop.url, demoPhones.manager);
    const { cold, rose } = await twentyRosesInTheCold(shop.url, manager);

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin/slips/new', 'Списать', phone);
    // The demo studio has its own warehouses and flowers: the act is for this test's cold room and rose.
    await pickReference(page, 'Склад', 'у окна', 'Холодильник у окна');
    // Before a search the quick choices are what this cold room holds: the roses, not the eucalyptus at 0 (issue 29, item 6).
    const choices = page.getByRole('group', { name: 'Цветы и материалы' }).getByRole('button');
    await choices.filter({ hasText: 'Роза Freedom' }).filter({ hasText: '20 шт.' }).waitFor();
    expect(await choices.allInnerTexts()).toHaveLength(1);
    await page.getByLabel('Найти цветок или материал').fill('Freedom');
    const roses = page.getByRole('button', { name: /Роза Freedom/ });
    await roses.filter({ hasText: '20 шт.' }).waitFor();
    // The form's first choices may be the page's (issue 32, item 1): the device must hold the rose before the network goes.
    await page.waitForFunction(async (id) => {
      const data = (window as unknown as { shopData?: { shop: { office: { findOne: (id: string) => { exec: () => Promise<unknown> } } } } }).shopData;
      return !!(await data?.shop.office.findOne(id).exec());
    }, rose);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Списать' }).waitFor();
    await pickReference(page, 'Склад', 'у окна', 'Холодильник у окна');
    await page.getByLabel('Найти цветок или материал').fill('Freedom');
    await roses.click();
    // Two taps: how many, and why.
    await page.getByRole('group', { name: 'Количество' }).getByRole('button', { name: '5', exact: true }).click();
    await page.getByRole('group', { name: 'Причина' }).getByRole('button', { name: 'Завяли' }).click();
    const lines = page.getByRole('region', { name: 'Строки акта' });
    await lines.getByText('Роза Freedom — 5 шт. · Завяли').waitFor();
    // The chosen warehouse's balance already counts the line.
    await roses.filter({ hasText: '15 шт.' }).waitFor();
    await page.getByRole('button', { name: 'Списать (1)' }).click();
    await page.getByText('Списано строк: 1').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // The acts list and the waste, from the device: 5 × 90 ₽ of the month's 1 800 ₽ of purchases.
    await page.getByRole('link', { name: 'К списаниям' }).click();
    await page.getByRole('heading', { name: 'Списания' }).waitFor();
    const acts = page.getByRole('table', { name: 'Акты списания' });
    await acts.getByText('Роза Freedom — 5 шт. · Завяли').waitFor();
    await acts.getByText('ждёт отправки').waitFor();
    await expect.poll(() => page.locator('.waste__total').innerText()).toMatch(/Потеряно на 450\s₽ — 25\s%\sзакупок \(1\s800\s₽\)/);
    await page.getByRole('table', { name: 'Потери по причинам' }).getByRole('row', { name: /Завяли\s+450\s₽\s+25\s%/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await officeOnServer(shop, 'slip')).toEqual([]);

    await context.setOffline(false);
    const [act] = await waitFor('the act on the server', async () => {
      const slips = await officeOnServer(shop, 'slip');
      return slips.length ? slips : undefined;
    }, 60_000);
    expect(act).toMatchObject({ createdBy: demoPhones.florist, updatedBy: demoPhones.florist, data: { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 5, reason: 'wilted', cost: 90 }] } });
    await acts.getByText('ждёт отправки').waitFor({ state: 'detached' });
    const stored = await shop.shop.storage.db('office').allDocs({ include_docs: true });
    const book = balanceBookOf(stored.rows.flatMap((r) => (r.doc ? [{ ...(r.doc as unknown as OfficeRecord), id: r.id }] : [])));
    expect(book.balance(rose, cold)).toBe(15);
    expect(await officeOnServer(shop, 'slip')).toHaveLength(1);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[13]/.test(e))).toEqual([]);
    await context.close();
  });
});

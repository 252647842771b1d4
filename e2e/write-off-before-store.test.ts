import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { holdFiles, waitFor } from './journeys';
import { contextAs, officeOnServer, pickReference } from './admin-journeys';
import { twentyRosesInTheCold } from '../server/testing/record-saver';

/**
 * A florist opening «Списать» right after signing in sees what to write off at once (issue 32, item 1): with the device
 * store's code held back, the form offers the warehouses, the flowers the chosen one holds with their balances, the
 * quantities and the reasons from what the server wrote into the page. An act made then waits for the store, is
 * written there and reaches the server once it opens, at the cost of the page's purchase prices.
 */
describe('the write-off form before the device store', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('offers the choices from the page and sends an act made before the store opened', async () => {
    const { shop } = journey();
    const manager = await signIn(shop.url, demoPhones.manager);
    const { cold, rose } = await twentyRosesInTheCold(shop.url, manager);

    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    const { release } = await holdFiles(context, /\/assets\/open-device-[^/]*\.js$/);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/slips/new');
    await page.getByRole('heading', { name: 'Списать' }).waitFor();
    await pickReference(page, 'Склад', 'у окна', 'Холодильник у окна');
    // What this cold room holds: the roses, not the eucalyptus at 0; the store has not opened.
    const choices = page.getByRole('group', { name: 'Цветы и материалы' }).getByRole('button');
    await choices.filter({ hasText: 'Роза Freedom' }).filter({ hasText: '20 шт.' }).waitFor();
    expect(await choices.allInnerTexts()).toHaveLength(1);
    await choices.filter({ hasText: 'Роза Freedom' }).click();
    await page.getByRole('group', { name: 'Количество' }).getByRole('button', { name: '5', exact: true }).click();
    await page.getByRole('group', { name: 'Причина' }).getByRole('button', { name: 'Завяли' }).click();
    await page.getByRole('region', { name: 'Строки акта' }).getByText('Роза Freedom — 5 шт. · Завяли').waitFor();
    await choices.filter({ hasText: '15 шт.' }).waitFor();
    await page.getByRole('button', { name: 'Списать (1)' }).click();
    expect(await page.evaluate(() => 'shopData' in window)).toBe(false);
    expect(await officeOnServer(shop, 'slip')).toEqual([]);

    // The store opens: the act is written there, the form says so, and it is pushed as every act.
    release();
    await page.getByText('Списано строк: 1').waitFor();
    const [act] = await waitFor('the act on the server', async () => {
      const slips = await officeOnServer(shop, 'slip');
      return slips.length ? slips : undefined;
    }, 60_000);
    expect(act).toMatchObject({ createdBy: demoPhones.florist, data: { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 5, reason: 'wilted', cost: 90 }] } });
    // Once the device holds the studio's records the form reads them: the balance counts the act.
    await choices.filter({ hasText: 'Роза Freedom' }).filter({ hasText: '15 шт.' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

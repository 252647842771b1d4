import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { demoPhones, signIn } from '../server/testing/test-shop';
import { recordSaver } from '../server/testing/record-saver';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs, officeOnServer } from './admin-journeys';
import { holdFiles, waitFor } from './journeys';

const hydrated = () => Object.keys(document.querySelector('.write-off') ?? {}).some((key) => key.startsWith('__reactFiber'));

/**
 * The write-off form the server drew for a florist (issue 32, item 1), as the board, the order page and the dashboard
 * are: read before the app runs (its heading, the warehouse and the flowers it holds are the server's HTML), hydrated
 * without a mismatch once the entry runs, the same elements taken over, and an act made then written on the device and
 * sent to the server, once.
 */
describe('the write-off form drawn by the server', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });
  /** Roses on the showcase (the seed's «Витрина»), the warehouse the form starts with: the first by name. */
  const rosesOnTheShowcase = async (variety: string) => {
    const { shop } = journey();
    const made = recordSaver(shop.url, await signIn(shop.url, demoPhones.manager));
    const rose = await made('flowers', { name: 'Роза', variety, unit: 'pcs', price: 250 });
    await made('invoices', { day: today(), warehouse: 'warehouse-showcase', lines: [{ flower: rose, qty: 20, price: 90 }], status: 'posted' });
    return rose;
  };

  it('shows the form and a flower to write off with the app’s entry cut off', async () => {
    await rosesOnTheShowcase('Explorer');
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    await context.route(/\/assets\/index-[^/]*\.js$/, (r) => r.abort());
    const page = await context.newPage();
    await page.goto('/admin/slips/new');
    await page.getByRole('heading', { level: 1, name: 'Списать' }).waitFor();
    const rose = page.getByRole('group', { name: 'Цветы и материалы' }).getByRole('button', { name: /Роза Explorer/ });
    await rose.waitFor();
    // Not to be picked before the tab has taken the page over (the pick would be lost).
    expect(await rose.isDisabled()).toBe(true);
    // No script of the app ran: the page is the server's HTML alone.
    expect(await page.evaluate(hydrated)).toBe(false);
    await context.close();
  });

  it('hydrates it without a console error, the same elements, and an act made then reaches the server once', async () => {
    const roseId = await rosesOnTheShowcase('Freedom');
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    // The app's entry is held back: what shows before it is the server's HTML alone.
    const { release, asked: entryAsked } = await holdFiles(context, /\/assets\/index-[^/]*\.js$/);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/slips/new', { waitUntil: 'commit' });
    const rose = page.getByRole('group', { name: 'Цветы и материалы' }).getByRole('button', { name: /Роза Freedom/ });
    await rose.waitFor();
    const sameElements = () =>
      page.evaluate(() => {
        const w = window as unknown as { drawnForm: Element; drawnChips: Element };
        return w.drawnForm === document.querySelector('.write-off') && w.drawnChips === document.querySelector('.write-off .chips');
      });
    await page.evaluate(() => Object.assign(window, { drawnForm: document.querySelector('.write-off'), drawnChips: document.querySelector('.write-off .chips') }));
    expect(await rose.isDisabled()).toBe(true);
    // A key wakes the page's boot script, which asks for the entry.
    await page.keyboard.press('Shift');
    await expect.poll(() => entryAsked()).toBe(true);
    release();
    await page.waitForFunction(hydrated);
    // React took the server's elements as its own: the same ones.
    expect(await sameElements()).toBe(true);
    await expect.poll(() => rose.isEnabled()).toBe(true);
    await rose.click();
    await page.getByRole('group', { name: 'Количество' }).getByRole('button', { name: '5', exact: true }).click();
    await page.getByRole('group', { name: 'Причина' }).getByRole('button', { name: 'Завяли' }).click();
    await page.getByRole('button', { name: 'Списать (1)' }).click();
    // Written on the device (its store opened for it if it was not yet) and pushed: the server holds the act, once.
    await page.getByText('Списано строк: 1').waitFor();
    const acts = await waitFor('the act on the server', async () => {
      const slips = await officeOnServer(journey().shop, 'slip');
      return slips.length ? slips : undefined;
    }, 60_000);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ createdBy: demoPhones.florist, data: { day: today(), warehouse: 'warehouse-showcase', lines: [{ flower: roseId, qty: 5, reason: 'wilted', cost: 90 }] } });
    // Shown from the device now, the balance counting the act, still the same elements: nothing remounted.
    await rose.filter({ hasText: '15 шт.' }).waitFor();
    expect(await sameElements()).toBe(true);
    expect(await officeOnServer(journey().shop, 'slip')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

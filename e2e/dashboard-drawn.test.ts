import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { today } from '../schema/shared/day';
import { officeRecord, type OfficeRecord } from '../schema/shared/record';
import { shopEvent } from '../schema/studio/orders/event';
import { toSynced } from '../server/db/synced';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs } from './admin-journeys';
import { holdFiles } from './journeys';

const aTask = (id: string, title: string): OfficeRecord =>
  officeRecord.parse({
    id, type: 'task', v: 1, title, day: today(), createdBy: demoPhones.manager, createdAt: 1, updatedBy: demoPhones.manager, updatedAt: 1,
    data: { title, assignee: '', due: today(), status: 'todo', note: '' },
  });

const hydrated = () => Object.keys(document.querySelector('.admin-dashboard') ?? {}).some((key) => key.startsWith('__reactFiber'));

/**
 * The dashboard the server drew for a florist (issue 32, item 1), as the board and the order page are: read before the
 * app runs (its heading, today's tasks and events are the server's HTML), hydrated without a mismatch once the entry
 * runs, the same elements taken over, and a task ticked then written on the device and sent to the server.
 */
describe('the dashboard drawn by the server', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });
  const putToday = async (t: OfficeRecord, eventTitle: string) => {
    const { storage } = journey().shop.shop;
    await storage.db('office').put({ _id: t.id, ...toSynced(t) });
    const event = shopEvent.parse({ id: `${t.id}-event`, title: eventTitle, day: today(), type: 'event', meta: { author: demoPhones.manager, createdAt: 1 } });
    await storage.db('events').put({ _id: event.id, ...toSynced(event) });
  };

  it('shows today’s tasks and events with the app’s entry cut off', async () => {
    const t = aTask('dash-drawn-no-entry', 'Протереть витрину холодильника');
    await putToday(t, 'Приезд поставщика тюльпанов');
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    await context.route(/\/assets\/index-[^/]*\.js$/, (r) => r.abort());
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Рабочий стол' }).waitFor();
    await page.getByRole('link', { name: t.title }).waitFor();
    await page.getByText('Приезд поставщика тюльпанов').waitFor();
    // No script of the app ran: the page is the server's HTML alone.
    expect(await page.evaluate(hydrated)).toBe(false);
    await context.close();
  });

  it('hydrates it without a console error, the same elements, and a task ticked then reaches the server', async () => {
    const t = aTask('dash-drawn-tick', 'Заказать ленты и крафт');
    await putToday(t, 'Мастер-класс по весенним букетам');
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    // The app's entry is held back: what shows before it is the server's HTML alone.
    const { release, asked: entryAsked } = await holdFiles(context, /\/assets\/index-[^/]*\.js$/);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin', { waitUntil: 'commit' });
    const tick = page.getByLabel(`Готово: ${t.title}`);
    await tick.waitFor();
    await page.getByText('Мастер-класс по весенним букетам').waitFor();
    const sameElements = () =>
      page.evaluate((label) => {
        const w = window as unknown as { drawnDesk: Element; drawnTick: Element };
        return w.drawnDesk === document.querySelector('.admin-dashboard') && w.drawnTick === document.querySelector(`[aria-label="${label}"]`);
      }, `Готово: ${t.title}`);
    await page.evaluate((label) => Object.assign(window, { drawnDesk: document.querySelector('.admin-dashboard'), drawnTick: document.querySelector(`[aria-label="${label}"]`) }), `Готово: ${t.title}`);
    // Not to be ticked before the tab has taken the page over (the tick would be lost).
    expect(await tick.isDisabled()).toBe(true);
    // A key wakes the page's boot script, which asks for the entry.
    await page.keyboard.press('Shift');
    await expect.poll(() => entryAsked()).toBe(true);
    release();
    await page.waitForFunction(hydrated);
    // React took the server's elements as its own: the same ones.
    expect(await sameElements()).toBe(true);
    await expect.poll(() => tick.isEnabled()).toBe(true);
    await tick.check();
    // Written on the device (its store opened for it) and pushed: the server holds the task done.
    await expect
      .poll(async () => {
        const stored = await journey().shop.shop.storage.db('office').get<{ data: { status?: string } }>(t.id);
        return stored.data.status;
      }, { timeout: 90_000 })
      .toBe('done');
    // Shown from the device now (its store open, pulled and answered), still the same elements: nothing remounted.
    await page.locator('.today-tasks[data-from="device"]').waitFor();
    expect(await tick.isChecked()).toBe(true);
    expect(await sameElements()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

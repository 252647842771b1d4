import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { sampleOrder } from '../client/data/sample-orders';
import { today } from '../schema/shared/day';
import { toSynced } from '../server/db/synced';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs } from './admin-journeys';
import { holdFiles } from './journeys';

/**
 * A florist's first open of the back-office does not wait for the device's store (issue 32, item 1): with the store's
 * code held back, the shell and the dashboard's heading show, and the orders board shows the day's orders the
 * server wrote into its page.
 */
describe('the back-office before the device store', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows the shell, the dashboard and the board drawn from the page while the store is held back', async () => {
    const order = sampleOrder(5, today(), { id: 'before-store-order-1' });
    await journey().shop.shop.storage.db('studio-orders').put({ _id: order.id, ...toSynced(order) });
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    // The device store's chunk (RxDB, Dexie) is held back until the checks below are done.
    const { release } = await holdFiles(context, /\/assets\/open-device-[^/]*\.js$/);
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await page.getByRole('navigation', { name: 'Разделы мастерской' }).waitFor();
    await page.goto('/admin/orders');
    const card = page.locator('.order-card', { hasText: order.recipient.name });
    await card.waitFor();
    expect(await page.locator('.order-card').count()).toBe(1);
    expect(await page.evaluate(() => 'shopData' in window)).toBe(false);
    // Filters opened before the store opened stay open when the board turns to the device's orders.
    await page.getByRole('button', { name: 'Фильтры' }).click();
    await page.getByRole('searchbox').waitFor();
    // Once the store opens and pulls, the board reads the device: the same card, no empty day between.
    release();
    await page.waitForFunction(() => 'shopData' in window);
    await card.waitFor();
    expect(await page.locator('.order-card').count()).toBe(1);
    await page.getByRole('searchbox').fill(order.recipient.name, { timeout: 10_000 });
    await card.waitFor();
    await context.close();
  });

  it('hydrates the board the server drew for the florist: the same elements, taken over without a mismatch', async () => {
    const order = sampleOrder(8, today(), { id: 'before-store-order-drawn' });
    await journey().shop.shop.storage.db('studio-orders').put({ _id: order.id, ...toSynced(order) });
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    // The app's entry is held back: what shows before it is the server's HTML alone.
    const { release } = await holdFiles(context, /\/assets\/index-[^/]*\.js$/);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/orders', { waitUntil: 'commit' });
    const card = page.locator('.order-card', { hasText: order.recipient.name });
    await card.waitFor();
    await page.getByRole('button', { name: 'Меню' }).waitFor();
    await page.evaluate(() => Object.assign(window, { drawnCard: document.querySelector('.order-card'), drawnMenu: document.querySelector('.admin-nav__toggle') }));
    release();
    // Hydrated (React has taken the drawn button as its own): the menu button answers, and it is the element the
    // server drew, as is the card.
    await page.waitForFunction(() => Object.keys(document.querySelector('.admin-nav__toggle') ?? {}).some((key) => key.startsWith('__reactFiber')));
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('button', { name: 'Закрыть меню' }).waitFor();
    expect(
      await page.evaluate(() => {
        const drawn = window as unknown as { drawnCard: Element; drawnMenu: Element };
        return [drawn.drawnCard === document.querySelector('.order-card'), drawn.drawnMenu === document.querySelector('.admin-nav__toggle')];
      }),
    ).toEqual([true, true]);
    // The store opens (the first touch) and the board reads the device: still the same card, not drawn again.
    await card.dispatchEvent('pointerdown');
    await page.waitForFunction(() => 'shopData' in window);
    type Device = { shopData: { shop: { orders: { findOne: (id: string) => { exec: () => Promise<unknown> } } } } };
    await expect.poll(() => page.evaluate(async (id) => !!(await (window as unknown as Device).shopData.shop.orders.findOne(id).exec()), order.id), { timeout: 90_000 }).toBe(true);
    await card.waitFor();
    expect(await page.evaluate(() => (window as unknown as { drawnCard: Element }).drawnCard === document.querySelector('.order-card'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks for the store's code only once the board's drawn orders are on the page", async () => {
    const order = sampleOrder(6, today(), { id: 'before-store-order-2' });
    await journey().shop.shop.storage.db('studio-orders').put({ _id: order.id, ...toSynced(order) });
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    const page = await context.newPage();
    // What the page showed when it asked for the store's chunk (RxDB, Dexie), read while that request waits.
    const asked: boolean[] = [];
    await context.route(/\/assets\/open-device-[^/]*\.js$/, async (r) => {
      asked.push(await page.evaluate(() => !!document.querySelector('.order-card')).catch(() => false));
      await r.continue().catch(() => {});
    });
    await page.goto('/admin/orders');
    await page.waitForFunction(() => 'shopData' in window);
    expect(asked).toEqual([true]);
    await context.close();
  });

  it('runs the entry and opens the store on a first open of the drawn board when the florist first touches the page, not while it is idle before', async () => {
    const order = sampleOrder(7, today(), { id: 'before-store-order-3' });
    await journey().shop.shop.storage.db('studio-orders').put({ _id: order.id, ...toSynced(order) });
    const context = await contextAs(journey(), demoPhones.florist, { width: 390, height: 844 });
    // Timers of a second or more never fire here: the store's opening a while after load is left out, its other ways in stay.
    await context.addInitScript(() => {
      const timer = window.setTimeout;
      window.setTimeout = ((run: () => void, ms?: number) => ((ms ?? 0) >= 1000 ? 0 : timer(run, ms))) as typeof setTimeout;
    });
    const page = await context.newPage();
    const storeAsked: string[] = [];
    const entryAsked: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/open-device-[^/]*\.js$/.test(request.url())) storeAsked.push(request.url());
      if (/\/assets\/index-[^/]*\.js$/.test(request.url())) entryAsked.push(request.url());
    });
    await page.goto('/admin/orders');
    await page.locator('.order-card', { hasText: order.recipient.name }).waitFor();
    // The page has loaded, painted the board and has nothing left to do: the store's code was not asked for.
    await page.evaluate(() => new Promise<void>((done) => (document.readyState === 'complete' ? done() : addEventListener('load', () => done(), { once: true }))));
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestIdleCallback(() => requestIdleCallback(() => done())))));
    expect(storeAsked).toEqual([]);
    expect(await page.evaluate(() => 'shopData' in window)).toBe(false);
    // Nor was the app's entry (client/public/board-boot.js): the drawn board is read without it, and React has not
    // taken it over.
    expect(entryAsked).toEqual([]);
    expect(await page.evaluate(() => Object.keys(document.querySelector('.admin-nav__toggle') ?? {}).some((key) => key.startsWith('__reactFiber')))).toBe(false);
    // A touch opens it: the entry runs, hydrates the board, and the board turns to the device's orders.
    await page.locator('.order-card', { hasText: order.recipient.name }).dispatchEvent('pointerdown');
    await page.waitForFunction(() => 'shopData' in window);
    expect(storeAsked.length).toBe(1);
    expect(entryAsked.length).toBe(1);
    await context.close();
  });
});

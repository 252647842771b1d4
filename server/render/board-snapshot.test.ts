import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { sampleOrder } from '../../client/data/sample-orders';
import { nextDay, today } from '../../schema/shared/day';
import { boardSnapshot, boardSnapshotElementId, orderSnapshot, orderSnapshotElementId } from '../../schema/studio/orders/board-snapshot';
import { toSynced } from '../db/synced';
import { drawnUserOf, getPage, jsonScriptOf, rootOf } from '../testing/drawn-pages';
import { studioOrdersDb } from '../orders/spread';

const snapshotOf = (html: string) => jsonScriptOf(html, boardSnapshotElementId, boardSnapshot);

const drawnOrderOf = (html: string) => jsonScriptOf(html, orderSnapshotElementId, orderSnapshot);

/**
 * The orders board's first content (issue 32, item 1): the page of /admin/orders carries the studio's orders of the
 * days its address shows, for staff only, so the board shows before the device's store has opened and pulled.
 */
describe('the board drawn into the page', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const day = today();
  const tomorrow = nextDay(day);
  const orders = [
    sampleOrder(1, day, { id: 'board-snapshot-today-1' }),
    sampleOrder(2, day, { id: 'board-snapshot-today-2' }),
    sampleOrder(3, tomorrow, { id: 'board-snapshot-tomorrow' }),
  ];
  const get = (path: string, cookie?: string) => getPage(shop.url + path, cookie);
  beforeAll(async () => {
    if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: npx vite build first (npm test does it)');
    shop = await startTestShop();
    await shop.shop.storage.db(studioOrdersDb).bulkDocs(orders.map((o) => ({ _id: o.id, ...toSynced(o) })));
  });
  afterAll(() => shop?.close());

  it("gives a florist today's orders, for no shared cache", async () => {
    const { status, html, cache } = await get('/admin/orders', await signIn(shop.url, demoPhones.florist));
    expect(status).toBe(200);
    const drawn = snapshotOf(html);
    expect(drawn).toMatchObject({ from: day, to: day });
    expect(drawn?.orders.map((o) => o.id).sort()).toEqual(['board-snapshot-today-1', 'board-snapshot-today-2']);
    expect(drawn?.orders.find((o) => o.id === 'board-snapshot-today-1')).toEqual(orders[0]);
    expect(cache).toBe('private, no-cache');
  });

  it("draws the board for the florist, with the user it was drawn for, and nothing for anyone else", async () => {
    const { html } = await get('/admin/orders', await signIn(shop.url, demoPhones.florist));
    const root = rootOf(html);
    expect(root).toContain('id="orders-board-title"');
    expect(root).toContain(orders[0].recipient.name);
    expect(root).not.toContain(orders[2].recipient.name);
    expect(drawnUserOf(html)?.phone).toBe(demoPhones.florist);
    // Styled at its first paint: the staff shell's and the board's styles are named in the head.
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/orders-board-[\w-]+\.css">/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/admin-shell-[\w-]+\.css">/);
    for (const cookie of [undefined, await signIn(shop.url, '79005550101')]) {
      const page = (await get('/admin/orders', cookie)).html;
      expect(rootOf(page)).toBe('');
      expect(drawnUserOf(page)).toBeNull();
    }
  });

  it('gives the days the address asks, as the board reads them', async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    expect(snapshotOf((await get(`/admin/orders?from=${tomorrow}`, florist)).html)?.orders.map((o) => o.id)).toEqual(['board-snapshot-tomorrow']);
    expect(snapshotOf((await get(`/admin/orders?from=${tomorrow}&to=${day}`, florist)).html)?.orders).toHaveLength(3);
    // A new order is in the next page at once: the index follows the database.
    const late = sampleOrder(4, tomorrow, { id: 'board-snapshot-late' });
    await shop.shop.storage.db(studioOrdersDb).put({ _id: late.id, ...toSynced(late) });
    expect(snapshotOf((await get(`/admin/orders?from=${tomorrow}`, florist)).html)?.orders.map((o) => o.id).sort()).toEqual(['board-snapshot-late', 'board-snapshot-tomorrow']);
  });

  it('gives nothing to a guest or a customer, nor on another page', async () => {
    for (const cookie of [undefined, await signIn(shop.url, '79005550101')]) {
      const { html, cache } = await get('/admin/orders', cookie);
      expect(snapshotOf(html)).toBeNull();
      expect(html).not.toContain('board-snapshot-today-1');
      expect(cache).toBe('no-cache');
    }
    const florist = await signIn(shop.url, demoPhones.florist);
    for (const path of ['/admin', '/admin/orders/board-snapshot-today-1', '/']) expect(snapshotOf((await get(path, florist)).html)).toBeNull();
  });

  it("gives an order page's order to staff, by id or by number, and to no one else", async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    const { html, cache } = await get('/admin/orders/board-snapshot-today-2', florist);
    expect(drawnOrderOf(html)).toEqual({ key: 'board-snapshot-today-2', order: orders[1] });
    expect(cache).toBe('private, no-cache');
    expect(drawnOrderOf((await get(`/admin/orders/${orders[2].number}`, florist)).html)).toEqual({ key: String(orders[2].number), order: orders[2] });
    expect(drawnOrderOf((await get('/admin/orders/no-such-order', florist)).html)).toBeNull();
    for (const path of ['/admin/orders', '/admin/orders/new', '/admin/orders/board-snapshot-today-2/x']) expect(drawnOrderOf((await get(path, florist)).html)).toBeNull();
    for (const cookie of [undefined, await signIn(shop.url, '79005550101')]) {
      const page = await get('/admin/orders/board-snapshot-today-2', cookie);
      expect(drawnOrderOf(page.html)).toBeNull();
      expect(page.html).not.toContain(orders[1].recipient.name);
      expect(page.cache).toBe('no-cache');
    }
  });
});

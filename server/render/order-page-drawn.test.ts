import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { sampleOrder } from '../../client/data/sample-orders';
import { today } from '../../schema/shared/day';
import { orderSnapshotElementId } from '../../schema/studio/orders/staff-snapshot-ids';
import { orderTitle } from '../../schema/studio/orders/order-number';
import { statusName } from '../../schema/studio/orders/order-lifecycle';
import { toSynced } from '../db/synced';
import { drawnUserOf, getPage, rootOf } from '../testing/drawn-pages';
import { studioOrdersDb } from '../orders/spread';
import { renderer, rendererFile } from './renderer';

/**
 * The order page drawn by the server for a staff member who may read the studio's orders (issue 32, item 1), as the
 * board is: its HTML in #root, read before the app runs (`board-boot.js` in place of the entry, with the page's chunks),
 * and for nobody else.
 */
describe('the order page drawn by the server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const order = sampleOrder(7, today(), { id: 'drawn-order-page', status: 'new', recipient: { name: 'Ариадна Получательница', phone: '79001112233' } });
  const get = (path: string, cookie?: string) => getPage(shop.url + path, cookie);
  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npm run build first (npm test does it)');
    shop = await startTestShop();
    await shop.shop.storage.db(studioOrdersDb).put({ _id: order.id, ...toSynced(order) });
  });
  afterAll(() => shop?.close());

  it("draws the order for a florist, by id and by number: number, recipient, lines and status, the user beside it, for no shared cache", async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    for (const key of [order.id, String(order.number)]) {
      const { status, html, cache } = await get(`/admin/orders/${key}`, florist);
      expect(status).toBe(200);
      expect(cache).toBe('private, no-cache');
      const root = rootOf(html);
      expect(root).toContain(`data-order="${order.id}"`);
      expect(root).toContain(orderTitle(order.number));
      expect(root).toContain(order.recipient.name);
      expect(root).toContain(order.lines[0].name);
      expect(root).toContain(statusName(order.status));
      // The shell is the staff member's: their menu came with it.
      expect(root).toContain('href="/admin/orders"');
      expect(drawnUserOf(html)?.phone).toBe(demoPhones.florist);
      expect(html).toContain(`<script id="${orderSnapshotElementId}" type="application/json">`);
    }
  });

  it('is read before the app runs: its styles in the head, the entry and its chunks named for the boot script only', async () => {
    const { html } = await get(`/admin/orders/${order.id}`, await signIn(shop.url, demoPhones.florist));
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/order-page-[\w-]+\.css">/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/admin-shell-[\w-]+\.css">/);
    expect(html).not.toMatch(/<script type="module"[^>]*src="\/assets\/index-/);
    const boot = /<script defer src="\/board-boot\.js" data-entry="([^"]+)" data-chunks="([^"]*)"><\/script>/.exec(html);
    expect(boot?.[1]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(boot?.[2].split(' ').some((file) => /^\/assets\/order-page-[\w-]+\.js$/.test(file))).toBe(true);
    // The board's page names the board's chunk, not the order page's: each screen its own list.
    const board = (await get('/admin/orders', await signIn(shop.url, demoPhones.florist))).html;
    expect(board).not.toMatch(/order-page-[\w-]+\.(js|css)/);
  });

  it('draws nothing for a guest or a customer, and gives them no order', async () => {
    for (const cookie of [undefined, await signIn(shop.url, '79005550101')]) {
      const { html, cache } = await get(`/admin/orders/${order.id}`, cookie);
      expect(rootOf(html)).toBe('');
      expect(drawnUserOf(html)).toBeNull();
      expect(html).not.toContain(order.recipient.name);
      expect(html).not.toContain('board-boot.js');
      expect(cache).toBe('no-cache');
    }
  });

  it('draws no page for an order the server does not hold', async () => {
    const { html } = await get('/admin/orders/no-such-order', await signIn(shop.url, demoPhones.florist));
    expect(rootOf(html)).toBe('');
    expect(drawnUserOf(html)).toBeNull();
  });

  it('leaves a page undrawn when its screen suspends: a snapshot of another order than the address', async () => {
    const render = await renderer(rendererFile('dist'))();
    const florist = { phone: demoPhones.florist, name: 'Флорист', roles: ['florist' as const], isAdmin: false };
    const drawn = await render?.staff?.(`/admin/orders/${order.id}`, florist, { order: { key: order.id, order } });
    expect(drawn).toContain(orderTitle(order.number));
    // The order page then waits for the device's store: React writes the fallback of a boundary left to the browser.
    expect(await render?.staff?.(`/admin/orders/${order.id}`, florist, { order: { key: 'another-order', order } })).toBeNull();
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { writeOffSnapshotElementId } from '../../schema/studio/orders/staff-snapshot-ids';
import { writeOffSnapshot } from '../../schema/studio/stock/write-off-snapshot';
import { today } from '../../schema/shared/day';
import { recordSaver } from '../testing/record-saver';
import { drawnUserOf, getPage, jsonScriptOf, rootOf } from '../testing/drawn-pages';

const snapshotOf = (html: string) => jsonScriptOf(html, writeOffSnapshotElementId, writeOffSnapshot);

/**
 * The write-off form (`/admin/slips/new`) drawn by the server for a florist (issue 32, item 1), as the board, the order
 * page and the dashboard are: the warehouse, the flowers the snapshot gives and the reasons in its HTML, read before
 * the app runs, not to be used until the tab has taken it over; for nobody else.
 */
describe('the write-off form drawn by the server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const get = (path: string, cookie?: string) => getPage(shop.url + path, cookie);
  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npm run build first (npm test does it)');
    shop = await startTestShop();
    // On the showcase (the seed's «Витрина»), the warehouse the form starts with: the first by name.
    const made = recordSaver(shop.url, await signIn(shop.url, demoPhones.manager));
    const rose = await made('flowers', { name: 'Роза', variety: 'Freedom', unit: 'pcs', price: 250 });
    await made('invoices', { day: today(), warehouse: 'warehouse-showcase', lines: [{ flower: rose, qty: 20, price: 90 }], status: 'posted' });
  });
  afterAll(() => shop?.close());

  it('draws the form with the warehouse and the flowers of its snapshot for a florist, its controls disabled, for no shared cache', async () => {
    const { status, html, cache } = await get('/admin/slips/new', await signIn(shop.url, demoPhones.florist));
    expect(status).toBe(200);
    expect(cache).toBe('private, no-cache');
    const root = rootOf(html);
    expect(root).toContain('<h1>Списать</h1>');
    expect(root).toMatch(/<option value="warehouse-showcase" selected="">Витрина<\/option>/);
    expect(root).toMatch(/<span>Роза Freedom<\/span><span class="chip__note">20 шт\.<\/span>/);
    // The choices are the server's, not to be used before the tab has taken the page over (a pick would be lost).
    expect(root).toMatch(/<fieldset class="write-off__step" disabled="">/);
    expect(root).toMatch(/<select id="[^"]+" disabled="">/);
    expect(drawnUserOf(html)?.phone).toBe(demoPhones.florist);
    expect(snapshotOf(html)?.records.some((r) => r.title === 'Роза Freedom')).toBe(true);
  });

  it('is read before the app runs: its styles in the head, the entry and its chunks named for the boot script only', async () => {
    const { html } = await get('/admin/slips/new', await signIn(shop.url, demoPhones.florist));
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/admin-shell-[\w-]+\.css">/);
    expect(html).not.toMatch(/<script type="module"[^>]*src="\/assets\/index-/);
    const boot = /<script defer src="\/board-boot\.js" data-entry="([^"]+)" data-chunks="([^"]*)"><\/script>/.exec(html);
    expect(boot?.[1]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(boot?.[2].split(' ').some((file) => /^\/assets\/screens-[\w-]+\.js$/.test(file))).toBe(true);
  });

  it('leaves a form reopened from a refused act to the tab: its choices in the page, undrawn', async () => {
    const { html } = await get('/admin/slips/new?from=refused-act', await signIn(shop.url, demoPhones.florist));
    expect(rootOf(html)).toBe('');
    expect(html).not.toContain('board-boot.js');
    expect(snapshotOf(html)?.records.some((r) => r.title === 'Роза Freedom')).toBe(true);
  });

  it('draws nothing for a guest or a customer, and gives them no choice', async () => {
    for (const cookie of [undefined, await signIn(shop.url, '79005550101')]) {
      const { html, cache } = await get('/admin/slips/new', cookie);
      expect(rootOf(html)).toBe('');
      expect(drawnUserOf(html)).toBeNull();
      expect(snapshotOf(html)).toBeNull();
      expect(html).not.toContain('Роза Freedom');
      expect(html).not.toContain('board-boot.js');
      expect(cache).toBe('no-cache');
    }
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { addDays, today } from '../../schema/shared/day';
import { dashboardSnapshotElementId } from '../../schema/studio/orders/staff-snapshot-ids';
import { dashboardSnapshot } from '../../schema/studio/orders/dashboard-snapshot';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { shopEvent, type ShopEvent } from '../../schema/studio/orders/event';
import { toSynced } from '../db/synced';
import { drawnUserOf, getPage, jsonScriptOf, rootOf } from '../testing/drawn-pages';

const snapshotOf = (html: string) => jsonScriptOf(html, dashboardSnapshotElementId, dashboardSnapshot);

const aTask = (id: string, title: string, due: string, status: 'todo' | 'done', dueTime?: string): OfficeRecord =>
  officeRecord.parse({
    id, type: 'task', v: 1, title, day: due, createdBy: demoPhones.manager, createdAt: 1, updatedBy: demoPhones.manager, updatedAt: 1,
    data: { title, assignee: '', due, status, note: '', ...(dueTime ? { dueTime } : {}) },
  });

const anEvent = (id: string, title: string, day: string): ShopEvent => shopEvent.parse({ id, title, day, type: 'event', meta: { author: demoPhones.manager, createdAt: 1 } });

/**
 * The dashboard (`/admin`) drawn by the server for a staff member who may read the calendar and the tasks (issue 32,
 * item 1), as the board and the order page are: today's events and tasks in its HTML, read before the app runs, and
 * for nobody else.
 */
describe('the dashboard drawn by the server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const day = today();
  const dueToday = aTask('dash-task-today', 'Полить розы в холодильнике', day, 'todo', '09:30');
  const leftOver = aTask('dash-task-leftover', 'Вернуть вёдра поставщику', addDays(day, -1), 'todo');
  const doneYesterday = aTask('dash-task-done-before', 'Разобрать вчерашнюю поставку', addDays(day, -1), 'done');
  const tomorrow = aTask('dash-task-tomorrow', 'Собрать свадебную арку', addDays(day, 1), 'todo');
  const todays = anEvent('dash-event-today', 'Дегустация чая с поставщиком', day);
  const yesterdays = anEvent('dash-event-before', 'Вчерашняя встреча с флористами', addDays(day, -1));
  const get = (path: string, cookie?: string) => getPage(shop.url + path, cookie);
  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npm run build first (npm test does it)');
    shop = await startTestShop();
    const office = shop.shop.storage.db('office');
    for (const t of [dueToday, leftOver, doneYesterday, tomorrow]) await office.put({ _id: t.id, ...toSynced(t) });
    for (const e of [todays, yesterdays]) await shop.shop.storage.db('events').put({ _id: e.id, ...toSynced(e) });
  });
  afterAll(() => shop?.close());

  it("draws today's tasks and events for a florist, the user beside them, for no shared cache", async () => {
    const { status, html, cache } = await get('/admin', await signIn(shop.url, demoPhones.florist));
    expect(status).toBe(200);
    expect(cache).toBe('private, no-cache');
    const root = rootOf(html);
    expect(root).toContain('Рабочий стол');
    expect(root).toContain(dueToday.title);
    expect(root).toContain(leftOver.title);
    expect(root).toContain(todays.title);
    // Not today's: a task done on an earlier day, a task of tomorrow, an event of yesterday.
    for (const absent of [doneYesterday.title, tomorrow.title, yesterdays.title]) expect(html).not.toContain(absent);
    // The tick box is the server's too, not to be pressed before the tab has taken the page over.
    expect(root).toMatch(new RegExp(`<input type="checkbox" class="task-tick" disabled="" aria-label="Готово: ${dueToday.title}"`));
    expect(drawnUserOf(html)?.phone).toBe(demoPhones.florist);
    const snapshot = snapshotOf(html);
    expect(snapshot?.day).toBe(day);
    expect(snapshot?.tasks.map((t) => t.id)).toEqual(expect.arrayContaining([dueToday.id, leftOver.id]));
    expect(snapshot?.tasks.map((t) => t.id)).not.toContain(doneYesterday.id);
    expect(snapshot?.events.map((e) => e.id)).toContain(todays.id);
  });

  it('is read before the app runs: its styles in the head, the entry and its chunks named for the boot script only', async () => {
    const { html } = await get('/admin', await signIn(shop.url, demoPhones.florist));
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/admin-shell-[\w-]+\.css">/);
    expect(html).not.toMatch(/<script type="module"[^>]*src="\/assets\/index-/);
    const boot = /<script defer src="\/board-boot\.js" data-entry="([^"]+)" data-chunks="([^"]*)"><\/script>/.exec(html);
    expect(boot?.[1]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(boot?.[2].split(' ').some((file) => /^\/assets\/dashboard-page-[\w-]+\.js$/.test(file))).toBe(true);
    // The board's page does not name the dashboard's chunk: each screen its own list.
    const board = (await get('/admin/orders', await signIn(shop.url, demoPhones.florist))).html;
    expect(board).not.toMatch(/dashboard-page-[\w-]+\.js/);
  });

  it('draws nothing for a guest or a customer, and gives them no task or event', async () => {
    for (const cookie of [undefined, await signIn(shop.url, '79005550101')]) {
      const { html, cache } = await get('/admin', cookie);
      expect(rootOf(html)).toBe('');
      expect(drawnUserOf(html)).toBeNull();
      expect(snapshotOf(html)).toBeNull();
      expect(html).not.toContain(dueToday.title);
      expect(html).not.toContain(todays.title);
      expect(html).not.toContain('board-boot.js');
      expect(cache).toBe('no-cache');
    }
  });
});

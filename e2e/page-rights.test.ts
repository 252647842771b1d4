import { describe, expect, it } from 'vitest';
import type { Page as Tab } from 'playwright-core';
import type { Page } from '../schema/shop/page';
import { call, demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs, outcomeOf } from './admin-journeys';

/** A published page every shop has (server/seed/pages.ts). */
const key = 'info';

const stored = async (url: string) => (await call<{ data: Page }>(url, '/api/pages/get', { slug: key })).body.data;

/** Every call the tab makes to the pages' API that would write: drafts and publishing. */
const watchPageWrites = (tab: Tab) => {
  const writes: string[] = [];
  tab.on('request', (r) => {
    if (/\/api\/pages\/(update|draft)$/.test(new URL(r.url()).pathname)) writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
};

/**
 * Issue 22, item 1: only an admin saves pages (spec §6: «Creating or updating pages is performed only when the
 * current user is admin; otherwise the call is skipped»). The spec lets any staff member open the two editors
 * (/admin/pages-editor, /admin/pages-editor3: «none stated»), and keeps the pages' list (/admin/pages) for admins. A
 * florist and a manager see the editors and their preview but are offered no save, and the tab makes no call; the
 * same call sent with their session straight to the server is refused 403 in Russian, and the page stays as it was.
 */
describe('who may save a page', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  for (const who of ['florist', 'manager'] as const) {
    it(`a ${who} opens the editors but cannot save, neither from the screen nor by calling the API`, async () => {
      const before = await stored(journey().shop.url);
      const context = await contextAs(journey(), demoPhones[who]);
      const tab = await context.newPage();
      const errors = watchErrors(tab);
      const writes = watchPageWrites(tab);

      expect((await outcomeOf(tab, '/admin/pages')).outcome).toBe('denied');

      for (const [path, heading] of [
        ['/admin/pages-editor', 'Редактор страницы'],
        ['/admin/pages-editor3', 'Простой редактор'],
      ] as const) {
        await tab.goto(`${path}?key=${key}`);
        await tab.getByRole('heading', { name: heading }).waitFor();
        await tab.getByRole('note').filter({ hasText: 'Сохранять и публиковать страницы может только администратор' }).waitFor();
        // The page as published is there to edit, and the preview follows what is typed.
        const title = tab.getByLabel('Заголовок страницы');
        // The published copy arrives by the device's pages sync, which a loaded machine may not have finished yet.
        await expect.poll(() => title.inputValue(), { timeout: 30_000 }).toBe(before.value.title);
        await title.fill(`Правка: ${who}`);
        await tab.getByLabel('Предпросмотр').getByRole('heading', { name: `Правка: ${who}`, level: 1 }).waitFor();
        // No save is offered: both buttons are disabled, and neither a click nor Enter on them sends anything.
        for (const name of ['Сохранить черновик', 'Опубликовать']) {
          const button = tab.getByRole('button', { name });
          expect(await button.isDisabled(), `${path}: ${name}`).toBe(true);
          await button.click({ force: true });
          await button.press('Enter');
        }
      }
      expect(writes).toEqual([]);

      // The same calls straight to the server with this session: 403 and a Russian reason.
      const value = { ...before.value, title: `Правка: ${who}` };
      for (const [route, body] of [
        ['/api/pages/update', { key, value }],
        ['/api/pages/update', { ...before, value }],
        ['/api/pages/draft', { key, value }],
      ] as const) {
        const answer = await tab.request.post(route, { data: body });
        expect(answer.status(), route).toBe(403);
        expect(((await answer.json()) as { error: string }).error, route).toBe('Недостаточно прав');
      }

      // Nor around the API: a push to /db/pages, as a device pushes, is answered as a refused conflict with the reason.
      const { _rev } = (await journey().shop.shop.storage.db('pages').get(key)) as { _rev: string };
      const pushed = await tab.request.post('/db/pages/_bulk_docs', { data: { docs: [{ _id: key, _rev, key, value, updatedAt: Date.now() }] } });
      expect(await pushed.json()).toEqual([{ id: key, error: 'conflict', reason: 'Недостаточно прав для изменения этих данных', rejected: true }]);

      // Nothing changed: the stored page, the drafts an admin sees, the page a bot reads.
      expect(await stored(journey().shop.url)).toEqual(before);
      const admin = await contextAs(journey(), demoPhones.admin);
      const drafts = await admin.request.post('/api/pages/drafts', { data: {} });
      expect(((await drafts.json()) as { data: { items: { key: string }[] } }).data.items.map((d) => d.key)).not.toContain(key);
      await admin.close();
      const html = await (await fetch(`${journey().shop.url}/${key}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text();
      expect(html).toContain(before.value.title);
      expect(html).not.toContain(`Правка: ${who}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const [path, heading] of [
    ['/admin/pages-editor', 'Редактор страницы'],
    ['/admin/pages-editor3', 'Простой редактор'],
  ] as const) {
    it(`${path} opened before the device has pulled the page says it is loading, not an empty page, and then shows the page`, async () => {
      const before = await stored(journey().shop.url);
      const context = await contextAs(journey(), demoPhones.admin);
      // The pages' pull is held back until the editor is open: a device signed in a moment ago has not pulled them.
      let release = () => {};
      const pulled = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/db/pages/**', async (route) => (await pulled, route.continue().catch(() => undefined)));
      const tab = await context.newPage();
      const errors = watchErrors(tab);
      await tab.goto(`${path}?key=${key}`);
      await tab.getByRole('status').filter({ hasText: 'Загружаем страницу…' }).waitFor({ timeout: 30_000 });
      expect(await tab.getByLabel('Заголовок страницы').count()).toBe(0);
      // A new page waits for nothing: its empty form is there while the pull is still held.
      const fresh = await context.newPage();
      await fresh.goto(`${path}?key=novaya-stranica&isNew=true`);
      await fresh.getByRole('heading', { name: heading }).waitFor({ timeout: 30_000 });
      expect(await fresh.getByLabel('Заголовок страницы').inputValue()).toBe('');
      await fresh.close();
      release();
      await tab.getByRole('heading', { name: heading }).waitFor({ timeout: 30_000 });
      await expect.poll(() => tab.getByLabel('Заголовок страницы').inputValue(), { timeout: 30_000 }).toBe(before.value.title);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

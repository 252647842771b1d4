import { launchBrowser, type TestShop } from '../e2e/harness';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { task } from '../schema/entities/task';
import type { OfficeRecord } from '../schema/shared/record';
import { median, row } from './load';

const day0 = Date.parse('2026-01-01T00:00:00Z');

/** n tasks as a studio's year would hold them: due over the year, a third done, varied titles. */
const benchTasks = (n: number): OfficeRecord[] =>
  Array.from({ length: n }, (_, i) => {
    const data = task.fields.parse({
      title: `Задача ${i + 1}: ${['собрать букет', 'принять поставку', 'полить растения', 'позвонить клиенту'][i % 4]}`,
      due: new Date(day0 + (i % 365) * 86_400_000).toISOString().slice(0, 10),
      dueTime: `${String(9 + (i % 12)).padStart(2, '0')}:00`,
      status: (['todo', 'doing', 'done'] as const)[i % 3],
    });
    return {
      id: `bench-task-${String(i).padStart(6, '0')}`,
      type: 'task', v: task.version, title: data.title, day: data.due,
      createdBy: demoPhones.florist, createdAt: day0 + i, updatedBy: demoPhones.florist, updatedAt: day0 + i, data,
    };
  });

/**
 * A florist's tasks list with `n` tasks on her device: time from following the menu link until the first page of
 * the list is on screen (RxDB query, sort, render), beside a plain read of the same documents straight from the
 * IndexedDB store RxDB keeps them in, in the same page.
 */
export const benchTasksFromDevice = async (shop: TestShop, n = 5000, runs = 5) => {
  const office = shop.shop.storage.db('office');
  const tasks = benchTasks(n);
  for (let i = 0; i < tasks.length; i += 500) await office.bulkDocs(tasks.slice(i, i + 500).map(({ id, ...rest }) => ({ _id: id, ...rest })));

  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: shop.url, viewport: { width: 1280, height: 800 } });
  const cookie = await signIn(shop.url, demoPhones.florist);
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: shop.url }]);
  const { body } = await call<{ user: unknown }>(shop.url, '/api/user', undefined, cookie, 'GET');
  await context.addInitScript((user) => localStorage.setItem('shop:user', user), JSON.stringify(body.user));
  const page = await context.newPage();
  await page.goto('/admin/tasks');
  await page.getByText(`всего ${n}`).waitFor({ timeout: 120_000 });

  const shown: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    shown.push(
      await page.evaluate(async (total) => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>('.admin-nav a')].find((a) => a.textContent === 'Задачи')!;
        const started = performance.now();
        link.click();
        for (;;) {
          const pager = document.querySelector('.record-list__pager span')?.textContent ?? '';
          if (pager.includes(`всего ${total}`) && document.querySelectorAll('.record-list tbody tr').length === 20) return performance.now() - started;
          await new Promise((r) => requestAnimationFrame(r));
        }
      }, n),
    );
    plain.push(
      await page.evaluate(async () => {
        const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((d) => /shop.*office/.test(d))!;
        const started = performance.now();
        const db = await new Promise<IDBDatabase>((ok, ko) => Object.assign(indexedDB.open(name), { onsuccess(this: IDBRequest<IDBDatabase>) { ok(this.result); }, onerror: ko }));
        const store = [...db.objectStoreNames].find((s) => s === 'docs') ?? db.objectStoreNames[0];
        const docs = await new Promise<unknown[]>((ok, ko) => Object.assign(db.transaction(store).objectStore(store).getAll(), { onsuccess(this: IDBRequest<unknown[]>) { ok(this.result); }, onerror: ko }));
        db.close();
        if (docs.length < 5000) throw new Error(`read ${docs.length} documents from ${name}/${store}`);
        return performance.now() - started;
      }),
    );
  }
  await browser.close();
  row(`tasks list, ${n} tasks on the device (median of ${runs})`, `${median(shown).toFixed(0)} ms`, 'plain IndexedDB read of the same docs', `${median(plain).toFixed(0)} ms`, median(shown) / median(plain));
};

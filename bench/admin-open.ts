import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { contextAs } from '../e2e/admin-journeys';
import { startJourney } from '../e2e/harness';
import { sampleOrder } from '../client/data/sample-orders';
import { today } from '../schema/shared/day';
import { demoPhones } from '../server/testing/test-shop';
import { toSynced } from '../server/db/synced';
import { median, row } from './load';

/** Lighthouse's mobile preset as far as a page's own time goes: a 390 px phone whose CPU is four times slower. */
const phone = { width: 390, height: 844 };
const slowdown = 4;

/** Milliseconds from the navigation's start until `selector` is on the page, by the page's own clock. */
const shownAt = async (page: Page, path: string, selector: string) => {
  await page.goto(path, { waitUntil: 'commit' });
  const handle = await page.waitForFunction((s) => (document.querySelector(s) ? performance.now() : 0), selector, { polling: 'raf', timeout: 120_000 });
  return Number(await handle.jsonValue());
};

/**
 * `npm run bench -- admin`: a florist's first open of a back-office screen right after signing in (a fresh profile: no
 * service worker, an empty device store, no code cached) and its reopen (the same tab loading the address again),
 * until the screen's content is on the page, on a 390 px phone with the CPU slowed four times; median of `runs` fresh
 * profiles. Baseline, same run and settings: the storefront's home page with its scripts blocked (the server's HTML and
 * CSS alone), until its product cards show.
 */
export const benchAdminOpen = async (runs = 3) => {
  // `BENCH_BEFORE_DIST=dir` (a dir with another build's dist/ and dist-server/): that build too, run for run in turn
  // with this one, so a before/after compares the same moments of a shared machine.
  const before = process.env.BENCH_BEFORE_DIST;
  const builds = [{ label: '', journey: await startJourney() }, ...(before ? [{ label: ' [before]', journey: await startJourney({ distDir: join(before, 'dist') }) }] : [])];
  try {
    const day = today();
    const orders = Array.from({ length: 20 }, (_, i) => sampleOrder(i, day, { id: `bench-open-${String(i).padStart(6, '0')}` }));
    for (const { journey } of builds) await journey.shop.shop.storage.db('studio-orders').bulkDocs(orders.map((o) => ({ _id: o.id, ...toSynced(o) })));
    const screens = [
      ['/admin', '/admin', '.admin-dashboard h1'],
      ['/admin/orders', '/admin/orders', '.order-card'],
      ['an order page', `/admin/orders/${orders[0].id}`, '.order-page[data-order]'],
      ['/admin/slips/new', '/admin/slips/new', '.write-off .chips'],
    ] as const;

    const floor: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await builds[0].journey.newContext(phone);
      await context.route(/\.js$/, (r) => r.abort());
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      floor.push(await shownAt(page, '/', '.card__name'));
      await context.close();
    }
    const base = median(floor);

    for (const [name, path, selector] of screens) {
      const first = builds.map((): number[] => []);
      const again = builds.map((): number[] => []);
      for (let i = 0; i < runs; i++) {
        for (const [b, { journey }] of builds.entries()) {
          const context = await contextAs(journey, demoPhones.florist, phone);
          const page = await context.newPage();
          await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
          first[b].push(await shownAt(page, path, selector));
          again[b].push(await shownAt(page, path, selector));
          await context.close();
        }
      }
      for (const [b, { label }] of builds.entries()) {
        row(`${name}, first open (390 px, CPU ×${slowdown})${label}`, `${median(first[b]).toFixed(0)} ms`, 'home page, scripts blocked', `${base.toFixed(0)} ms`, median(first[b]) / base);
        row(`${name}, reopen${label}`, `${median(again[b]).toFixed(0)} ms`, 'home page, scripts blocked', `${base.toFixed(0)} ms`, median(again[b]) / base);
      }
    }
  } finally {
    for (const { journey } of builds) await journey.close();
  }
};

import type { Page } from 'playwright-core';
import { contextAs } from '../e2e/admin-journeys';
import { startJourney } from '../e2e/harness';
import { sampleOrder } from '../client/data/sample-orders';
import { today } from '../schema/shared/day';
import { demoPhones } from '../server/testing/test-shop';
import { toSynced } from '../server/db/synced';

/**
 * `npx tsx bench/admin-probe.ts [path] [selector]`: one florist's first open of a back-office screen (390 px, CPU ×4,
 * a fresh profile) and what it waited for, read from the page itself: when the content showed, the scripts fetched
 * before it (and their sizes), the long tasks before it, and every layout shift with the elements that moved. Not a
 * bench row (one run, no baseline): the timeline behind `npm run bench -- admin` (issue 32, item 1).
 */
const observe = () => {
  const w = window as unknown as { probe: { shifts: { at: number; value: number; sources: string[] }[]; long: { at: number; ms: number }[] } };
  w.probe = { shifts: [], long: [] };
  const name = (n: Node | null) => {
    if (!(n instanceof Element)) return String(n?.nodeName);
    return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.trim().split(/\s+/).join('.')}` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] })[])
      if (!e.hadRecentInput) w.probe.shifts.push({ at: Math.round(e.startTime), value: Number(e.value.toFixed(4)), sources: (e.sources ?? []).map((s) => name(s.node)) });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.probe.long.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
};

const probe = async (page: Page, path: string, selector: string) => {
  await page.goto(path, { waitUntil: 'commit' });
  const handle = await page.waitForFunction((s) => (document.querySelector(s) ? performance.now() : 0), selector, { polling: 'raf', timeout: 120_000 });
  const shown = Number(await handle.jsonValue());
  // Shifts after the content showed count too (CLS): wait until the store has opened and a moment after.
  await page.waitForFunction(() => performance.getEntriesByName('shop:store-opened').length > 0, undefined, { timeout: 120_000 });
  await page.waitForTimeout(3000);
  return page.evaluate((shown) => {
    const w = window as unknown as { probe: { shifts: { at: number; value: number; sources: string[] }[]; long: { at: number; ms: number }[] } };
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.endsWith('.js') || r.name.endsWith('.css'))
      .map((r) => ({ file: r.name.replace(/^.*\/assets\//, ''), start: Math.round(r.startTime), end: Math.round(r.responseEnd), kb: Math.round(r.encodedBodySize / 1024) }));
    return {
      shown: Math.round(shown),
      storeOpened: Math.round(performance.getEntriesByName('shop:store-opened')[0]?.startTime ?? -1),
      fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
      beforeContent: scripts.filter((s) => s.start < shown),
      kbBeforeContent: scripts.filter((s) => s.start < shown).reduce((a, s) => a + s.kb, 0),
      after: scripts.filter((s) => s.start >= shown).map((s) => `${s.file} @${s.start}`),
      longBefore: w.probe.long.filter((l) => l.at < shown),
      longAfter: w.probe.long.filter((l) => l.at >= shown),
      cls: Number(w.probe.shifts.reduce((a, s) => a + s.value, 0).toFixed(4)),
      shifts: w.probe.shifts,
    };
  }, shown);
};

const [path = '/admin/orders', selector = '.order-card'] = process.argv.slice(2);
// `PROBE_DIST=dir`: another build's dist/ (a before/after).
const journey = await startJourney(process.env.PROBE_DIST ? { distDir: process.env.PROBE_DIST } : {}, { serviceWorker: false });
try {
  const day = today();
  const orders = Array.from({ length: 20 }, (_, i) => sampleOrder(i, day, { id: `probe-open-${String(i).padStart(6, '0')}` }));
  await journey.shop.shop.storage.db('studio-orders').bulkDocs(orders.map((o) => ({ _id: o.id, ...toSynced(o) })));
  const context = await contextAs(journey, demoPhones.florist, { width: 390, height: 844 });
  await context.addInitScript(observe);
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const at = path.replace('{id}', orders[0].id);
  console.log(JSON.stringify({ path: at, load: (await import('node:os')).loadavg().map((l) => l.toFixed(1)), first: await probe(page, at, selector) }, null, 1));
  await context.close();
} finally {
  await journey.close();
  process.exit(0);
}

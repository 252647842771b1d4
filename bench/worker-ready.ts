import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath, type TestShop } from '../e2e/harness';
import { median, row } from './load';

/**
 * Issue 32, item 5: how long after a first visit's load the service worker is active (the moment a reload could be
 * served offline), with Lighthouse's mobile CPU preset (×4 slower), beside the page's own load event in the same visit.
 * Five fresh profiles; medians.
 */
export const benchWorkerReady = async (shop: TestShop) => {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const loads: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${shop.url}/`);
    const [loaded, active] = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return [nav.loadEventEnd, performance.now()];
    });
    loads.push(loaded);
    ready.push(active);
    await context.close();
  }
  await browser.close();
  const m = median(ready);
  const l = median(loads);
  row('worker active after a first visit, CPU ×4', `${Math.round(m)} ms`, 'the same page’s load event', `${Math.round(l)} ms`, m / l);
};

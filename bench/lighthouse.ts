import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumFlags, chromiumPath } from '../e2e/harness';
import type { TestShop } from '../e2e/harness';
import { demoProducts } from '../server/seed/products';
import { call, demoPhones, signIn } from '../server/testing/test-shop';

interface Figures {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** Script bytes on the wire (Lighthouse's transfer sizes), all of them. */
  js: number;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Lighthouse's runs of one page vary by several points on a shared machine: as Lighthouse CI does, the median run of several counts. */
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 5);

const numericOf = (lhr: Report, id: string) => lhr.audits[id]?.numericValue ?? NaN;

const figuresOf = (lhr: Report): Figures => {
  const numeric = (id: string) => numericOf(lhr, id);
  const summary = lhr.audits['resource-summary']?.details;
  const items = summary && 'items' in summary ? (summary.items as { resourceType?: string; transferSize?: number }[]) : [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    js: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
  };
};

/** A staff member signed in before the audit: the session's cookie and the user a sign-in leaves in the tab's storage. */
interface SignedIn {
  cookie: string;
  user: string;
}

/**
 * One Lighthouse run with its mobile preset (the default config) in a fresh Chromium profile. Signed in: the profile
 * gets the session and the stored user first (as a sign-in leaves them), and Lighthouse keeps that storage; the
 * profile is new, so the device store and the code cache are empty all the same (a first open after signing in).
 */
const audit = async (url: string, blockScripts: boolean, as?: SignedIn): Promise<Report> => {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? chromiumPath, chromeFlags: ['--headless=new', ...chromiumFlags] });
  try {
    if (as) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const [context] = browser.contexts();
      const [name, value] = as.cookie.split('=');
      // The cookie for the whole site: one set for the page's address has that folder's path (/admin/), so /api/user
      // never got it, the florist was nobody and Lighthouse measured the sign-in page it was sent to.
      await context.addCookies([{ name, value, url: new URL('/', url).href }]);
      const page = await context.newPage();
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate((user) => localStorage.setItem('shop:user', user), as.user);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], blockedUrlPatterns: blockScripts ? ['*.js'] : [], disableStorageReset: !!as });
    if (!result) throw new Error(`Lighthouse gave nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
};

const shown = (f: Figures) => `${f.score} · LCP ${(f.lcp / 1000).toFixed(1)} s · CLS ${f.cls.toFixed(3)} · TBT ${Math.round(f.tbt)} ms · JS ${(f.js / 1024).toFixed(1)} KiB`;

/**
 * `npm run bench -- lighthouse`: Lighthouse's mobile preset against the production build as the server sends it, for
 * the home page, a category and a product page, each the median run of `LIGHTHOUSE_RUNS` (5; Lighthouse's
 * `computeMedianRun`, as Lighthouse CI), with every run's score; beside each, the floor measured in the same run: the
 * same page with every script blocked (the server's HTML and CSS alone).
 */
export const benchLighthouse = async (shop: TestShop) => {
  const product = demoProducts.find((p) => p.isActive && !p.isHidden && p.category === 'monobouquets')!;
  const pages = [
    ['home /', '/'],
    [`category /items/${product.category}`, `/items/${product.category}`],
    [`product /items/${product.id}`, `/items/${product.id}`],
  ] as const;
  for (const [name, path] of pages) {
    const served: Report[] = [];
    for (let i = 0; i < runs; i++) served.push(await audit(shop.url + path, false));
    const median = computeMedianRun(served);
    // LIGHTHOUSE_REPORTS=<folder>: the median run's whole report kept, to read what a figure is made of (its shifts, its long tasks).
    if (process.env.LIGHTHOUSE_REPORTS) fs.writeFileSync(`${process.env.LIGHTHOUSE_REPORTS}/${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`, JSON.stringify(median));
    const page = figuresOf(median);
    const scores = served.map((r) => figuresOf(r).score);
    const floor = figuresOf(await audit(shop.url + path, true));
    console.log(`Lighthouse mobile, ${name}`.padEnd(46));
    console.log(`  ${`median of ${runs}`.padEnd(16)} ${shown(page)} (scores ${scores.join(', ')})`);
    console.log(`  ${'floor (no JS)'.padEnd(16)} ${shown(floor)}   | score ×${(page.score / Math.max(1, floor.score)).toFixed(2)}`);
  }
};

/**
 * `npm run bench -- lighthouse-admin`: Lighthouse's mobile preset on /admin/orders as a florist who has just signed
 * in (a fresh profile each run, the median of `LIGHTHOUSE_RUNS`), beside the floor of the same run: the home page with
 * every script blocked.
 */
export const benchLighthouseAdmin = async (shop: TestShop) => {
  const cookie = await signIn(shop.url, demoPhones.florist);
  const { body } = await call<{ user: unknown }>(shop.url, '/api/user', undefined, cookie, 'GET');
  const as = { cookie, user: JSON.stringify(body.user) };
  const served: Report[] = [];
  for (let i = 0; i < runs; i++) served.push(await audit(`${shop.url}/admin/orders`, false, as));
  const page = figuresOf(computeMedianRun(served));
  const floor = figuresOf(await audit(`${shop.url}/`, true));
  console.log('Lighthouse mobile, /admin/orders as a florist'.padEnd(46));
  console.log(`  ${`median of ${runs}`.padEnd(16)} ${shown(page)} · FCP ${(numericOf(computeMedianRun(served), 'first-contentful-paint') / 1000).toFixed(1)} s (scores ${served.map((r) => figuresOf(r).score).join(', ')})`);
  console.log(`  ${'home, no JS'.padEnd(16)} ${shown(floor)}   | score ×${(page.score / Math.max(1, floor.score)).toFixed(2)}`);
};

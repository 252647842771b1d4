import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumFlags, chromiumPath } from '../e2e/harness';
import type { TestShop } from '../e2e/harness';
import { demoProducts } from '../server/seed/products';

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

const figuresOf = (lhr: Report): Figures => {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
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

/** One Lighthouse run with its mobile preset (the default config) in a fresh Chromium profile. */
const audit = async (url: string, blockScripts: boolean): Promise<Report> => {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? chromiumPath, chromeFlags: ['--headless=new', ...chromiumFlags] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], blockedUrlPatterns: blockScripts ? ['*.js'] : [] });
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
    const page = figuresOf(computeMedianRun(served));
    const scores = served.map((r) => figuresOf(r).score);
    const floor = figuresOf(await audit(shop.url + path, true));
    console.log(`Lighthouse mobile, ${name}`.padEnd(46));
    console.log(`  ${`median of ${runs}`.padEnd(16)} ${shown(page)} (scores ${scores.join(', ')})`);
    console.log(`  ${'floor (no JS)'.padEnd(16)} ${shown(floor)}   | score ×${(page.score / Math.max(1, floor.score)).toFixed(2)}`);
  }
};

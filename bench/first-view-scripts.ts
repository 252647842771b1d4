import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/harness';
import { demoProducts } from '../server/seed/products';
import { startTestShop } from '../server/testing/test-shop';

/**
 * `npx tsx bench/first-view-scripts.ts` after a build: every script a first visit of `/`, a category and a product
 * page fetches until the page is loaded and the network has been quiet for a while (what Lighthouse counts as
 * «JavaScript as sent»), with its bytes on the wire (brotli, headers included, as Lighthouse's transfer size), in a
 * fresh Chromium profile. Runs in seconds without Lighthouse, so two builds can be compared on a loaded machine
 * (`DIST_DIR` serves another build's `dist/`). A tool for finding what grew, not a figure beside a baseline.
 */
const product = demoProducts.find((p) => p.isActive && !p.isHidden && p.category === 'monobouquets')!;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', `/items/${product.category}`, `/items/${product.id}`];
const shop = await startTestShop();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
for (const path of paths) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts: Promise<[string, number]>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(request.sizes().then((s) => [new URL(request.url()).pathname, s.responseBodySize + s.responseHeadersSize]));
  });
  await page.goto(shop.url + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const seen = (await Promise.all(scripts)).sort((a, b) => b[1] - a[1]);
  console.log(`${path}: ${seen.length} scripts, ${kib(seen.reduce((n, [, bytes]) => n + bytes, 0))} on the wire`);
  for (const [name, bytes] of seen) console.log(`  ${kib(bytes).padStart(10)}  ${name}`);
  await context.close();
}
await browser.close();
await shop.close();
process.exit(0);

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser, type TestShop } from '../e2e/harness';
import { median, row } from './load';

const gzipSize = (file: string) => zlib.gzipSync(new Uint8Array(fs.readFileSync(file))).length;

/** JavaScript and CSS the first view needs, gzipped: what index.html loads (one bundle serves every page). */
export const benchFirstViewBytes = (dist = 'dist') => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(js|css))"/g)].map((m) => ({ file: path.join(dist, m[1]), kind: m[2] }));
  const kb = (kind: string) => assets.filter((a) => a.kind === kind).reduce((n, a) => n + gzipSize(a.file), 0) / 1024;
  // No meaningful baseline in the same run: a size is a size. Printed for the trend between commits.
  console.log(`${'first view of home or a product: JS, gzip'.padEnd(46)} ${`${kb('js').toFixed(1)} KiB`.padStart(12)}`);
  console.log(`${'first view of home or a product: CSS, gzip'.padEnd(46)} ${`${kb('css').toFixed(1)} KiB`.padStart(12)}`);
};

/** Bytes on the wire for one GET, as the server sends them (no decompression). */
const sent = (url: string, acceptEncoding: string) =>
  new Promise<number>((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Uint8Array) => (bytes += c.length)).on('end', () => resolve(bytes));
    }).on('error', reject);
  });

/**
 * The first view's JavaScript as the real server sends it to a browser that takes brotli (what Chromium sends),
 * beside the same files sent uncompressed: the scripts and module preloads of the server's HTML for `/`.
 */
export const benchFirstViewAsSent = async (shop: TestShop) => {
  const html = await (await fetch(`${shop.url}/`)).text();
  const scripts = [...new Set([...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="(\/[^"]+\.js)"/g)].map((m) => m[1]))];
  const total = async (acceptEncoding: string) => {
    const answers = await Promise.all(scripts.map((s) => sent(shop.url + s, acceptEncoding)));
    return answers.reduce((n, bytes) => n + bytes, 0) / 1024;
  };
  const plain = await total('identity');
  const br = await total('gzip, deflate, br, zstd');
  const gz = await total('gzip, deflate');
  const kib = (n: number) => `${n.toFixed(1)} KiB`;
  row('first-view JS as sent, browser takes brotli', kib(br), 'same files sent uncompressed', kib(plain), br / plain);
  row('first-view JS as sent, browser takes gzip only', kib(gz), 'same files sent uncompressed', kib(plain), gz / plain);
};

/**
 * A returning visitor: the catalogue is already on the device. Time from navigation start until product
 * cards are on screen, beside the browser's first contentful paint of the same load.
 */
export const benchCatalogueFromDevice = async (shop: TestShop, runs = 5) => {
  const browser = await launchBrowser();
  const page = await (await browser.newContext({ baseURL: shop.url })).newPage();
  await page.goto('/');
  await page.locator('.card').first().waitFor();
  const shown: number[] = [];
  const painted: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.reload();
    await page.locator('.card').first().waitFor();
    shown.push(await page.evaluate(() => performance.now()));
    painted.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0));
  }
  await browser.close();
  row(`catalogue on screen from the device (median of ${runs})`, `${median(shown).toFixed(0)} ms`, 'first contentful paint, same loads', `${median(painted).toFixed(0)} ms`, median(shown) / median(painted));
};

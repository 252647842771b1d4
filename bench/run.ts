import { startTestShop, signIn, demoPhones } from '../server/testing/test-shop';
import { toSynced } from '../server/db/synced';
import { benchProducts } from './products';
import { categories } from '../schema/shop/category';
import type { Product } from '../schema/shop/product';
import { benchInitialSync, benchPush, benchPushOnCouch } from './sync';
import { benchList, benchListWhileWriting } from './api-load';
import { benchDurableWrites } from './durable';
import { benchCatalogueFromDevice, benchFirstViewAsSent, benchFirstViewBytes } from './storefront';
import { benchTasksFromDevice } from './office';
import { benchClientSearch } from './clients';
import { benchBoardDay } from './orders-board';
import { benchStatusRoundTrip } from './order-round-trip';
import { benchBoardInBrowser } from './board-in-browser';
import { benchLighthouse, benchLighthouseAdmin } from './lighthouse';
import { benchCalendarMonth } from './calendar';
import { benchAnalyticsYear } from './analytics';
import { benchHomeWhileUploading, benchItemImageUpload } from './item-images';
import { benchStockLedger } from './stock';
import { benchOfficePush, benchOfficePushOnCouch } from './office-push';
import { benchClusterRush } from './cluster-rush';
import { benchBackup } from './backup';
import { benchWorkerReady } from './worker-ready';
import { benchAdminOpen } from './admin-open';
import { benchReceipts } from './receipts';

/** npm run bench: each figure beside a baseline measured in the same run on this machine. */
const shopWith = async (n: number) => {
  const shop = await startTestShop({ seed: false });
  const catalog = shop.shop.storage.db('catalog');
  const items = benchProducts(n);
  for (let i = 0; i < items.length; i += 500) await catalog.bulkDocs(items.slice(i, i + 500).map((p) => ({ _id: p.id, ...toSynced(p) })));
  return shop;
};

const withCookie = (cookie: string) => {
  const plain = globalThis.fetch;
  globalThis.fetch = (input, init) => plain(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  return () => void (globalThis.fetch = plain);
};

/** The catalogue API at a size: list, filter, search, as a guest and as staff, and while the catalogue changes. */
const benchApi = async (n: number) => {
  const shop = await shopWith(n);
  const page = { skip: 0, limit: 20 };
  await benchList(shop, `list, ${n} items, guest`, [{ params: page, query: {} }]);
  await benchList(shop, `list, ${n} items, staff`, [{ params: page, query: {} }], await signIn(shop.url, demoPhones.florist));
  await benchList(shop, `filter (category, tags), page 3, ${n} items`, categories.slice(0, 4).map((c) => ({ params: { skip: 40, limit: 20 }, query: { category: c.id, tags: ['love'] } })));
  await benchList(shop, `search, 4 queries in turn, ${n} items`, ['розы', 'эвкалипт фисташка', `Тестовый ${n - 7}`, 'BN-10042'].map((name) => ({ params: page, query: { name } })));
  const catalog = shop.shop.storage.db('catalog');
  const change = (edit: (p: Omit<Product, 'id'>, i: number) => Omit<Product, 'id'>) => async (i: number) => {
    const doc = await catalog.get<Omit<Product, 'id'>>(`bench-${(i * 7919) % n}`);
    await catalog.put({ ...edit(doc, i), _id: doc._id, _rev: doc._rev });
  };
  await benchListWhileWriting(shop, `list while stock changes every 50 ms, ${n} items`, { params: page, query: {} }, change((p) => ({ ...p, count: (p.count + 1) % 20 })));
  await benchListWhileWriting(shop, `search while a name changes every 0.5 s, ${n} items`, { params: page, query: { name: 'розы' } }, change((p, i) => ({ ...p, name: `Букет «Правка ${i}» из роз`, rank: (p.rank + 13) % n })), 500);
  await shop.close();
};

console.log(`Цветочная мастерская — bench, ${new Date().toISOString()}, node ${process.version}`);
console.log(`${'measure'.padEnd(46)} ${'value'.padStart(12)}   | ${'baseline'.padEnd(40)} ${'value'.padStart(12)}   | ratio`);

// `npm run bench -- board`: the orders board's row only.
if (process.argv.includes('board')) {
  await benchBoardDay();
  await benchBoardInBrowser();
  process.exit(0);
}
// `npm run bench -- admin`: a florist's first open and reopen of back-office screens on a slowed phone (needs a build).
if (process.argv.includes('admin')) {
  await benchAdminOpen();
  process.exit(0);
}
// `npm run bench -- round-trip`: a status change between two staff devices only (needs a build).
if (process.argv.includes('round-trip')) {
  await benchStatusRoundTrip();
  process.exit(0);
}
// `npm run bench -- lighthouse-admin`: Lighthouse's mobile figures of /admin/orders as a florist only (needs a build).
// `BENCH_BEFORE_DIST=dir` (another build's dist/ and dist-server/): that build first, then this one, in one run.
if (process.argv.includes('lighthouse-admin')) {
  const before = process.env.BENCH_BEFORE_DIST;
  for (const distDir of [...(before ? [`${before}/dist`] : []), undefined]) {
    if (before) console.log(distDir ? '[before]' : '[this build]');
    const shop = await startTestShop(distDir ? { distDir } : {});
    await benchLighthouseAdmin(shop);
    await shop.close();
  }
  process.exit(0);
}
// `npm run bench -- lighthouse`: Lighthouse's mobile figures of public pages only (needs a build).
// `BENCH_BEFORE_DIST=dir` (another build's dist/ and dist-server/): that build first, then this one, in one run.
if (process.argv.includes('lighthouse')) {
  const before = process.env.BENCH_BEFORE_DIST;
  for (const distDir of [...(before ? [`${before}/dist`] : []), undefined]) {
    if (before) console.log(distDir ? '[before]' : '[this build]');
    const shop = await startTestShop(distDir ? { distDir } : {});
    await benchLighthouse(shop);
    await shop.close();
  }
  process.exit(0);
}
// `npm run bench -- worker`: how soon a first visit's service worker is active (needs a build).
if (process.argv.includes('worker')) {
  const shop = await startTestShop();
  await benchWorkerReady(shop);
  await shop.close();
  process.exit(0);
}
// `npm run bench -- couch`: pushes through the gateway onto CouchDB only (the stand-in, or BENCH_COUCHDB_URL).
if (process.argv.includes('couch')) {
  await benchPushOnCouch();
  process.exit(0);
}
// `npm run bench -- office-couch`: write-offs pushed through /db/office onto CouchDB only (the stand-in, or BENCH_COUCHDB_URL).
if (process.argv.includes('office-couch')) {
  await benchOfficePushOnCouch();
  process.exit(0);
}
// `npm run bench -- office-push`: 1,000 write-offs pushed through /db/office's write pipeline only.
if (process.argv.includes('office-push')) {
  await benchOfficePush();
  await benchOfficePushOnCouch();
  process.exit(0);
}
// `npm run bench -- cluster`: the two-app-server order rush only (the stand-in, and BENCH_COUCHDB_URL if set).
if (process.argv.includes('cluster')) {
  await benchClusterRush();
  process.exit(0);
}
// `npm run bench -- backup`: a backup and a restore of 10,000 documents only.
if (process.argv.includes('backup')) {
  await benchBackup();
  process.exit(0);
}
// `npm run bench -- receipts`: fiscal receipts through the queue to the ATOL stand-in only.
if (process.argv.includes('receipts')) {
  await benchReceipts();
  process.exit(0);
}
// `npm run bench -- stock`: stock balances over 200,000 movements only.
if (process.argv.includes('stock')) {
  await benchStockLedger();
  process.exit(0);
}
// `npm run bench -- calendar`: the calendar's month only.
if (process.argv.includes('calendar')) {
  await benchCalendarMonth(2000);
  process.exit(0);
}
// `npm run bench -- analytics`: /admin/analytics over a year of 50,000 orders only.
if (process.argv.includes('analytics')) {
  await benchAnalyticsYear(50_000);
  process.exit(0);
}

// `npm run bench -- images`: a catalogue photo's upload and resize, and the home page while big ones upload, only.
if (process.argv.includes('images')) {
  await benchItemImageUpload();
  await benchHomeWhileUploading();
  process.exit(0);
}
// `npm run bench -- clients`: the clients list's search only.
if (process.argv.includes('clients')) {
  const shop = await startTestShop();
  await benchClientSearch(shop);
  await shop.close();
  process.exit(0);
}
// `npm run bench -- api`: the catalogue API rows only.
const apiOnly = process.argv.includes('api');
for (const n of [1000, 10_000, 50_000]) await benchApi(n);
if (apiOnly) process.exit(0);

for (const n of [1000, 5000]) {
  const shop = await shopWith(n);
  await benchInitialSync(shop, n);
  await shop.close();
}

const seeded = await startTestShop();
const restore = withCookie(await signIn(seeded.url, demoPhones.florist));
await benchPush(seeded);
restore();
await benchPushOnCouch();
await benchDurableWrites();
await benchBackup();
await benchList(seeded, `list, demo catalogue, guest`, [{ params: { skip: 0, limit: 20 }, query: {} }]);
benchFirstViewBytes();
await benchFirstViewAsSent(seeded);
await benchCatalogueFromDevice(seeded);
await benchLighthouse(seeded);
await benchLighthouseAdmin(seeded);
await benchWorkerReady(seeded);
await seeded.close();

const studio = await startTestShop();
await benchTasksFromDevice(studio, 5000);
await benchClientSearch(studio);
await studio.close();
await benchCalendarMonth(2000);
await benchAnalyticsYear(50_000);
await benchItemImageUpload();
await benchHomeWhileUploading();
await benchStockLedger();
await benchReceipts();
await benchOfficePush();
await benchOfficePushOnCouch();
await benchClusterRush();
await benchBoardDay();
await benchBoardInBrowser();
await benchAdminOpen();
await benchStatusRoundTrip();
process.exit(0);

import { startTestShop, signIn, demoPhones } from '../server/testing/test-shop';
import { toSynced } from '../server/db/synced';
import { benchProducts } from './products';
import { benchInitialSync, benchPush } from './sync';
import { benchItemsList } from './api-load';
import { benchDurableWrites } from './durable';
import { benchCatalogueFromDevice, benchFirstViewAsSent, benchFirstViewBytes } from './storefront';
import { benchTasksFromDevice } from './office';

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

console.log(`Цветочная мастерская — bench, ${new Date().toISOString()}, node ${process.version}`);
console.log(`${'measure'.padEnd(46)} ${'value'.padStart(12)}   | ${'baseline'.padEnd(40)} ${'value'.padStart(12)}   | ratio`);

for (const n of [1000, 5000]) {
  const shop = await shopWith(n);
  await benchInitialSync(shop, n);
  if (n === 1000) await benchItemsList(shop, n);
  await shop.close();
}

const seeded = await startTestShop();
const restore = withCookie(await signIn(seeded.url, demoPhones.florist));
await benchPush(seeded);
restore();
await benchDurableWrites();
await benchItemsList(seeded, (await seeded.shop.storage.db('catalog').info()).doc_count);
benchFirstViewBytes();
await benchFirstViewAsSent(seeded);
await benchCatalogueFromDevice(seeded);
await seeded.close();

const studio = await startTestShop();
await benchTasksFromDevice(studio, 5000);
await studio.close();
process.exit(0);

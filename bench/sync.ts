import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { openLocalData } from '../client/data/database';
import { pushBatch, replicate } from '../client/data/sync/replicate';
import type { ShopEvent } from '../schema/event';
import type { TestShop } from '../e2e/harness';
import { row, timed } from './load';

const freshIdb = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

/** Initial pull of the whole catalogue into a new device database, as a first visit does. */
export const benchInitialSync = async (shop: TestShop, n: number) => {
  const data = await openLocalData(`bench${n}`, freshIdb());
  const [rxMs] = await timed(async () => {
    const r = replicate(data.shop.products, 'catalog', { base: shop.url, signals: () => null, waitForLeadership: false });
    await r.awaitInitialReplication();
    await r.cancel();
  });
  const count = await data.shop.products.count().exec();
  if (count !== n) throw new Error(`pulled ${count} of ${n}`);
  await data.shop.close();
  await data.dataSources.close();

  // Baseline: the same _changes pages over HTTP, written straight into a Dexie table on the same fake IndexedDB.
  const raw = new Dexie(`raw${n}`, freshIdb());
  raw.version(1).stores({ products: '_id' });
  const [rawMs] = await timed(async () => {
    let since: string | number = 0;
    for (;;) {
      const page = (await (await fetch(`${shop.url}/db/catalog/_changes?feed=normal&include_docs=true&style=all_docs&limit=200&since=${since}`)).json()) as {
        results: { doc: object }[];
        last_seq: string | number;
      };
      if (!page.results.length) break;
      await raw.table('products').bulkPut(page.results.map((r) => r.doc));
      since = page.last_seq;
    }
  });
  raw.close();
  row(`initial sync, ${n} products into RxDB`, `${rxMs.toFixed(0)} ms`, 'same pages into a plain Dexie table', `${rawMs.toFixed(0)} ms`, rxMs / rawMs);
};

const event = (i: number): ShopEvent => ({
  id: `bench-event-${String(i).padStart(5, '0')}`, source: 'admin', title: 'Продажа в мастерской', description: '', day: '2026-11-20', type: 'sell', sum: 1000 + i, data: {}, meta: { author: '79000000003', createdAt: 1 },
});

/** 1,000 calendar events written on a device and pushed to the server (checked one by one there). */
export const benchPush = async (shop: TestShop, n = 1000) => {
  const data = await openLocalData('benchpush', freshIdb());
  await data.shop.events.bulkInsert(Array.from({ length: n }, (_, i) => event(i)));
  const [rxMs] = await timed(async () => {
    const r = replicate(data.shop.events, 'events', { base: shop.url, signals: () => null, waitForLeadership: false, push: true });
    await r.awaitInSync();
    await r.cancel();
  });
  await data.shop.close();
  await data.dataSources.close();

  // Baseline: the same documents POSTed as _bulk_docs in the same batch size, with no local database.
  const docs = Array.from({ length: n }, (_, i) => {
    const { id, ...rest } = event(i + n);
    return { _id: id, ...rest };
  });
  const [rawMs] = await timed(async () => {
    for (let i = 0; i < docs.length; i += pushBatch) {
      await fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: docs.slice(i, i + pushBatch) }) });
    }
  });
  const stored = (await shop.shop.storage.db('events').info()).doc_count;
  if (stored < 2 * n) throw new Error(`server has ${stored} events, expected ${2 * n}`);
  row(`push ${n} events from RxDB`, `${((n / rxMs) * 1000).toFixed(0)} docs/s`, 'same docs as raw _bulk_docs', `${((n / rawMs) * 1000).toFixed(0)} docs/s`, rawMs / rxMs);
};

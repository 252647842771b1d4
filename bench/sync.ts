import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import PouchDB from 'pouchdb';
import Dexie from 'dexie';
import { openLocalData } from '../client/data/database';
import { replicate } from '../client/data/sync/replicate';
import { pushBatchOf } from '../schema/shared/databases';
import type { ShopEvent } from '../schema/studio/orders/event';
import type { TestShop } from '../e2e/harness';
import { couchRequest } from '../server/db/claim';
import { startCouchStandIn } from '../server/testing/couch-stand-in';
import { demoPhones, signIn, startTestShop } from '../server/testing/test-shop';
import { median, row, timed } from './load';

const pushBatch = pushBatchOf('events');

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

/** This run's mark in the events' ids: a real CouchDB keeps what an earlier run pushed, and the same ids would clash. */
const run = Date.now().toString(36);
const event = (i: number): ShopEvent => ({
  id: `bench-event-${run}-${String(i).padStart(6, '0')}`, source: 'admin', title: 'Продажа в мастерской', description: '', day: '2026-11-20', type: 'sell', sum: 1000 + i, data: {}, meta: { author: '79000000003', createdAt: 1 },
});
const asCouch = ({ id, ...rest }: ShopEvent) => ({ _id: id, ...rest });

/**
 * n events written on a device and pushed to the server (checked one by one there). `oneByOne`: one insert per
 * event, as the app writes them; otherwise one bulkInsert, which gives them one timestamp (RxDB then rescans that
 * group for every batch, an artefact the first version of this bench measured). `multiInstance`: RxDB's cross-tab
 * messaging, which in Node goes through temp files; a browser tab alone pays little for it.
 */
const rxPush = async (shop: TestShop, from: number, n: number, o: { oneByOne: boolean; multiInstance: boolean }) => {
  const data = await openLocalData(`benchpush${from}`, freshIdb(), undefined, { multiInstance: o.multiInstance });
  const events = Array.from({ length: n }, (_, i) => event(from + i));
  if (o.oneByOne) for (const e of events) await data.shop.events.insert(e);
  else await data.shop.events.bulkInsert(events);
  const [ms] = await timed(async () => {
    const r = replicate(data.shop.events, 'events', { base: shop.url, signals: () => null, waitForLeadership: false, push: true });
    await r.awaitInSync();
    await r.cancel();
  });
  await data.shop.close();
  await data.dataSources.close();
  return ms;
};

/** PouchDB's own replication of the same documents, from a local LevelDB into express-pouchdb without our gateway. */
const pouchReplicate = async (from: number, n: number) => {
  const couch = await startCouchStandIn();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-pouch-'));
  const local = new PouchDB(path.join(dir, 'events'));
  for (let i = 0; i < n; i++) await local.put(asCouch(event(from + i)));
  const remote = new PouchDB(`${couch.url}events`);
  const [ms] = await timed(() => PouchDB.replicate(local, remote, { batch_size: pushBatch }));
  const stored = (await remote.info()).doc_count;
  await local.close();
  await remote.close();
  await couch.close();
  await fs.rm(dir, { recursive: true, force: true });
  if (stored !== n) throw new Error(`PouchDB replicated ${stored} of ${n}`);
  return ms;
};

/** Pushes of 1,000 events as the app makes them, beside PouchDB's replication and raw _bulk_docs of the same documents. */
export const benchPush = async (shop: TestShop, n = 1000) => {
  // Baseline: the same documents POSTed through our gateway as _bulk_docs in the client's batch size, no local database.
  const docs = Array.from({ length: n }, (_, i) => asCouch(event(i)));
  const [rawMs] = await timed(async () => {
    for (let i = 0; i < docs.length; i += pushBatch) {
      await fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: docs.slice(i, i + pushBatch) }) });
    }
  });
  const raw = `${((n / rawMs) * 1000).toFixed(0)} docs/s`;
  const report = (what: string, ms: number) => row(what, `${((n / ms) * 1000).toFixed(0)} docs/s`, 'same docs as raw _bulk_docs', raw, rawMs / ms);

  report(`push ${n} events from RxDB, one insert each`, await rxPush(shop, n, n, { oneByOne: true, multiInstance: false }));
  report(`  same, with multiInstance (Node temp files)`, await rxPush(shop, 2 * n, n, { oneByOne: true, multiInstance: true }));
  report(`  same, inserted in one bulkInsert (old bench)`, await rxPush(shop, 3 * n, n, { oneByOne: false, multiInstance: false }));
  report(`PouchDB.replicate, same docs, no gateway`, await pouchReplicate(0, n));
  const stored = (await shop.shop.storage.db('events').info()).doc_count;
  if (stored < 4 * n) throw new Error(`server has ${stored} events, expected ${4 * n}`);
};

/**
 * Pushes through the gateway on a CouchDB store: there a batch is one `_bulk_docs`, its documents judged one by one
 * (a read of their leaves) only when CouchDB answers 202, so a write that some copies refused is answered as a
 * conflict (DECISIONS, «Device pushes on a cluster»); a 201 update costs a read of its leaves too. New documents
 * (no `_rev`, as these) are judged without a read of the stored ones first (DECISIONS, «Pushes close to the wire»). Beside the
 * same documents as raw `_bulk_docs` straight to that CouchDB. The CouchDB stand-in (express-pouchdb on LevelDB), or
 * a real one with `BENCH_COUCHDB_URL` (each run's events have ids of their own, so a cluster may be used again).
 */
export const benchPushOnCouch = async (n = 1000, rounds = 5) => {
  const standIn = process.env.BENCH_COUCHDB_URL ? null : await startCouchStandIn();
  const couchUrl = process.env.BENCH_COUCHDB_URL ?? standIn!.url;
  const shop = await startTestShop({ couchUrl });
  const cookie = await signIn(shop.url, demoPhones.florist);
  const couch = couchRequest(couchUrl.endsWith('/') ? couchUrl : `${couchUrl}/`);
  const docs = (from: number) => Array.from({ length: n }, (_, i) => asCouch(event(from + i)));
  const send = async (url: string, headers: Record<string, string>, all: object[]) => {
    for (let i = 0; i < all.length; i += pushBatch) {
      const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ docs: all.slice(i, i + pushBatch) }) });
      const rows = (await answer.json()) as { ok?: boolean }[];
      if (!answer.ok || rows.some((r) => !r.ok)) throw new Error(`push answered ${answer.status}`);
    }
  };
  // A database left by a run that failed is dropped first: its documents would answer every raw write as a conflict.
  await fetch(`${couch.href}bench-events`, { method: 'DELETE', headers: couch.headers });
  await fetch(`${couch.href}bench-events`, { method: 'PUT', headers: couch.headers });
  // Rounds in turn, each side its fresh documents, so a neighbour's burst on this shared machine falls on both.
  const raw: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < rounds; round++) {
    raw.push((await timed(() => send(`${couch.href}bench-events/_bulk_docs`, couch.headers, docs(100_000 + round * n))))[0]);
    ours.push((await timed(() => send(`${shop.url}/db/events/_bulk_docs`, { 'content-type': 'application/json', cookie }, docs(200_000 + round * n))))[0]);
  }
  const [rawMs, oursMs] = [median(raw), median(ours)];
  row(`push ${n} events through the gateway onto CouchDB${standIn ? ' (stand-in)' : ''}, median of ${rounds}`, `${((n / oursMs) * 1000).toFixed(0)} docs/s`, 'same docs as raw _bulk_docs to it', `${((n / rawMs) * 1000).toFixed(0)} docs/s`, rawMs / oursMs);
  await fetch(`${couch.href}bench-events`, { method: 'DELETE', headers: couch.headers });
  await shop.close();
  await standIn?.close();
};

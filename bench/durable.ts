import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import { openStorage } from '../server/db/storage';
import { row, timed } from './load';

/**
 * What acknowledging only synced writes costs: express-pouchdb over our storage, once durable (LevelDB syncs each
 * write before the answer) and once not, in the same run on the same disk. One document per request, one request
 * after another, as a device pushes a single order or event; and batches of 200, as a device catching up does.
 */
const serve = async (durable: boolean) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-durable-'));
  const storage = openStorage({ dataDir }, undefined, { durable });
  await storage.db('events').info();
  const app = express().use(expressPouchDB(storage.Pouch, { mode: 'minimumForPouchDB', inMemoryConfig: true, logPath: path.join(dataDir, 'log.txt') }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events/_bulk_docs`;
  let next = 0;
  const doc = () => ({ _id: `e-${String(next++).padStart(6, '0')}`, title: 'Продажа в мастерской', type: 'sell', sum: 1000 + next, day: '2026-11-20', meta: { author: '79000000003', createdAt: 1 } });
  const push = async (n: number) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: Array.from({ length: n }, doc) }) });
    if (res.status !== 201) throw new Error(`push answered ${res.status}`);
    await res.arrayBuffer();
  };
  return {
    push,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await storage.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const benchDurableWrites = async (singles = 200, batches = 10) => {
  const durable = await serve(true);
  const fast = await serve(false);
  const rate = async (push: (n: number) => Promise<void>, count: number, size: number) => {
    const [ms] = await timed(async () => {
      for (let i = 0; i < count; i++) await push(size);
    });
    return (count * 1000) / ms;
  };
  // Interleaved halves, so a burst of load elsewhere on the machine falls on both.
  const single = [0, 0];
  const batch = [0, 0];
  for (let half = 0; half < 2; half++) {
    single[0] += (await rate(durable.push, singles / 2, 1)) / 2;
    single[1] += (await rate(fast.push, singles / 2, 1)) / 2;
    batch[0] += (await rate(durable.push, batches / 2, 200)) / 2;
    batch[1] += (await rate(fast.push, batches / 2, 200)) / 2;
  }
  row('push of 1 document, synced to disk', `${single[0].toFixed(0)} req/s`, 'same, answered before the disk has it', `${single[1].toFixed(0)} req/s`, single[0] / single[1]);
  row('push of 200 documents, synced to disk', `${(batch[0] * 200).toFixed(0)} docs/s`, 'same, answered before the disk has it', `${(batch[1] * 200).toFixed(0)} docs/s`, batch[0] / batch[1]);
  await durable.close();
  await fast.close();
};

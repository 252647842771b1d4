import type { AddressInfo } from 'node:net';
import express from 'express';
import type { TestShop } from '../e2e/harness';
import { load, row, type Load } from './load';

const json = { 'content-type': 'application/json', 'accept-encoding': 'identity' };
const concurrency = 16;
const ms = 1500;
const most = 30_000;
/** Long enough for the first rows after loading 50,000 products to be past that load's garbage collection. */
const warmUpMs = 1500;

/**
 * The least any server on this machine needs to answer these requests: a bare Express handler on 127.0.0.1 that
 * sends the bytes our API answered, captured just before, with no parsing, session, access check or compression.
 */
const bareHandler = async (answers: string[]) => {
  const app = express();
  app.post('/bare/:i', (req, res) => void res.type('json').send(answers[Number(req.params.i)]));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`, close: () => new Promise((resolve) => server.close(resolve)) };
};

const figure = (l: Load) => `${l.rate.toFixed(0)}/s p99 ${l.p99.toFixed(1)} ms`;

type ListBody = { params?: { skip: number; limit: number }; query?: Record<string, unknown> };

/**
 * /api/items/list under 16 concurrent clients (each request body taken in turn from `bodies`), beside the bare
 * handler sending the same answers in the same run. `cookie`: as a signed-in member of staff.
 */
export const benchList = async (shop: TestShop, what: string, bodies: ListBody[], cookie?: string) => {
  const headers = { ...json, ...(cookie ? { cookie } : {}) };
  const api = (i: number) => fetch(`${shop.url}/api/items/list`, { method: 'POST', headers, body: JSON.stringify(bodies[i % bodies.length]) });
  const answers = await Promise.all(bodies.map(async (_, i) => (await api(i)).text()));
  const bare = await bareHandler(answers);
  const plain = (i: number) => fetch(`${bare.url}/${i % bodies.length}`, { method: 'POST', headers, body: JSON.stringify(bodies[i % bodies.length]) });
  // Warm both sides up (JIT, caches, the garbage of loading the catalogue) with the same load before either is measured.
  await load(api, concurrency, warmUpMs, most);
  await load(plain, concurrency, warmUpMs, most);
  const ours = await load(api, concurrency, ms, most);
  const base = await load(plain, concurrency, ms, most);
  await bare.close();
  row(what, figure(ours), 'bare Express handler, same bytes', figure(base), ours.rate / base.rate);
  return ours;
};

/**
 * The list under load while the catalogue changes: `write` runs every `everyMs` (a stock movement or an edit, as
 * another process's write arrives through the changes feed), and the worst wait of a list request is reported.
 */
export const benchListWhileWriting = async (shop: TestShop, what: string, body: ListBody, write: (i: number) => Promise<unknown>, everyMs = 50) => {
  let writes = 0;
  let stop = false;
  const writer = (async () => {
    while (!stop) {
      await write(writes++);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  const api = () => fetch(`${shop.url}/api/items/list`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const ours = await load(api, concurrency, ms, most);
  stop = true;
  await writer;
  const answers = [await (await api()).text()];
  const bare = await bareHandler(answers);
  const base = await load(() => fetch(`${bare.url}/0`, { method: 'POST', headers: json, body: JSON.stringify(body) }), concurrency, ms, most);
  await bare.close();
  row(what, `${figure(ours)}, worst ${ours.worst.toFixed(0)} ms, ${writes} writes`, 'bare Express handler, same bytes', figure(base), ours.rate / base.rate);
};

import { slip } from '../schema/entities/slip';
import { today } from '../schema/shared/day';
import { pushBatchOf } from '../schema/shared/databases';
import { couchRequest } from '../server/db/claim';
import { startCouchStandIn } from '../server/testing/couch-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../server/testing/test-shop';
import { median, row, timed } from './load';

const flowers = ['flower-rose-explorer', 'flower-tulip', 'flower-eustoma', 'flower-eucalyptus', 'flower-oasis'];

/** n write-off acts as florists' phones write them (a line or two, demo flowers, one warehouse), ids from `prefix`. */
const acts = (prefix: string, n: number, phone: string) => {
  const day = today(new Date());
  const at = Date.now() - 60_000;
  return Array.from({ length: n }, (_, i) => ({
    _id: `${prefix}-${String(i).padStart(5, '0')}`,
    type: slip.type, v: slip.version, title: `Списание от ${day}`, day, createdBy: phone, createdAt: at + i, updatedBy: phone, updatedAt: at + i,
    data: { day, warehouse: 'warehouse-cold', lines: [{ flower: flowers[i % flowers.length], qty: 1, reason: 'wilted', cost: 0 }, ...(i % 3 ? [] : [{ flower: 'flower-satin-ribbon', qty: 0.5, reason: 'broken', cost: 0 }])], order: '', note: '' },
  }));
};

/**
 * 1,000 office facts (write-off acts) pushed by a florist through /db/office, where every document runs the write
 * pipeline (server/records/write-pipeline.ts): in one `_bulk_docs` and in the batches a device sends (pushBatchOf),
 * beside the same documents written straight into the office database (`bulkDocs`, no rule at all), same run.
 */
export const benchOfficePush = async (n = 1000) => {
  const shop = await startTestShop();
  const cookie = await signIn(shop.url, demoPhones.florist);
  const push = async (docs: unknown[]) => {
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs }) });
    const rows = (await res.json()) as { ok?: boolean; reason?: string }[];
    const refused = rows.filter((r) => !r.ok);
    if (!res.ok || refused.length) throw new Error(`push answered ${res.status}, ${refused.length} refused: ${refused[0]?.reason}`);
  };
  const [oneMs] = await timed(() => push(acts('bench-one', n, demoPhones.florist)));
  const device = acts('bench-dev', n, demoPhones.florist);
  const size = pushBatchOf('office');
  const [batchesMs] = await timed(async () => {
    for (let i = 0; i < device.length; i += size) await push(device.slice(i, i + size));
  });
  const office = shop.shop.storage.db('office');
  const [rawMs] = await timed(() => office.bulkDocs(acts('bench-raw', n, demoPhones.florist)));
  row(`push ${n} write-offs, one _bulk_docs`, `${oneMs.toFixed(0)} ms`, `bulkDocs into office, no rules`, `${rawMs.toFixed(0)} ms`, oneMs / rawMs);
  row(`push ${n} write-offs, batches of ${size}`, `${batchesMs.toFixed(0)} ms`, `bulkDocs into office, no rules`, `${rawMs.toFixed(0)} ms`, batchesMs / rawMs);
  await shop.close();
};

/**
 * The same write-offs pushed by a florist through /db/office onto CouchDB: the stand-in (express-pouchdb on LevelDB),
 * or a real cluster with `BENCH_COUCHDB_URL`. In the device's batches (pushBatchOf), rounds in turn with the same
 * documents POSTed as raw `_bulk_docs` in the same batches straight to a database of that CouchDB, medians. The
 * warehouse is stocked first by a posted invoice, so every act is within its balance (the stock rule runs). 400 × 3 by
 * default, the size BENCH.md's figures were taken at (`BENCH_PUSH_DOCS`, `BENCH_PUSH_ROUNDS` change it).
 */
export const benchOfficePushOnCouch = async (n = Number(process.env.BENCH_PUSH_DOCS ?? 400), rounds = Number(process.env.BENCH_PUSH_ROUNDS ?? 3)) => {
  const standIn = process.env.BENCH_COUCHDB_URL ? null : await startCouchStandIn();
  const couchUrl = process.env.BENCH_COUCHDB_URL ?? standIn!.url;
  const shop = await startTestShop({ couchUrl });
  const cookie = await signIn(shop.url, demoPhones.florist);
  const manager = await signIn(shop.url, demoPhones.manager);
  const stocked = await call(shop.url, '/api/invoices/update', { data: { day: today(new Date()), warehouse: 'warehouse-cold', status: 'posted', lines: [...flowers, 'flower-satin-ribbon'].map((flower) => ({ flower, qty: 100_000, unit: flower === 'flower-satin-ribbon' ? 'm' : 'pcs', price: 40 })) } }, manager);
  if (stocked.status !== 200) throw new Error(`invoice ${stocked.status} ${JSON.stringify(stocked.body)}`);
  const couch = couchRequest(couchUrl.endsWith('/') ? couchUrl : `${couchUrl}/`);
  const size = pushBatchOf('office');
  const run = Date.now().toString(36);
  const send = async (url: string, headers: Record<string, string>, all: object[]) => {
    for (let i = 0; i < all.length; i += size) {
      const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ docs: all.slice(i, i + size) }) });
      const rows = (await answer.json()) as { ok?: boolean; reason?: string }[];
      const refused = rows.filter((r) => !r.ok);
      if (!answer.ok || refused.length) throw new Error(`push answered ${answer.status}, ${refused.length} refused: ${refused[0]?.reason}`);
    }
  };
  const rawDb = `${couch.href}bench-office-${run}`;
  await fetch(rawDb, { method: 'PUT', headers: couch.headers });
  const raw: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < rounds; round++) {
    raw.push((await timed(() => send(`${rawDb}/_bulk_docs`, couch.headers, acts(`raw-${run}-${round}`, n, demoPhones.florist))))[0]);
    ours.push((await timed(() => send(`${shop.url}/db/office/_bulk_docs`, { 'content-type': 'application/json', cookie }, acts(`dev-${run}-${round}`, n, demoPhones.florist))))[0]);
  }
  const [rawMs, oursMs] = [median(raw), median(ours)];
  row(`push ${n} write-offs onto CouchDB${standIn ? ' (stand-in)' : ''}, batches of ${size}, median of ${rounds}`, `${((n / oursMs) * 1000).toFixed(0)} docs/s`, 'same docs as raw _bulk_docs to it', `${((n / rawMs) * 1000).toFixed(0)} docs/s`, rawMs / oursMs);
  await fetch(rawDb, { method: 'DELETE', headers: couch.headers });
  await shop.close();
  await standIn?.close();
};

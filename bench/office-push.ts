import { slip } from '../schema/entities/slip';
import { today } from '../schema/shared/day';
import { pushBatchOf } from '../schema/shared/databases';
import { demoPhones, signIn, startTestShop } from '../server/testing/test-shop';
import { row, timed } from './load';

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../../schema/entities/invoice';
import { voidFact, voidIdOf } from '../../schema/entities/void';
import { tierDatabases } from '../../schema/shared/databases';
import { changesHub } from '../db/changes-hub';
import { demoPhones, startTestShop } from '../testing/test-shop';
import { stockProjection } from './stock-projection';

type Shop = Awaited<ReturnType<typeof startTestShop>>;

/** A small deterministic generator (mulberry32): the same random ledger on every run, its seed printed on failure. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const warehouses = ['warehouse-studio', 'warehouse-cold', 'warehouse-showcase'];
const envelope = (type: string, v: number, title: string, at: number) => ({ type, v, title, createdBy: demoPhones.florist, createdAt: at, updatedBy: demoPhones.florist, updatedAt: at });

const invoiceDoc = (id: string, rnd: () => number, at: number) => {
  const lines = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => ({ flower: `flower-${Math.floor(rnd() * 12)}`, qty: 1 + Math.floor(rnd() * 30), unit: 'pcs', price: 40 + Math.floor(rnd() * 50) }));
  const data = {
    kind: rnd() < 0.2 ? 'return' : 'supply', number: id, supplier: '', supplierName: 'Флора', day: '2026-11-25',
    warehouse: warehouses[Math.floor(rnd() * warehouses.length)], lines, paid: 0, status: rnd() < 0.75 ? 'posted' : 'draft', note: '',
  };
  return { _id: id, ...envelope(invoice.type, invoice.version, `Накладная № ${id}`, at), day: data.day, data };
};

const sorted = (a: { balances: { flower: string; warehouse: string; qty: number }[]; prices: { flower: string }[] }) => ({
  balances: [...a.balances].sort((x, y) => `${x.flower} ${x.warehouse}`.localeCompare(`${y.flower} ${y.warehouse}`)),
  prices: [...a.prices].sort((x, y) => x.flower.localeCompare(y.flower)),
});

describe('the stock projection rebuilt from sequence 0', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('equals the projection caught up step by step on a random ledger of more documents than one page of the feed', async () => {
    const seed = 3201;
    const rnd = random(seed);
    const db = shop.shop.storage.db(tierDatabases[invoice.tier]);
    const hub = changesHub(shop.shop.storage);
    const incremental = stockProjection(shop.shop.storage, hub);
    const stopIncremental = await incremental.start();
    const revs = new Map<string, string>();
    let at = 1;
    // 32 rounds of 200: more documents than one page of the changes feed (5,000), with edits, deletions and voids among them.
    for (let round = 0; round < 32; round++) {
      const docs: object[] = [];
      const touched = new Set<string>();
      for (let k = 0; k < 200; k++) {
        const known = [...revs.keys()].filter((id) => !touched.has(id) && id.startsWith('inv-'));
        const pick = known[Math.floor(rnd() * known.length)];
        const roll = rnd();
        if (pick && roll < 0.1) {
          touched.add(pick);
          docs.push({ ...invoiceDoc(pick, rnd, at++), _rev: revs.get(pick) });
        } else if (pick && roll < 0.15) {
          touched.add(pick);
          docs.push({ _id: pick, _rev: revs.get(pick), _deleted: true });
        } else if (pick && roll < 0.2 && !revs.has(voidIdOf(pick))) {
          touched.add(pick);
          const data = { target: pick, targetType: invoice.type, reason: 'Записали дважды' };
          docs.push({ _id: voidIdOf(pick), ...envelope(voidFact.type, voidFact.version, `Отмена ${pick}`, at++), data });
        } else {
          docs.push(invoiceDoc(`inv-${seed}-${round}-${k}`, rnd, at++));
        }
      }
      const rows = (await db.bulkDocs(docs as PouchDB.Core.PutDocument<object>[])) as { id: string; rev?: string; error?: string }[];
      for (const r of rows) {
        expect(r.error, `seed ${seed}: ${r.id}`).toBeUndefined();
        if (r.rev) revs.set(r.id, r.rev);
      }
      await incremental.current();
    }
    expect(revs.size, `seed ${seed}`).toBeGreaterThan(5000);
    const caughtUp = sorted((await incremental.current()).answer());
    stopIncremental();

    const rebuilt = stockProjection(shop.shop.storage, hub);
    const stopRebuilt = await rebuilt.start();
    expect(sorted(rebuilt.cached().answer()), `seed ${seed}`).toEqual(caughtUp);
    stopRebuilt();
    hub.close();
    // Not a trivially empty ledger: balances in several warehouses, and prices.
    expect(new Set(caughtUp.balances.map((b) => b.warehouse)).size).toBe(3);
    expect(caughtUp.prices.length).toBeGreaterThan(0);
  }, 240_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Product } from '../../schema/shop/product';
import { stockLedger } from '../../schema/studio/stock/stock';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { setStock } from '../testing/stock-equation';
import { upsert } from '../db/docs';
import { recordFromDoc } from '../orders/order-record';

/**
 * A ledger with a conflict branch, as a CouchDB cluster leaves one when two copies each accepted a write from the
 * same revision. Made here with `new_edits: false`, the way replication stores another copy's revision.
 */
const addBranch = async (db: PouchDB.Database, id: string, change: (ledger: object) => object) => {
  const current = await db.get(id, { revs: true });
  const { _revisions, _rev, ...body } = current as typeof current & { _revisions: { start: number; ids: string[] } };
  const sibling = `${_revisions.start}-${'f'.repeat(32)}`;
  expect(sibling).not.toBe(_rev);
  await db.bulkDocs([{ ...change(body), _id: id, _rev: sibling, _revisions: { start: _revisions.start, ids: ['f'.repeat(32), ..._revisions.ids.slice(1)] } }], { new_edits: false });
  expect((await db.get(id, { conflicts: true }))._conflicts).toHaveLength(1);
};

const draftBase = {
  sender: { name: 'Анна', phone: '79660000077' },
  recipient: { name: 'Ольга', phone: '79660000078' },
  delivery: { method: 'pickup' },
  date: nextDay(today()),
  slot: '12:00–15:00',
  payment: 'card',
};

describe('stock ledger conflict branches', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let staff: string;
  let customer: string;
  let item: Product;
  beforeAll(async () => {
    shop = await startTestShop();
    [staff, customer] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, '79660000077')]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    item = body.data.items.find((p) => !p.sizable)!;
  });
  afterAll(() => shop.close());

  it('merges branches by union before the next change: a hold made on the other copy still counts', async () => {
    await setStock(shop.url, staff, item.id, 10);
    const ledgers = shop.shop.storage.db('stock');
    // The other copy took 3 units for an order this copy never saw.
    await addBranch(ledgers, item.id, (l) => {
      const parsed = stockLedger.parse(l);
      return { ...parsed, holds: { ...parsed.holds, 'elsewhere/0': 3 } };
    });
    const draft = { ...draftBase, id: 'ledger-branch-draft-01', lines: [{ id: item.id, count: 2 }] };
    expect((await call(shop.url, '/api/orders/create', draft, customer)).status).toBe(200);
    const merged = await ledgers.get(item.id, { conflicts: true });
    expect(merged._conflicts ?? []).toEqual([]);
    expect(Object.keys(stockLedger.parse(merged).holds)).toEqual(expect.arrayContaining(['elsewhere/0', 'ledger-branch-draft-01/0']));
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: item.id })).body.data.count).toBe(5);
  });

  it('a branch left by a writer that died holds more than there is: its hold is dropped and its order refused, the placed one kept', async () => {
    await setStock(shop.url, staff, item.id, 10);
    const ledgers = shop.shop.storage.db('stock');
    const orders = shop.shop.storage.db('orders');
    const draft = (id: string, count: number) => ({ ...draftBase, id, lines: [{ id: item.id, count }] });
    const placed = await call<{ data: { id: string } }>(shop.url, '/api/orders/create', draft('leftover-placed-0001', 4), customer);
    expect(placed.status).toBe(200);
    // Another app server held 8 units from the revision before that hold, heard 202 and died before taking its leaf
    // out: its order was left 'placing'.
    const { id: _id, number: _n, ...record } = recordFromDoc(await orders.get('leftover-placed-0001'));
    await upsert(orders, 'leftover-crashed-0001', () => ({ ...record, stage: 'placing', lines: [{ ...record.lines[0], count: 8 }] }));
    await addBranch(ledgers, item.id, (l) => {
      const parsed = stockLedger.parse(l);
      const { ['leftover-placed-0001/0']: _mine, ...others } = parsed.holds;
      return { ...parsed, holds: { ...others, 'leftover-crashed-0001/0': 8 } };
    });

    expect((await call(shop.url, '/api/orders/create', draft('leftover-after-00001', 2), customer)).status).toBe(200);
    const resolved = await ledgers.get(item.id, { conflicts: true });
    expect(resolved._conflicts ?? []).toEqual([]);
    const ledger = stockLedger.parse(resolved);
    expect(ledger.released['leftover-crashed-0001/0']).toBe(true);
    expect(ledger.released['leftover-placed-0001/0']).toBeUndefined();
    expect(recordFromDoc(await orders.get('leftover-crashed-0001')).stage).toBe('refused');
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: item.id })).body.data.count).toBe(4);
  });
});

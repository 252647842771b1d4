import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/day';
import type { Product } from '../../schema/product';
import { stockLedger } from '../../schema/stock';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { setStock } from '../testing/stock-equation';

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
    const draft = {
      id: 'ledger-branch-draft-01',
      lines: [{ id: item.id, count: 2 }],
      sender: { name: 'Анна', phone: '79660000077' },
      recipient: { name: 'Ольга', phone: '79660000078' },
      delivery: { method: 'pickup' },
      date: nextDay(today()),
      slot: '12:00–15:00',
      payment: 'card',
    };
    expect((await call(shop.url, '/api/orders/create', draft, customer)).status).toBe(200);
    const merged = await ledgers.get(item.id, { conflicts: true });
    expect(merged._conflicts ?? []).toEqual([]);
    expect(Object.keys(stockLedger.parse(merged).holds)).toEqual(expect.arrayContaining(['elsewhere/0', 'ledger-branch-draft-01/0']));
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: item.id })).body.data.count).toBe(5);
  });
});

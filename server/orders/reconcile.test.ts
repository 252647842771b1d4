import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { stockLedger } from '../../schema/studio/stock/stock';
import { upsert } from '../db/docs';
import { startShop, type RunningShop } from '../shop';
import { call, demoPhones, signIn } from '../testing/test-shop';
import { draftOf } from '../testing/order-rush';
import { setStock } from '../testing/stock-equation';
import { recordFromDoc, type OrderRecord } from './order-record';

const customer = '79550077001';

/**
 * A demo shop on one data directory that a test starts, stops (as a crash would leave it) and starts again; the
 * last one started is closed and the directory removed after the describe.
 */
const restartingShop = (prefix: string) => {
  let dataDir = '';
  let shop: RunningShop | undefined;
  afterAll(async () => {
    await shop?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  return {
    start: async () => {
      dataDir ||= await fs.mkdtemp(path.join(os.tmpdir(), prefix));
      return (shop = await startShop({ mode: 'demo', seed: true, port: 0, dataDir, quiet: true, codeCooldownMs: 0 }));
    },
  };
};

/** The states a crash can leave between the steps of placing and cancelling, finished by the next start. */
describe('the start-up check', () => {
  const { start } = restartingShop('flower-reconcile-');

  it('places orders left half-way, releases a cancelled order left holding, and re-projects the counts', async () => {
    let running = await start();
    const [staff, me] = await Promise.all([signIn(running.url, demoPhones.manager), signIn(running.url, customer)]);
    const { body } = await call<{ data: { items: Product[] } }>(running.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const item = body.data.items.find((p) => !p.sizable)!;
    await setStock(running.url, staff, item.id, 10);
    const first = await call<{ data: Order }>(running.url, '/api/orders/create', draftOf(customer, [{ id: item.id, count: 2 }]), me);
    expect(first.status).toBe(200);

    const orders = running.shop.storage.db('orders');
    const ledgers = running.shop.storage.db('stock');
    const placed = recordFromDoc(await orders.get(first.body.data.id));
    const write = (r: OrderRecord) => upsert(orders, r.id, () => { const { id: _id, ...rest } = r; return rest; });
    const hold = (key: string, n: number) => upsert(ledgers, item.id, (doc) => {
      const l = stockLedger.parse(doc);
      return { ...l, holds: { ...l.holds, [key]: n } };
    });
    const halfway = (id: string, count: number): OrderRecord => {
      const { number: _n, ...rest } = placed;
      return { ...rest, id, stage: 'placing', attempt: 0, lines: [{ ...placed.lines[0], count, sum: placed.lines[0].price * count }] };
    };
    // Killed after the record was written: no place, no hold, no number.
    await write(halfway('crash-after-record-0001', 3));
    // Killed after the units were held, before the number.
    await write(halfway('crash-after-holds-00001', 1));
    await hold('crash-after-holds-00001/0', 1);
    // Killed after the cancellation was written, before its units were released.
    await write({ ...placed, status: 'cancelled' });
    await running.close();

    running = await start();
    const after = await call<{ data: { items: Order[] } }>(running.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, staff);
    const byId = new Map(after.body.data.items.map((o) => [o.id, o]));
    for (const id of ['crash-after-record-0001', 'crash-after-holds-00001']) {
      expect(byId.get(id), id).toMatchObject({ status: 'new', customer });
      expect(byId.get(id)!.number).toBeGreaterThan(first.body.data.number);
      // The customer's devices get it too.
      expect((await fetch(`${running.url}/db/orders-${customer}/${id}`, { headers: { cookie: me } })).status).toBe(200);
    }
    expect(byId.get(first.body.data.id)?.status).toBe('cancelled');
    // 10 − 3 − 1; the cancelled order's 2 are back.
    expect((await call<{ data: Product }>(running.url, '/api/items/get', { id: item.id })).body.data.count).toBe(6);
  }, 120_000);
});

/** An edit moves an order's lines in the ledgers after the order is written: a crash between leaves it for the next start. */
describe('the start-up check after an edit cut short', () => {
  const { start } = restartingShop('flower-reconcile-edit-');

  it('holds the edited lines and releases the old ones, once', async () => {
    let running = await start();
    const [staff, me] = await Promise.all([signIn(running.url, demoPhones.manager), signIn(running.url, customer)]);
    const { body } = await call<{ data: { items: Product[] } }>(running.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const [a, b] = body.data.items.filter((p) => !p.sizable);
    await setStock(running.url, staff, a.id, 10);
    await setStock(running.url, staff, b.id, 10);
    const placed = await call<{ data: Order }>(running.url, '/api/orders/create', draftOf(customer, [{ id: a.id, count: 2 }]), me);
    expect(placed.status).toBe(200);
    const orders = running.shop.storage.db('orders');
    const before = recordFromDoc(await orders.get(placed.body.data.id));
    // Killed after the edit's write (lines now 3 of b, under the edit's key), before the ledgers moved.
    await upsert(orders, before.id, () => {
      const { id: _id, ...rest } = before;
      return { ...rest, lines: [{ ...before.lines[0], id: b.id, count: 3 }], holds: `${before.id}/e-crashed-edit-0001`, updatedAt: Date.now() };
    });
    await running.close();

    for (let i = 0; i < 2; i++) {
      running = await start();
      const count = async (id: string) => (await call<{ data: Product }>(running.url, '/api/items/get', { id })).body.data.count;
      expect([await count(a.id), await count(b.id)]).toEqual([10, 7]);
      if (i === 0) await running.close();
    }
  }, 120_000);
});

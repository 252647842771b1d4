import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import leveldown, { type LevelDown } from 'leveldown';
import type { Product } from '../../schema/shop/product';
import { nextDay, today } from '../../schema/shared/day';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

interface Write {
  db: string;
  sync: boolean;
  keys: string[];
}

/** Every batch LevelDB is asked to write, observed beneath PouchDB at leveldown itself. */
const observeWrites = () => {
  const writes: Write[] = [];
  const plain = leveldown.prototype._batch;
  leveldown.prototype._batch = function (this: LevelDown, operations, options, callback) {
    const keys = operations.map((o) => String((o as { key: unknown }).key));
    writes.push({ db: path.basename(this.location), sync: options.sync === true, keys });
    plain.call(this, operations, options, callback);
  };
  return { writes, restore: () => void (leveldown.prototype._batch = plain) };
};

describe('acknowledged writes are on disk', () => {
  const observed = observeWrites();
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop?.close();
    observed.restore();
  });

  /** The writes of one database (or holding one document) since `from`: there must be some, and each synced. */
  const expectSynced = (from: number, match: (w: Write) => boolean) => {
    const mine = observed.writes.slice(from).filter(match);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((w) => !w.sync)).toEqual([]);
  };

  it('a session, an order and a pushed staff document are written with sync before the answer', async () => {
    let from = observed.writes.length;
    const me = await signIn(shop.url, '79440000031');
    expectSynced(from, (w) => w.db === 'auth');

    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const product = body.data.items.find((p) => p.isActive && !p.isHidden && p.count >= 1)!;
    from = observed.writes.length;
    const order = await call<{ data: { id: string } }>(shop.url, '/api/orders/create', {
      id: 'durable-draft-00000001',
      lines: [{ id: product.id, count: 1 }],
      sender: { name: 'Анна', phone: '+7 (944) 000-00-31' },
      recipient: { name: 'Ольга', phone: '79440000039' },
      delivery: { method: 'pickup' },
      date: nextDay(nextDay(nextDay(today()))),
      slot: '12:00–15:00',
      payment: 'cash',
    }, me);
    expect(order.status).toBe(200);
    expectSynced(from, (w) => w.keys.some((k) => k.includes(order.body.data.id)));
    expectSynced(from, (w) => w.db.startsWith('orders'));

    const florist = await signIn(shop.url, demoPhones.florist);
    from = observed.writes.length;
    const event = { _id: 'durable-event-1', title: 'Встреча с поставщиком', type: 'event', sum: 5000, day: '2026-11-20', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } };
    const pushed = await fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [event] }) });
    expect(await pushed.json()).toMatchObject([{ ok: true, id: 'durable-event-1' }]);
    expectSynced(from, (w) => w.keys.some((k) => k.includes('durable-event-1')));
  });
});

import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type MangoQuery, type RxCollection } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { Order } from '../../schema/studio/orders/order';
import { shopCollections } from './collections';
import { rangeReadStorage } from './range-reads';
import { sampleOrder } from './sample-orders';

addRxPlugin(RxDBMigrationSchemaPlugin);

const days = ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04'];
const orders: Order[] = Array.from({ length: 120 }, (_, i) => sampleOrder(i, days[(i * 7) % days.length], { status: i % 5 === 0 ? 'confirmed' : 'new' }));

const open = async (name: string, whole: boolean) => {
  const dexie = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
  const db = await createRxDatabase<{ orders: RxCollection<Order> }>({ name, storage: whole ? rangeReadStorage(dexie) : dexie, multiInstance: false });
  await db.addCollections({ orders: { schema: shopCollections.orders.schema, migrationStrategies: shopCollections.orders.migrationStrategies } } as never);
  await db.orders.bulkInsert(orders);
  // Some deleted, one changed: the range must leave tombstones out and give the stored version.
  await db.orders.findByIds(orders.slice(0, 6).map((o) => o.id)).exec().then((found) => Promise.all([...found.values()].map((d) => d.remove())));
  await db.orders.findOne(orders[10].id).exec().then((d) => d?.incrementalPatch({ date: days[3] }));
  return db;
};

/** Queries of every kind RxDB's planner makes of them: by index alone, matched after, sorted after, cut. */
const queries: MangoQuery<Order>[] = [
  { selector: { date: { $gte: days[1], $lte: days[2] } }, sort: [{ date: 'asc' }] },
  { selector: { date: days[3] } },
  { selector: { date: { $gte: days[0], $lte: days[3] } }, sort: [{ date: 'asc' }], skip: 5, limit: 17 },
  { selector: { date: { $gte: days[1] }, status: 'confirmed' }, sort: [{ date: 'asc' }] },
  { selector: { date: { $gte: days[1] }, status: 'confirmed' }, sort: [{ date: 'asc' }], limit: 3 },
  { selector: { status: 'new' }, sort: [{ total: 'desc' }, { id: 'asc' }], skip: 2, limit: 9 },
  { selector: {}, sort: [{ id: 'desc' }], limit: 11 },
  { selector: { date: { $gt: '2027-01-01' } } },
];

describe('whole index ranges read in one getAll', () => {
  it('answers every query with the same documents in the same order as RxDB\'s cursor', async () => {
    const [cursor, whole] = await Promise.all([open(`cursor${Date.now()}`, false), open(`whole${Date.now()}`, true)]);
    for (const query of queries) {
      const [a, b] = await Promise.all([cursor.orders.find(query).exec(), whole.orders.find(query).exec()]);
      expect(b.map((d) => [d.id, d.date, d.status, d.total]), JSON.stringify(query)).toEqual(a.map((d) => [d.id, d.date, d.status, d.total]));
      expect(a.length, JSON.stringify(query)).toBeLessThan(orders.length);
    }
    expect((await whole.orders.find({ selector: { date: days[3] } }).exec()).map((d) => d.id)).toContain(orders[10].id);
    expect((await whole.orders.find({ selector: { date: { $gte: days[0] } } }).exec()).map((d) => d.id)).not.toContain(orders[0].id);
    await Promise.all([cursor.close(), whole.close()]);
  });
});

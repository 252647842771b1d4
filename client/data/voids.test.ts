import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { call, demoPhones, signIn, startTestShop } from '../../server/testing/test-shop';
import { today } from '../../schema/shared/day';
import { voidIdOf } from '../../schema/entities/void';
import type { OfficeRecord } from '../../schema/shared/record';
import { shopCollections } from './collections';
import { z } from 'zod';
import { officeRecord } from '../../schema/shared/record';
import { balanceBookOf, balanceTypes } from '../../schema/shared/record-moves';
import { createHash } from 'node:crypto';
import { rxSchemaOf } from './rx-schema';
import { replicate } from './sync/replicate';
import { deviceNetwork, openOfficeDevice, type OfficeDevice } from './testing/office-device';

const rose = 'flower-rose-explorer';
const cold = 'warehouse-cold';

/** The office collection's schema as version 4 derived it: the envelope's type named every entity but `void`. */
const types4 = ['courier', 'task', 'supplier', 'orderCommand', 'client', 'warehouse', 'flower', 'ref', 'invoice', 'charge', 'shift', 'contractor', 'supplierPayment', 'slip', 'techCard', 'transfer', 'stockCount'] as const;
/** collections.test.ts's hash: SHA-256 of the JSON with sorted keys. */
const canonical = (node: unknown): unknown =>
  Array.isArray(node) ? node.map(canonical) : node && typeof node === 'object' ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)])) : node;
const schemaHash = (schema: object) => createHash('sha256').update(JSON.stringify(canonical(schema))).digest('hex').slice(0, 16);
const officeV4 = rxSchemaOf<OfficeRecord>(officeRecord.extend({ type: z.enum(types4) }), { name: 'office', primaryKey: 'id', version: 4 });

describe('an office store written before voids (version 4)', () => {
  it('opens at version 5 with its records, and takes a void', async () => {
    expect(schemaHash(officeV4)).toBe('3eec3a8ac9a9bda5');
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = `office-v4-${Date.now()}`;
    const act: OfficeRecord = {
      id: 'slip-unsent-0001', type: 'slip', v: 1, title: 'Списание', day: '2026-11-20', createdBy: demoPhones.florist, createdAt: 1, updatedBy: demoPhones.florist, updatedAt: 1,
      data: { day: '2026-11-20', warehouse: cold, lines: [{ flower: rose, qty: 2, reason: 'wilted', cost: 0 }], order: '', note: '' },
    };
    const old = await createRxDatabase({ name, storage: getRxStorageDexie(idb), multiInstance: false });
    await old.addCollections({ office: { schema: officeV4 } });
    await old.collections.office!.insert(act);
    await old.close();

    const now = await createRxDatabase({ name, storage: getRxStorageDexie(idb), multiInstance: false });
    await now.addCollections({ office: { schema: shopCollections.office.schema, migrationStrategies: shopCollections.office.migrationStrategies } });
    const office = now.collections.office!;
    expect((await office.findOne(act.id).exec())?.toMutableJSON()).toMatchObject(act);
    await office.insert({ ...act, id: voidIdOf(act.id), type: 'void', title: 'Сторно', data: { target: act.id, targetType: 'slip', reason: 'Не та роза' } });
    expect(await office.count().exec()).toBe(2);
    await now.close();
  });
});

describe('a staff device’s balance', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let db: OfficeDevice;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let network: ReturnType<typeof deviceNetwork>;
  let florist = '';
  let manager = '';

  beforeAll(async () => {
    shop = await startTestShop();
    florist = await signIn(shop.url, demoPhones.florist);
    manager = await signIn(shop.url, demoPhones.manager);
    network = deviceNetwork(shop.url, florist);
    db = await openOfficeDevice('voids');
    // Roses to write off: online, no more leaves a warehouse than it holds.
    const supply = { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 50, price: 90 }], status: 'posted' };
    expect((await call(shop.url, '/api/invoices/update', { data: supply }, manager)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    network?.restore();
    await shop.close();
  });

  it('gives back what a write-off took once the manager’s void is pulled', async () => {
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, waitForLeadership: false });
    // What useBalanceBook reads (client/data/stock-balances.ts): the stock-moving records and the voids.
    const balance = async () => balanceBookOf((await db.office.find({ selector: { type: { $in: balanceTypes } } }).exec()).map((d) => d.toMutableJSON())).balance(rose, cold);
    await sync.awaitInitialReplication();
    const start = await balance();

    const made = await call<{ data: OfficeRecord }>(shop.url, '/api/slips/update', { data: { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 7, reason: 'wilted', cost: 0 }], order: '', note: '' } }, florist);
    expect(made.status).toBe(200);
    sync.reSync();
    await expect.poll(balance, { timeout: 20_000 }).toBe(start - 7);

    expect((await call(shop.url, '/api/slips/void', { id: made.body.data.id, reason: 'Списали не ту розу' }, manager)).status).toBe(200);
    sync.reSync();
    await expect.poll(balance, { timeout: 20_000 }).toBe(start);
    expect(await db.office.findOne(made.body.data.id).exec()).not.toBeNull();
  });
});

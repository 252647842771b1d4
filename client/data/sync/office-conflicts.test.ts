import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { ref, refId } from '../../../schema/entities/ref';
import { task } from '../../../schema/entities/task';
import { courier } from '../../../schema/entities/courier';
import { shift, shiftId } from '../../../schema/entities/shift';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { currentRecord, type OfficeRecord } from '../../../schema/shared/record';
import { shopCollections } from '../collections';
import { saveOfficeRecord } from '../records';
import { replicate } from './replicate';
import { lostChanges$, officeConflictHandler, watchReplacedChanges, type LostChange } from './office-conflicts';
import { rejections$, type Rejection } from './rejections';

/**
 * Two staff devices replicating their `office` collection (RxDB on fake-indexeddb, the app's schema, conflict handler
 * and replication) with the real server, each with its own session: the florist's reaches the shop as 127.0.0.1,
 * the manager's as localhost, and Node's fetch gets each one's cookie. (One process may not hold two whole device
 * databases: RxDB's open-source build caps open collections.)
 */
const cookiesByHost = (cookies: Record<string, string>) => {
  const plain = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return plain(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: cookies[url.hostname] ?? '' } });
  };
  return () => void (globalThis.fetch = plain);
};

interface Device {
  db: RxDatabase<{ office: RxCollection<OfficeRecord> }>;
  office: RxCollection<OfficeRecord>;
  sync: RxCouchDBReplicationState<OfficeRecord> | null;
  base: string;
  phone: string;
}

addRxPlugin(RxDBMigrationSchemaPlugin);
const device = async (name: string, base: string, phone: string): Promise<Device> => {
  const db = await createRxDatabase<{ office: RxCollection<OfficeRecord> }>({ name, storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) });
  await db.addCollections({ office: { schema: shopCollections.office.schema, migrationStrategies: shopCollections.office.migrationStrategies, conflictHandler: officeConflictHandler } });
  watchReplacedChanges(db.office, () => phone);
  return { db, office: db.office, sync: null, base, phone };
};
const online = async (d: Device) => {
  d.sync = replicate(d.office, 'office', { base: d.base, signals: () => null, push: true, waitForLeadership: false });
  await d.sync.awaitInSync();
};
const offline = async (d: Device) => {
  await d.sync?.cancel();
  d.sync = null;
};
const inSync = (d: Device) => d.sync!.awaitInSync();
const pulled = (d: Device, id: string, check: (data: Record<string, unknown>) => boolean) =>
  expect.poll(async () => {
    d.sync?.reSync();
    const doc = await d.office.findOne(id).exec();
    return !!doc && check(doc.data);
  }, { timeout: 15_000 }).toBe(true);

describe('two devices change one office record offline', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let restore: () => void;
  let florist: Device;
  let manager: Device;
  const told: LostChange[] = [];
  const sub = lostChanges$.subscribe((l) => told.push(l));

  beforeAll(async () => {
    shop = await startTestShop();
    const port = new URL(shop.url).port;
    restore = cookiesByHost({ '127.0.0.1': await signIn(shop.url, demoPhones.florist), localhost: await signIn(shop.url, demoPhones.manager) });
    florist = await device(`f${Date.now()}`, `http://127.0.0.1:${port}`, demoPhones.florist);
    manager = await device(`m${Date.now()}`, `http://localhost:${port}`, demoPhones.manager);
  });
  afterAll(async () => {
    sub.unsubscribe();
    for (const d of [florist, manager]) {
      await offline(d);
      await d.db.close();
    }
    restore();
    await shop.close();
  });

  const base = { title: 'Полить розы', assignee: '', status: 'todo' as const, note: '' };

  it('converge by the task rule — the later change’s fields, the furthest status — and the loser is told', async () => {
    await Promise.all([online(florist), online(manager)]);
    const id = await saveOfficeRecord(florist.office, task, florist.phone, base);
    await inSync(florist);
    await pulled(manager, id, (d) => d.title === 'Полить розы');
    await Promise.all([offline(florist), offline(manager)]);

    // The manager's change comes first (in time), the florist's later; the florist's reaches the server first.
    await saveOfficeRecord(manager.office, task, manager.phone, { ...base, title: 'Полить розы в зале', status: 'done' }, id);
    await new Promise((r) => setTimeout(r, 5));
    await saveOfficeRecord(florist.office, task, florist.phone, { ...base, title: 'Полить розы на витрине', status: 'doing' }, id);
    await online(florist);
    await online(manager);

    const expected = { ...base, title: 'Полить розы на витрине', status: 'done' };
    await pulled(florist, id, (d) => d.title === expected.title && d.status === 'done');
    await pulled(manager, id, (d) => d.title === expected.title && d.status === 'done');
    const [onFlorist, onManager, onServer] = [
      (await florist.office.findOne(id).exec())!.toJSON(),
      (await manager.office.findOne(id).exec())!.toJSON(),
      await shop.shop.storage.db('office').get(id),
    ];
    expect(onFlorist.data).toEqual(expected);
    expect(onManager.data).toEqual(expected);
    expect((onServer as unknown as { data: unknown }).data).toEqual(expected);
    expect(onManager.updatedAt).toBe(onFlorist.updatedAt);
    // The manager's title lost to the florist's: he is told what replaced it. Her «В работе» lost to his «Готово»:
    // her device, which pushed first and never resolved anything, is told when it pulls the result.
    expect(told).toEqual([
      expect.objectContaining({ id, type: 'task', by: demoPhones.florist, deleted: false, fields: [{ field: 'title', now: 'Полить розы на витрине' }] }),
      expect.objectContaining({ id, type: 'task', by: demoPhones.manager, deleted: false, fields: [{ field: 'status', now: 'done' }] }),
    ]);
  });

  it('an edit wins over a deletion made offline, whichever reaches the server first; the deleter is told', async () => {
    told.length = 0;
    const fee = (feePerDelivery: number) => ({ name: 'Пётр', phone: '79161234567', feePerDelivery, active: true, note: '' });
    const id = await saveOfficeRecord(florist.office, courier, florist.phone, fee(400));
    await inSync(florist);
    await pulled(manager, id, (d) => d.name === 'Пётр');
    await Promise.all([offline(florist), offline(manager)]);
    await (await manager.office.findOne(id).exec())!.remove();
    await saveOfficeRecord(florist.office, courier, florist.phone, fee(500), id);
    // The edit first: the deletion meets a changed record and is undone on the manager's device.
    await online(florist);
    await online(manager);
    await pulled(manager, id, (d) => d.feePerDelivery === 500);
    expect(told).toEqual([expect.objectContaining({ id, type: 'courier', deleted: true, by: demoPhones.florist })]);

    // The deletion first: the edit pushed after it brings the record back, on both devices.
    told.length = 0;
    await Promise.all([offline(florist), offline(manager)]);
    await (await manager.office.findOne(id).exec())!.remove();
    await saveOfficeRecord(florist.office, courier, florist.phone, fee(600), id);
    await online(manager);
    await online(florist);
    await pulled(manager, id, (d) => d.feePerDelivery === 600);
    await pulled(florist, id, (d) => d.feePerDelivery === 600);
    expect(((await shop.shop.storage.db('office').get(id)) as unknown as { data: unknown }).data).toEqual(fee(600));
  });

  it('a refused change is undone on the device, not merged back in', async () => {
    told.length = 0;
    // A florist may not delete a courier (managers do): the server refuses, and her copy comes back.
    const id = await saveOfficeRecord(manager.office, courier, manager.phone, { name: 'Иван', phone: '79161234568', feePerDelivery: 300, active: true, note: '' });
    await inSync(manager);
    await pulled(florist, id, (d) => d.name === 'Иван');
    await (await florist.office.findOne(id).exec())!.remove();
    await inSync(florist);
    await pulled(florist, id, (d) => d.name === 'Иван');
    expect((await shop.shop.storage.db('office').get(id)) as unknown as { data: { name: string } }).toMatchObject({ data: { name: 'Иван' } });
    expect(told).toEqual([]);
  });
});

describe('a record whose copy on the server an older version wrote', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let restore: () => void;
  let admin: Device;
  let cookie: string;
  const told: LostChange[] = [];
  const sub = lostChanges$.subscribe((l) => told.push(l));

  beforeAll(async () => {
    shop = await startTestShop();
    cookie = await signIn(shop.url, demoPhones.admin);
    restore = cookiesByHost({ '127.0.0.1': cookie });
    admin = await device(`a${Date.now()}`, `http://127.0.0.1:${new URL(shop.url).port}`, demoPhones.admin);
  });
  afterAll(async () => {
    sub.unsubscribe();
    await offline(admin);
    await admin.db.close();
    restore();
    await shop.close();
  });

  it('merges it as the current version reads it: a pack stays counted whole when the older copy wins', async () => {
    const id = refId('unit', 'pack');
    await online(admin);
    await pulled(admin, id, (d) => d.label === 'уп.');
    await offline(admin);
    const held = (await admin.office.findOne(id).exec())!.toJSON();
    await saveOfficeRecord(admin.office, ref, admin.phone, { ...currentRecord(ref, held).data, label: 'упак.' }, id);

    // Meanwhile a phone still on the version before `whole` renames it, later: its copy (v1, no `whole`) wins.
    const office = shop.shop.storage.db('office');
    const stored = await office.get<{ data: Record<string, unknown> }>(id);
    const { whole: _whole, ...before } = stored.data;
    await office.put({ ...stored, v: 1, title: 'уп', updatedBy: demoPhones.admin, updatedAt: Date.now() + 60_000, data: { ...before, label: 'уп' } });

    await online(admin);
    await pulled(admin, id, (d) => d.label === 'уп');
    const onServer = await call<{ data: OfficeRecord }>(shop.url, '/api/refs/get', { id }, cookie);
    expect(onServer.body.data.data).toMatchObject({ label: 'уп', whole: true });
    const onDevice = currentRecord(ref, (await admin.office.findOne(id).exec())!.toJSON()).data;
    expect(onDevice).toMatchObject({ label: 'уп', whole: true });
    // Only the label was lost; `whole` the older copy lacked is no change of anyone's.
    expect(told.filter((l) => l.id === id)).toEqual([expect.objectContaining({ id, fields: [{ field: 'label', now: 'уп' }] })]);
  });
});

describe('a keyed fact two devices wrote first', () => {
  it('keeps the server’s and tells ours as refused in the key’s words: a day’s second shift close', async () => {
    const day = shift.example.day;
    const close = (by: string, at: number) => ({
      id: shiftId(day), type: 'shift' as const, v: 1, title: `Смена ${day}`, day, createdBy: by, createdAt: at, updatedBy: by, updatedAt: at, data: shift.example, _deleted: false,
    });
    const server = close(demoPhones.manager, 1000);
    const mine = close(demoPhones.florist, 2000);
    const refused: Rejection[] = [];
    const lost: LostChange[] = [];
    const subs = [rejections$.subscribe((r) => refused.push(r)), lostChanges$.subscribe((l) => lost.push(l))];
    const resolved = await officeConflictHandler.resolve({ realMasterState: server, newDocumentState: mine }, 'test');
    subs.forEach((s) => s.unsubscribe());
    expect(resolved).toEqual(server);
    expect(refused).toEqual([{ db: 'office', id: shiftId(day), reason: 'Смена за этот день уже закрыта' }]);
    expect(lost).toEqual([]);
  });
});

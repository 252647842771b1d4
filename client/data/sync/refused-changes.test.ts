import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { slip } from '../../../schema/entities/slip';
import { task } from '../../../schema/entities/task';
import { today } from '../../../schema/shared/day';
import type { OfficeRecord } from '../../../schema/shared/record';
import { saveOfficeRecord } from '../records';
import { deviceNetwork, openOfficeDevice, type OfficeDevice } from '../testing/office-device';
import { rejections$, type Rejection } from './rejections';
import { forgetRefused, keepRefused, refusedChange, refusedChanges, reopenPath } from './refused-changes';
import { replicate } from './replicate';

/**
 * A new record the server refuses on push is dropped from the device (RxDB takes the server's side): what was typed
 * in it is kept on the device with the reason, so the florist can open it again as a new record.
 */
describe('a new office record the server refuses on push', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let db: OfficeDevice;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let network: ReturnType<typeof deviceNetwork>;

  beforeAll(async () => {
    shop = await startTestShop();
    const cookie = await signIn(shop.url, demoPhones.florist);
    network = deviceNetwork(shop.url, cookie);
    db = await openOfficeDevice('refused-kept');
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    network?.restore();
    await shop.close();
  });

  it('is gone from the device, and its content is kept with its reason and where to open it again', async () => {
    network.online = false;
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const told: Rejection[] = [];
    const seen = rejections$.subscribe((r) => told.push(r));
    // Twelve lines, one of them «Сборка заказа», which only the server writes: the whole act is refused.
    const lines = Array.from({ length: 12 }, (_, i) => ({ flower: i % 2 ? 'flower-tulip' : 'flower-rose-explorer', qty: i + 1, reason: i === 7 ? 'assembly' : 'wilted', cost: 90 }));
    const act = { day: today(), warehouse: 'warehouse-cold', lines, order: '', note: 'после выходных' };
    const id = await saveOfficeRecord(db.office, slip, demoPhones.florist, act);
    // A task pushed in the same batch is taken: only the refused one is kept.
    const taken = await saveOfficeRecord(db.office, task, demoPhones.florist, { title: 'Полить розы' });
    network.online = true;

    await expect.poll(() => told.find((r) => r.id === id), { timeout: 20_000, interval: 200 }).toMatchObject({ db: 'office', reopen: 'slips', reason: expect.stringMatching(/ставит только сервер/) });
    seen.unsubscribe();
    await expect.poll(async () => (await db.office.findOne(id).exec()) === null, { timeout: 20_000 }).toBe(true);

    const kept = refusedChange('office', id);
    expect(kept).toMatchObject({ db: 'office', id, type: 'slip', by: demoPhones.florist, title: `Списание от ${act.day}`, fresh: true, reason: expect.stringMatching(/строка 8/) });
    expect(kept?.data).toEqual(act);
    expect(refusedChange('office', taken)).toBeUndefined();
    expect(refusedChanges()[0]?.id).toBe(id);

    forgetRefused('office', id);
    expect(refusedChange('office', id)).toBeUndefined();
  }, 60_000);
});

describe('what is kept of a refused push', () => {
  const body = (docs: unknown[]) => JSON.stringify({ docs });
  const task = (id: string, extra: Record<string, unknown> = {}) => ({ _id: id, type: 'task', v: 1, title: `Задача ${id}`, data: { title: `Задача ${id}` }, ...extra });

  it('keeps staff databases only, never a deletion, and opens again only a new record with a screen', () => {
    expect(keepRefused('orders-79550000001', body([task('order-doc-1')]), [{ id: 'order-doc-1', reason: 'нет' }])).toEqual([]);
    expect(keepRefused('office', body([task('gone-0001', { _rev: '1-a', _deleted: true })]), [{ id: 'gone-0001', reason: 'нет' }])).toEqual([]);
    const [edit] = keepRefused('office', body([task('edited-01', { _rev: '2-b' })]), [{ id: 'edited-01', reason: 'нет' }]);
    expect(edit).toMatchObject({ fresh: false, data: { title: 'Задача edited-01' } });
    expect(reopenPath(edit!)).toBeUndefined();
    const [fresh] = keepRefused('office', body([task('fresh-001')]), [{ id: 'fresh-001', reason: 'нет' }]);
    expect(reopenPath(fresh!)).toBe('tasks');
    const [command] = keepRefused('office', body([{ ...task('cmd-00001'), type: 'orderCommand' }]), [{ id: 'cmd-00001', reason: 'нет' }]);
    expect(reopenPath(command!)).toBeUndefined();
    const [event] = keepRefused('events', body([{ _id: 'sale-0001', title: 'Продажа', type: 'sale', sum: -300, meta: { author: '79000000003', createdAt: 1 } }]), [{ id: 'sale-0001', reason: 'нет' }]);
    expect(event).toMatchObject({ db: 'events', type: 'sale', title: 'Продажа', by: '79000000003', data: { title: 'Продажа', type: 'sale', sum: -300 } });
    expect(reopenPath(event!)).toBeUndefined();
  });

  it('holds the last 50, newest first, one copy a document', () => {
    for (let i = 0; i < 60; i++) keepRefused('office', body([task(`many-${String(i).padStart(4, '0')}`)]), [{ id: `many-${String(i).padStart(4, '0')}`, reason: `причина ${i}` }], i);
    keepRefused('office', body([task('many-0055')]), [{ id: 'many-0055', reason: 'снова' }], 100);
    const list = refusedChanges();
    expect(list).toHaveLength(50);
    expect(list.slice(0, 3).map((c) => [c.id, c.reason])).toEqual([['many-0055', 'снова'], ['many-0059', 'причина 59'], ['many-0058', 'причина 58']]);
    expect(list.filter((c) => c.id === 'many-0055')).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { slip } from '../../../schema/entities/slip';
import { task } from '../../../schema/entities/task';
import { today } from '../../../schema/day';
import type { OfficeRecord } from '../../../schema/record';
import { saveOfficeRecord } from '../records';
import { deviceNetwork, openOfficeDevice, type OfficeDevice } from '../testing/office-device';
import { rejections$, type Rejection } from './rejections';
import { forgetRefused, refusedChange, refusedChanges } from './refused-changes';
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
    const lines = Array.from({ length: 12 }, (_, i) => ({ flower: `fl-rose-${i}`, qty: i + 1, reason: i === 7 ? 'assembly' : 'wilted', cost: 90 }));
    const act = { day: today(), warehouse: 'wh-cold', lines, order: '', note: 'после выходных' };
    const id = await saveOfficeRecord(db.office, slip, demoPhones.florist, act);
    // A task pushed in the same batch is taken: only the refused one is kept.
    const taken = await saveOfficeRecord(db.office, task, demoPhones.florist, { title: 'Полить розы' });
    network.online = true;

    await expect.poll(() => told.find((r) => r.id === id), { timeout: 20_000, interval: 200 }).toMatchObject({ db: 'office', reopen: 'slips', reason: expect.stringMatching(/ставит только сервер/) });
    seen.unsubscribe();
    await expect.poll(async () => (await db.office.findOne(id).exec()) === null, { timeout: 20_000 }).toBe(true);

    const kept = refusedChange('office', id);
    expect(kept).toMatchObject({ db: 'office', id, type: 'slip', title: `Списание от ${act.day}`, fresh: true, reason: expect.stringMatching(/строка 8/) });
    expect(kept?.data).toEqual(act);
    expect(refusedChange('office', taken)).toBeUndefined();
    expect(refusedChanges()[0]?.id).toBe(id);

    forgetRefused('office', id);
    expect(refusedChange('office', id)).toBeUndefined();
  }, 60_000);
});

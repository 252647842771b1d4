import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { commandLimits } from '../../../server/records/command-budget';
import { createCommandId } from '../../../schema/studio/orders/order-command';
import type { OfficeRecord } from '../../../schema/shared/record';
import { sendOrderCommand } from '../order-commands';
import { deviceNetwork, openOfficeDevice, type OfficeDevice } from '../testing/office-device';
import { replicate } from './replicate';

/**
 * A florist's device (RxDB on fake-indexeddb, the app's office collection and replication) pushing a command while
 * the server is still behind on as many of her commands as may wait (issue 18, item 5): the push is answered 503,
 * the device keeps the command and sends it again, and it arrives once the server has caught up. Nothing is dropped.
 */
describe('a command pushed while the server is behind on the pusher’s commands', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let db: OfficeDevice;
  let sync: RxCouchDBReplicationState<OfficeRecord>;
  let network: ReturnType<typeof deviceNetwork>;

  beforeAll(async () => {
    shop = await startTestShop();
    network = deviceNetwork(shop.url, await signIn(shop.url, demoPhones.florist));
    db = await openOfficeDevice('budget');
  });
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    network?.restore();
    await shop.close();
  });

  it('is sent again until the server takes it, and never dropped from the device', async () => {
    const office = shop.shop.storage.db('office');
    // As many of her commands as may wait: on an order whose create is on its way, so the processor holds them.
    const order = 'backpressure-order';
    await office.put({ _id: createCommandId(order), type: 'note', data: {} });
    const now = Date.now();
    const waiting = Array.from({ length: commandLimits.pending }, (_, i) => ({
      _id: `backpressure-wait-${String(i).padStart(4, '0')}`, type: 'orderCommand', v: 1, title: 'Статус', createdBy: demoPhones.florist, createdAt: now,
      updatedBy: demoPhones.florist, updatedAt: now, data: { order, action: { kind: 'status', from: 'new', to: 'confirmed' } },
    }));
    await office.bulkDocs(waiting);

    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const errors: unknown[] = [];
    sync.error$.subscribe((e) => errors.push(e));
    await sync.awaitInitialReplication().catch(() => undefined);
    const id = await sendOrderCommand(db.office, demoPhones.florist, 'backpressure-order-2', { kind: 'status', from: 'new', to: 'confirmed' });
    await expect.poll(() => errors.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await db.office.findOne(id).exec()).not.toBeNull();
    await expect(office.get(id)).rejects.toMatchObject({ status: 404 });

    // The server catches up (here: the waiting ones are taken away); the device's next try is taken.
    const rows = (await office.allDocs({ keys: waiting.map((d) => d._id) })).rows.flatMap((r) => ('value' in r && r.value ? [{ _id: r.id, _rev: r.value.rev, _deleted: true }] : []));
    await office.bulkDocs(rows);
    await expect.poll(async () => (await office.get(id).then(() => true, () => false)), { timeout: 20_000 }).toBe(true);
    expect(await db.office.findOne(id).exec()).not.toBeNull();
  }, 60_000);
});

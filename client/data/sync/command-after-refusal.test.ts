import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { call, demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { orderOneBouquet } from '../../../server/testing/order-rush';
import type { Order } from '../../../schema/studio/orders/order';
import type { OfficeRecord } from '../../../schema/shared/record';
import { sendOrderCommand } from '../order-commands';
import { deviceNetwork, openOfficeDevice, storedOutcome, type OfficeDevice } from '../testing/office-device';
import { rejections$, type Rejection } from './rejections';
import { replicate } from './replicate';

const customer = '79550003355';

/**
 * A command made offline after another on the same order names it (`follows`), and the server applies it only once
 * that one is answered. When the office refuses the earlier one at push, it is never stored as a command: the later
 * one is decided as soon as it is pushed, not after the server's two-minute wait for a command still on its way.
 */
describe('a command whose predecessor the office refused at push', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let db: OfficeDevice;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let cookie: string;
  let network: ReturnType<typeof deviceNetwork>;

  beforeAll(async () => {
    shop = await startTestShop();
    cookie = await signIn(shop.url, demoPhones.florist);
    network = deviceNetwork(shop.url, cookie);
    db = await openOfficeDevice('refused');
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    network?.restore();
    await shop.close();
  });

  it('is decided as soon as the backlog is pushed, and the refused one is gone on the device and the server alike', async () => {
    const order = await orderOneBouquet(shop.url, customer);
    network.online = false;

    // Offline, the device changed hands: a command the manager signed (the office refuses it from the florist's
    // session), then the florist's own step, which follows it.
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const refused: Rejection[] = [];
    const seen = rejections$.subscribe((r) => refused.push(r));
    const earlier = await sendOrderCommand(db.office, demoPhones.manager, order, { kind: 'status', from: 'new', to: 'confirmed' });
    const later = await sendOrderCommand(db.office, demoPhones.florist, order, { kind: 'payment', status: 'paid', method: 'cash' });
    expect((await db.office.findOne(later).exec())?.data.follows).toBe(earlier);
    network.online = true;

    const outcomeOf = (id: string) => storedOutcome(network, shop.url, cookie, id);
    // Well inside the server's wait for a command still on its way (orderWaitMs, two minutes): decided on the push.
    await expect.poll(() => outcomeOf(later), { timeout: 20_000, interval: 200 }).toMatchObject({ ok: true });
    seen.unsubscribe();
    expect(refused).toContainEqual(expect.objectContaining({ db: 'office', id: earlier }));
    const stored = (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, cookie)).body.data.items.find((o) => o.id === order)!;
    expect(stored.history?.map((h) => h.command)).toEqual([later]);
    expect(stored.status).toBe('new');
    // What the device holds is what the server does: no refused command left waiting on either side.
    await expect(shop.shop.storage.db('office').get(earlier)).rejects.toMatchObject({ status: 404, reason: 'deleted' });
    await expect.poll(async () => (await db.office.findOne(earlier).exec()) === null).toBe(true);
  }, 60_000);
});

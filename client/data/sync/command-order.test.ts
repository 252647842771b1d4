import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { call, demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { orderOneBouquet } from '../../../server/testing/order-rush';
import type { Order } from '../../../schema/studio/orders/order';
import type { OfficeRecord } from '../../../schema/shared/record';
import { sendOrderCommand } from '../order-commands';
import { deviceNetwork, openOfficeDevice, storedOutcome, type OfficeDevice } from '../testing/office-device';
import { replicate } from './replicate';

const customer = '79550003344';

/**
 * A florist moves an order along offline, step after step; back online, RxDB pushes the backlog in batches of the
 * office database's size, all at once, and the network may deliver a later batch before an earlier one (what
 * e2e/order-page-offline.test.ts met on a loaded machine). The server still applies the steps in the order she made
 * them: none is skipped, none refused as stale.
 */
describe('commands made offline on one order reach the server out of order', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let db: OfficeDevice;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let cookie: string;
  /** The device's network: off (every request fails as a browser's does offline), or on with pushes held to be sent later batch first. */
  let network: ReturnType<typeof deviceNetwork>;
  const held: { send: () => Promise<void> }[] = [];

  beforeAll(async () => {
    shop = await startTestShop();
    cookie = await signIn(shop.url, demoPhones.florist);
    network = deviceNetwork(shop.url, cookie, (url, go) => {
      if (!url.includes('/_bulk_docs')) return go();
      // Pushes sent together arrive last one first, each after the one before it was answered.
      return new Promise<Response>((resolve, reject) => {
        held.push({ send: () => go().then(resolve, reject) });
        if (held.length === 1)
          setTimeout(() => {
            void (async () => {
              for (const push of held.splice(0).reverse()) await push.send();
            })();
          }, 300);
      });
    });
    db = await openOfficeDevice('order');
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    network?.restore();
    await shop.close();
  });

  it('applies every step once, in the order made', async () => {
    const order = await orderOneBouquet(shop.url, customer, 2);
    network.online = false;

    // Offline: the first step is tried (and retried) at once; the rest wait behind it, and go out together.
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    const steps = [
      ['new', 'confirmed'],
      ['confirmed', 'assembling'],
      ['assembling', 'ready'],
      ['ready', 'delivering'],
      ['delivering', 'done'],
    ] as const;
    const ids = [await sendOrderCommand(db.office, demoPhones.florist, order, { kind: 'status', from: steps[0][0], to: steps[0][1] })];
    await new Promise((r) => setTimeout(r, 500));
    ids.push(await sendOrderCommand(db.office, demoPhones.florist, order, { kind: 'payment', status: 'paid', method: 'cash' }));
    for (const [from, to] of steps.slice(1)) ids.push(await sendOrderCommand(db.office, demoPhones.florist, order, { kind: 'status', from, to }));
    network.online = true;

    const outcomes = () => Promise.all(ids.map((id) => storedOutcome(network, shop.url, cookie, id)));
    await expect.poll(async () => (await outcomes()).every((o) => o !== undefined), { timeout: 40_000, interval: 250 }).toBe(true);
    const stored = (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, cookie)).body.data.items.find((o) => o.id === order)!;
    expect(stored.history?.map((h) => h.after.status ?? Object.keys(h.after).join())).toEqual(['confirmed', 'paid', 'assembling', 'ready', 'delivering', 'done']);
    expect(stored.history?.map((h) => h.command)).toEqual(ids);
    expect(await outcomes()).toEqual(ids.map(() => expect.objectContaining({ ok: true })));
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { OfficeRecord } from '../../../schema/shared/record';
import { recordSaver } from '../../../server/testing/record-saver';
import { demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { deviceNetwork, openOfficeDevice, type OfficeDevice } from '../testing/office-device';
import { replicate } from './replicate';

/**
 * DECISIONS «A device cut off right as its store opened pushed but did not pull»: the shop's `/db` cut while the office
 * replication's live stream had not yet handed RxDB its first answer. RxDB's CouchDB stream starts at `since=now` and asks
 * `since=now` again after each failure, so what the server wrote while the device was away (and before the stream's
 * first answer) was behind the stream's new start and never pulled. The browser stays online all along: no `online` event.
 */
describe('a device whose shop is cut off right as its store opened', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let db: OfficeDevice;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let network: ReturnType<typeof deviceNetwork>;
  let manager: string;
  /** The device's `/db` requests fail as a browser's do while the shop is out of reach; the manager's `/api` calls go on. */
  let cut = false;
  /** Resolves once the live stream (`since=now`, its first ask) has been answered. */
  let streamAsked: () => void = () => {};
  const asked = new Promise<void>((resolve) => (streamAsked = resolve));

  beforeAll(async () => {
    shop = await startTestShop();
    manager = await signIn(shop.url, demoPhones.manager);
    network = deviceNetwork(shop.url, await signIn(shop.url, demoPhones.florist), async (url, go) => {
      if (cut && url.includes('/db/')) throw new TypeError('Failed to fetch');
      const answer = await go();
      if (url.includes('/db/office/_changes') && url.includes('since=now')) streamAsked();
      return answer;
    });
    db = await openOfficeDevice('pull-after-cut');
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    network?.restore();
    await shop?.close();
  });

  it('pulls what the server wrote while it was away, once the server answers again', async () => {
    sync = replicate(db.office, 'office', { base: shop.url, signals: () => null, push: true, waitForLeadership: false });
    await sync.awaitInitialReplication();
    await asked;
    // Cut before the stream's first answer reached RxDB (it waits for news, then asks again: that ask fails).
    cut = true;
    const errors: unknown[] = [];
    const sub = sync.error$.subscribe((e) => errors.push(e));
    const cold = await recordSaver(shop.url, manager)('warehouses', { name: 'Холодильник, пока связи нет' });
    await expect.poll(() => errors.length, { timeout: 20_000 }).toBeGreaterThan(0);
    sub.unsubscribe();

    cut = false;
    await expect.poll(async () => (await db.office.findOne(cold).exec())?.id, { timeout: 30_000 }).toBe(cold);
  }, 60_000);
});

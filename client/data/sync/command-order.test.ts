import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { call, demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { draftOf } from '../../../server/testing/order-rush';
import type { CommandOutcome } from '../../../schema/order-command';
import type { Order } from '../../../schema/order';
import type { Product } from '../../../schema/product';
import type { OfficeRecord } from '../../../schema/record';
import { shopCollections } from '../collections';
import { sendOrderCommand } from '../order-commands';
import { officeConflictHandler } from './office-conflicts';
import { replicate } from './replicate';

addRxPlugin(RxDBMigrationSchemaPlugin);

const customer = '79550003344';

/**
 * A florist moves an order along offline, step after step; back online, RxDB pushes the backlog in batches of the
 * office database's size, all at once, and the network may deliver a later batch before an earlier one (what
 * e2e/order-page-offline.test.ts met on a loaded machine). The server still applies the steps in the order she made
 * them: none is skipped, none refused as stale.
 */
describe('commands made offline on one order reach the server out of order', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let db: RxDatabase<{ office: RxCollection<OfficeRecord> }>;
  let sync: RxCouchDBReplicationState<OfficeRecord> | undefined;
  let cookie: string;
  const plain = globalThis.fetch;
  /** The device's network: off (every request fails as a browser's does offline), or on with pushes held to be sent later batch first. */
  let online = false;
  const held: { send: () => Promise<void> }[] = [];

  beforeAll(async () => {
    shop = await startTestShop();
    cookie = await signIn(shop.url, demoPhones.florist);
    globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(shop.url)) return plain(input, init);
      if (!online) throw new TypeError('Failed to fetch');
      const go = () => plain(input, { ...init, headers: { cookie, ...(init?.headers as Record<string, string>) } });
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
    };
    db = await createRxDatabase<{ office: RxCollection<OfficeRecord> }>({ name: `order${Date.now()}`, storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) });
    await db.addCollections({ office: { schema: shopCollections.office.schema, migrationStrategies: shopCollections.office.migrationStrategies, conflictHandler: officeConflictHandler } });
  }, 60_000);
  afterAll(async () => {
    await sync?.cancel();
    await db?.close();
    globalThis.fetch = plain;
    await shop.close();
  });

  it('applies every step once, in the order made', async () => {
    online = true;
    const me = await signIn(shop.url, customer);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const bouquet = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 2)!.id;
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(customer, [{ id: bouquet, count: 1 }]), me);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.data.id;
    online = false;

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
    online = true;

    const outcomes = async () =>
      Promise.all(ids.map(async (id) => ((await (await plain(`${shop.url}/db/office/${id}`, { headers: { cookie } })).json()) as { data?: { outcome?: CommandOutcome } }).data?.outcome));
    await expect.poll(async () => (await outcomes()).every((o) => o !== undefined), { timeout: 40_000, interval: 250 }).toBe(true);
    const stored = (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, cookie)).body.data.items.find((o) => o.id === order)!;
    expect(stored.history?.map((h) => h.after.status ?? Object.keys(h.after).join())).toEqual(['confirmed', 'paid', 'assembling', 'ready', 'delivering', 'done']);
    expect(stored.history?.map((h) => h.command)).toEqual(ids);
    expect(await outcomes()).toEqual(ids.map(() => expect.objectContaining({ ok: true })));
  }, 60_000);
});

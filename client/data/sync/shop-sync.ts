import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { ShopEvent } from '../../../schema/studio/orders/event';
import type { Order } from '../../../schema/studio/orders/order';
import type { OfficeRecord } from '../../../schema/shared/record';
import { customerOrdersDb, syncedDatabases } from '../../../schema/shared/databases';
import { dropDelivered, submitPending } from './outbox';
import type { LocalData } from '../database';
import { changeSignals, type ChangeSignals } from './change-signals';
import { replicate } from './replicate';
import { watchReplacedChanges } from './office-conflicts';
import { markOfficeInSync } from './in-sync-mark';
import { markStudioPulled } from './pulled-mark';
import { dropStudioCopies } from './studio-orders';
import { storeEpochs } from './store-epoch';
import { forgetRestoredStore, lastCustomer } from './restored-store';

/**
 * Keeps the device's databases in step with the server while online.
 * Catalogue and pages are pulled for everyone; the staff calendar and the office records (tasks, couriers, …)
 * are pushed and pulled while `staff` is on, and the studio's orders (`studio-orders`) are pulled into `orders`;
 * a signed-in customer's own orders (`orders-{phone}`) are pulled, and orders placed offline are sent from the outbox.
 * Only the leader tab replicates and holds the one change stream, which names every database it pulls.
 */
/** Marks the moment the office replication has pushed everything: checked after each round of work, one check at a time. */
const watchInSync = (office: RxCouchDBReplicationState<OfficeRecord>) => {
  let checking = false;
  let again = false;
  const check = () => {
    if (checking) return void (again = true);
    checking = true;
    again = false;
    const started = Date.now();
    void office
      .awaitInSync()
      .then(() => markOfficeInSync(started))
      .catch(() => {})
      .finally(() => {
        checking = false;
        if (again) check();
      });
  };
  office.active$.subscribe((active) => !active && check());
};

export const startShopSync = (data: LocalData, base = location.origin) => {
  let signals: ChangeSignals | null = null;
  let isLeader = false;
  let events: RxCouchDBReplicationState<ShopEvent> | null = null;
  let office: RxCouchDBReplicationState<OfficeRecord> | null = null;
  let studio: RxCouchDBReplicationState<Order> | null = null;
  let customer: { phone: string; orders: RxCouchDBReplicationState<Order> } | null = null;
  /** The phone last signed in: its own orders stay on the device when staff sign out. */
  let lastPhone: string | null = null;
  /** A restore on the server (a new store epoch) starts every replication again under the new epoch (store-epoch.ts). */
  const epochs = storeEpochs(data.shop.name, () => void restartAll());
  // A restore met before this device (or tab) was closed, whose lost orders were not yet back in the outbox: done now,
  // as at the moment it was met, under a fresh suffix (store-epoch.ts `resumeRequeue`).
  if (epochs.resumeRequeue()) queueMicrotask(() => void restartAll());
  const options = { base, signals: () => signals, epochs };
  /** Told when the server ends this device's session itself (server/api/sync-stream.ts). */
  const signedOut = new Set<() => void>();
  let always = [replicate(data.shop.products, 'catalog', options), replicate(data.shop.pages, 'pages', options)];
  const replaced = watchReplacedChanges(data.shop.office, () => customer?.phone ?? null);

  const openStream = () => {
    signals?.close();
    if (typeof EventSource === 'undefined') return; // Node tests: the fetch falls back to polling
    const dbs = [
      'catalog', 'pages',
      ...(events ? ['events', 'office'] : []),
      ...(studio ? [syncedDatabases['studio-orders']] : []),
      ...(customer ? [customerOrdersDb(customer.phone)] : []),
    ];
    signals = changeSignals((names) => `${base}/api/sync/stream?${names.map((n) => `db=${n}`).join('&')}`, dbs, EventSource, () => signedOut.forEach((l) => l()));
  };
  void data.shop.waitForLeadership().then(() => {
    isLeader = true;
    openStream();
  });

  const all = () => [...always, ...(events ? [events] : []), ...(office ? [office] : []), ...(studio ? [studio] : []), ...(customer ? [customer.orders] : [])];

  /** Sends what the outbox holds; quietly leaves it there when the server cannot be reached. */
  const flushOutbox = async () => {
    const phone = customer?.phone;
    if (!phone) return [];
    await dropDelivered(data, phone);
    return submitPending(data, phone, base).catch((e: Error) => (console.warn('Заказы не отправлены:', e.message), []));
  };

  const onOnline = () => {
    signals?.nudge();
    all().forEach((r) => r.reSync());
    void flushOutbox();
  };
  globalThis.addEventListener?.('online', onOnline);
  // The browser may think it is online while the shop is out of reach: the outbox tries again now and then.
  const outboxTimer = setInterval(() => void flushOutbox(), 30_000);

  /** Pulls this customer's orders and sends their outbox while signed in; null stops it. */
  const setCustomer = async (phone: string | null) => {
    if ((customer?.phone ?? null) === phone) return;
    if (phone) {
      lastPhone = phone;
      lastCustomer.set(data.shop.name, phone);
    }
    await customer?.orders.cancel();
    customer = phone ? { phone, orders: replicate(data.shop.orders, customerOrdersDb(phone), options) } : null;
    if (isLeader) openStream();
    void flushOutbox();
  };

  const startStaff = () => {
    events = replicate(data.shop.events, 'events', { ...options, push: true });
    office = replicate(data.shop.office, 'office', { ...options, push: true });
    watchInSync(office);
    studio = replicate(data.shop.orders, syncedDatabases['studio-orders'], options);
    const started = office;
    void Promise.all([office.awaitInitialReplication(), studio.awaitInitialReplication()])
      .then(() => office === started && markStudioPulled(true))
      .catch(() => {});
  };

  /** Staff replications on or off, one change at a time (`setStaff`); a restart for a new epoch waits its turn too. */
  let staffChange: Promise<void> = Promise.resolve();
  /**
   * Every replication stopped, its checkpoints dropped (they belong to the store before the restore), the server's
   * copies dropped and the customer's unfinished orders put back into the outbox (restored-store.ts), and every
   * replication started again under the new epoch: the catalogue and pages, the staff's, the customer's orders, as they were on.
   */
  const restartAll = () => {
    const run = staffChange.then(async () => {
      const staff = !!events;
      const stopped = all();
      await Promise.all(stopped.map((r) => r.remove().catch(() => r.cancel())));
      // A failure here must not keep the replications stopped: they start again whatever it left, and the re-queue
      // stays pending for the next open (store-epoch.ts `requeuePending`).
      await forgetRestoredStore(data, customer?.phone ?? lastPhone ?? lastCustomer.get(data.shop.name))
        .then(() => epochs.requeueDone())
        .catch((e: Error) => console.warn('После восстановления магазина:', e.message));
      always = [replicate(data.shop.products, 'catalog', options), replicate(data.shop.pages, 'pages', options)];
      if (staff) startStaff();
      // A customer who signed in meanwhile (setCustomer) started a replication under checkpoints made before the drop.
      const meanwhile = customer && !stopped.includes(customer.orders) ? customer.orders : null;
      await meanwhile?.remove().catch(() => meanwhile.cancel());
      if (customer) customer = { phone: customer.phone, orders: replicate(data.shop.orders, customerOrdersDb(customer.phone), options) };
      signals?.nudge();
      void flushOutbox();
    });
    staffChange = run.catch(() => {});
    return run;
  };
  const applyStaff = async (on: boolean) => {
    if (on === !!events) return;
    if (on) startStaff();
    else {
      // remove(): the studio's checkpoint goes with the copies, so the next staff session pulls them all again.
      await Promise.all([events?.cancel(), office?.cancel(), studio?.remove()]);
      events = null;
      office = null;
      studio = null;
      await dropStudioCopies(data, lastPhone);
      markStudioPulled(false);
    }
    if (isLeader) openStream();
  };

  return {
    /**
     * Turns the staff replications on (staff signed in, or changes still waiting to be pushed) or off. Calls run one
     * after another: a forced sign-out turns them off both from the change stream and from the session's user effect,
     * and a second call that started while the first was still stopping would remove the studio's replication again,
     * after its meta storage had been closed («RxStorageInstanceDexie is closed …»).
     */
    setStaff(on: boolean): Promise<void> {
      const run = staffChange.then(() => applyStaff(on));
      staffChange = run.catch(() => {});
      return run;
    },
    /** Resolves when every local staff change (calendar and office records) has reached the server. */
    async eventsInSync(): Promise<boolean> {
      // A change of the staff replications asked for just before (a page opened with a sign-out pending) comes first.
      await staffChange;
      if (!events || !office) return false;
      await Promise.all([events.awaitInSync(), office.awaitInSync()]);
      return true;
    },
    /** Calls `listener` when the server ends this device's session (a person removed from the staff); answers how to stop. */
    onSignedOut(listener: () => void): () => void {
      signedOut.add(listener);
      return () => signedOut.delete(listener);
    },
    /** Resolves once the catalogue's first pull has ended (in the tab that replicates; never in the others). */
    catalogPulled: (): Promise<void> => always[0]!.awaitInitialReplication(),
    /** The office replication while staff are signed in (tests wait on it). */
    office: () => office,
    /** The studio's orders replication while staff are signed in (tests wait on it). */
    studio: () => studio,
    setCustomer,
    /** Sends the outbox now; answers the orders the server accepted. */
    flushOutbox,
    replications: all,
    async stop() {
      globalThis.removeEventListener?.('online', onOnline);
      clearInterval(outboxTimer);
      replaced.unsubscribe();
      signals?.close();
      await Promise.all(all().map((r) => r.cancel()));
    },
  };
};
export type ShopSync = ReturnType<typeof startShopSync>;

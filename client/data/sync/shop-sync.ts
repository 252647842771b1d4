import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { ShopEvent } from '../../../schema/event';
import type { LocalData } from '../database';
import { changeSignals, type ChangeSignals } from './change-signals';
import { replicate } from './replicate';

/**
 * Keeps the device's databases in step with the server while online.
 * Catalogue and pages are pulled for everyone; the staff calendar is pushed and pulled while `staff` is on.
 * Only the leader tab replicates and holds the one change stream.
 */
export const startShopSync = (data: LocalData, base = location.origin) => {
  let signals: ChangeSignals | null = null;
  let isLeader = false;
  let events: RxCouchDBReplicationState<ShopEvent> | null = null;
  const options = { base, signals: () => signals };
  const always = [replicate(data.shop.products, 'catalog', options), replicate(data.shop.pages, 'pages', options)];

  const openStream = () => {
    signals?.close();
    if (typeof EventSource === 'undefined') return; // Node tests: the fetch falls back to polling
    const dbs = ['catalog', 'pages', ...(events ? ['events'] : [])];
    signals = changeSignals((names) => `${base}/api/sync/stream?${names.map((n) => `db=${n}`).join('&')}`, dbs);
  };
  void data.shop.waitForLeadership().then(() => {
    isLeader = true;
    openStream();
  });

  const onOnline = () => {
    signals?.nudge();
    [...always, ...(events ? [events] : [])].forEach((r) => r.reSync());
  };
  globalThis.addEventListener?.('online', onOnline);

  return {
    /** Turns the calendar's replication on (staff signed in, or events still waiting to be pushed) or off. */
    async setStaff(on: boolean) {
      if (on === !!events) return;
      if (on) events = replicate(data.shop.events, 'events', { ...options, push: true });
      else {
        await events?.cancel();
        events = null;
      }
      if (isLeader) openStream();
    },
    /** Resolves when every local calendar change has reached the server. */
    async eventsInSync(): Promise<boolean> {
      if (!events) return false;
      await events.awaitInSync();
      return true;
    },
    replications: () => [...always, ...(events ? [events] : [])],
    async stop() {
      globalThis.removeEventListener?.('online', onOnline);
      signals?.close();
      await Promise.all([...always, ...(events ? [events] : [])].map((r) => r.cancel()));
    },
  };
};
export type ShopSync = ReturnType<typeof startShopSync>;

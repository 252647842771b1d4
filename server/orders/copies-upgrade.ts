import { customerOrdersDb } from '../../schema/shared/databases';
import type { Order } from '../../schema/studio/orders/order';
import { dropOldRevisions } from '../db/compaction';
import { createIfMissing, getDoc } from '../db/docs';
import type { Storage } from '../db/storage';
import { spreadOrder } from './spread';

/** The mark, in `counters`, that every order's customer copy and calendar event are in today's shape. */
export const copiesUpgradeMark = 'upgraded:order-copies-1';

/**
 * Once, at start: rewrites every order's customer copy (`customerView`: no `paid.by`) and calendar event (no
 * recipient, address or customer phone) written before they were slimmed, then drops the replaced revisions' bodies
 * (events and each customer's database) and sets the mark. Safe to repeat and from several app servers at once (each write is `spreadOrder`'s, idempotent);
 * a start that dies half-way does it again. `orders` is read only while the mark is missing.
 */
export const upgradeOrderCopies = async (storage: Storage, orders: () => Promise<Order[]>): Promise<number> => {
  const counters = storage.db('counters');
  if (await getDoc(counters, copiesUpgradeMark)) return 0;
  const all = await orders();
  for (const o of all) await spreadOrder(storage, o, 'replace', 'replace');
  await dropOldRevisions(storage.db('events'));
  for (const name of new Set(all.map((o) => customerOrdersDb(o.customer)))) {
    // Held while compacted: a customer's database nobody holds may be closed to make room for another.
    const db = storage.db(name);
    const release = storage.hold(name);
    await dropOldRevisions(db).finally(release);
  }
  await createIfMissing(counters, copiesUpgradeMark, { at: Date.now() });
  return all.length;
};

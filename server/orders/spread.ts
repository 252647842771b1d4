import { isDeepStrictEqual } from 'node:util';
import { customerOrdersDb } from '../../schema/shared/databases';
import type { ShopEvent } from '../../schema/studio/orders/event';
import type { Order } from '../../schema/studio/orders/order';
import { getDoc, stripMeta, upsert, type Stored } from '../db/docs';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';
import { customerView, type QueuedRefund } from './customer-view';
import { customerRefundState } from '../../schema/shop/customer-refund';
import { refundsOfOrder } from '../payments/refunds';
import { orderOf, recordFromDoc } from './order-record';
import { log } from '../ops/log';
import { inStudioWindow } from './studio-window';
import { orderNo, orderTitle } from '../../schema/studio/orders/order-number';
import { isCounterSale } from '../../schema/studio/orders/order-command';
import { alertOf, withAlert } from '../clients/client-alert';
import { queueNotices } from '../notices/outbox';
import { announceToStaff } from '../push/staff-push';

/** The staff copies' database (schema/shared/databases.ts): every order delivered from the studio window's start on. */
export const studioOrdersDb = 'studio-orders';

/**
 * The staff calendar's event of an order: only what the calendar shows (number, day, slot, pickup or delivery, the
 * sum). No recipient, address or customer phone, nor the order's id (a command naming it would answer the whole
 * order): every staff device keeps every event for ever, while an order is a florist's only within the studio window
 * (DECISIONS «What a florist sees»). `/admin/orders/{number}` opens it while the device holds it.
 */
const eventOf = (o: Order): ShopEvent => ({
  id: `order-${o.number}`,
  source: 'shop',
  // A counter sale is the spec's «Продажа» of its day, not a pickup in a slot (DECISIONS «Counter sale completes at once»).
  ...(isCounterSale(o)
    ? { title: `Продажа в студии, ${orderNo(o.number)}`, description: '', type: 'sell' as const }
    : { title: orderTitle(o.number), description: `${o.slot}, ${o.delivery.method === 'pickup' ? 'самовывоз' : 'доставка'}`, type: 'order' as const }),
  day: o.date,
  sum: o.total,
  data: { number: o.number },
  meta: { author: '', createdAt: o.createdAt },
});

/**
 * Writes `target` unless the stored copy already says the same, or is newer (another app server wrote a later
 * change first: an older one must not overwrite it). `replace: false` writes only a missing copy.
 */
const writeCopy = (db: PouchDB.Database, target: Order, replace: boolean) =>
  upsert<Omit<Order, 'id'>>(db, target.id, (current: Stored<Omit<Order, 'id'>> | null) => {
    if (!current) return toSynced(target);
    if (!replace || current.updatedAt > target.updatedAt || isDeepStrictEqual(stripMeta(current), toSynced(target))) return null;
    return toSynced(target);
  });

/** The money going back to the customer through YooKassa (only an order YooKassa's payment paid has any), as the refunds' queue holds it now. */
export const queuedRefunds = async (storage: Storage, o: Order): Promise<QueuedRefund[]> => {
  if (o.online?.status !== 'paid') return [];
  try {
    return (await refundsOfOrder(storage, o.id)).map((r) => ({ command: r.refund.command, amount: r.refund.amount, state: customerRefundState(r.refundState) }));
  } catch (e) {
    // The refunds' views not made yet (a start finishing what a crash left): the copy goes without them, the next change brings them.
    log.warn({ err: e, order: o.id }, 'refunds not read for the customer copy');
    return [];
  }
};

/**
 * Writes the customer's copy of the order with its refunds, then reads the refunds again. A refund's state lives in
 * the server-only queue, not in the order: the sender may record a new state (and write the copy) between this read
 * and this write, which would then put the older state back with nothing left to change it until the order's next
 * change (DECISIONS «The customer's copy follows a refund's state»). So whoever writes the copy last has read the
 * refunds after its write, and writes again if they moved: the copy ends at the queue's state, on any app server.
 */
export const writeCustomerCopy = async (storage: Storage, o: Order, replace: boolean, read: (storage: Storage, o: Order) => Promise<QueuedRefund[]> = queuedRefunds): Promise<void> => {
  if (!o.customer) return;
  const db = storage.db(customerOrdersDb(o.customer));
  let refunds = await read(storage, o);
  for (let tries = 0; tries < 5; tries++) {
    await writeCopy(db, customerView(o, refunds), replace);
    const now = await read(storage, o);
    if (isDeepStrictEqual(now, refunds)) return;
    refunds = now;
  }
  // Five changes of the refunds during five writes: the refunds' sender's next mark writes it again.
  log.warn({ order: o.id }, 'customer copy written while its refunds kept changing');
};

/**
 * The customer's copy written again from the order as stored, when only a refund's state changed (the refunds' sender
 * calls it: YooKassa returned the money or refused): the order itself did not change, so nothing else follows.
 */
export const refreshCustomerCopy = async (storage: Storage, id: string): Promise<void> => {
  const doc = await getDoc<object>(storage.db('orders'), id);
  if (!doc) return;
  const record = recordFromDoc(doc);
  if (record.stage !== 'placed' || !record.customer) return;
  await writeCustomerCopy(storage, orderOf(record), true);
};

/**
 * Writes what follows from a placed order: the customer's copy in `orders-{phone}` (without the history), the staff
 * copy in `studio-orders` (with it) while the order is in the studio window, the calendar event, and the SMS the
 * customer is owed for what just happened (queued once each: server/notices/outbox.ts), and the staff's push. Safe to repeat,
 * from any number of processes. `copy: 'replace'` brings a changed order to the copies; `event: 'replace'` rewrites
 * the event too (an edit moved the day, the slot or the total; an event stored before it was slimmed).
 */
export const spreadOrder = async (
  storage: Storage,
  o: Order,
  copy: 'if-missing' | 'replace' = 'if-missing',
  event: 'if-missing' | 'replace' = 'if-missing',
): Promise<void> => {
  const replace = copy === 'replace';
  // A walk-in sale has no customer to copy it to.
  if (o.customer) await writeCustomerCopy(storage, o, replace);
  if (inStudioWindow(o.date)) await writeCopy(storage.db(studioOrdersDb), withAlert(o, o.customer ? await alertOf(storage, o.customer) : ''), replace);
  const e = eventOf(o);
  await upsert<Omit<ShopEvent, 'id'>>(storage.db('events'), e.id, (current) => {
    if (!current) return toSynced(e);
    if (event === 'if-missing' || isDeepStrictEqual(stripMeta(current), toSynced(e))) return null;
    return toSynced(e);
  });
  await queueNotices(storage, o);
  // Staff devices that allowed it hear of a new site order, a cancellation, a payment (server/push/staff-push.ts).
  await announceToStaff(storage, o);
};

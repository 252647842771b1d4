import { z } from 'zod';
import type { Order } from '../../../schema/studio/orders/order';
import { pendingOrder, type PendingOrder } from '../collections';
import type { LocalData } from '../database';

/**
 * The drafts of a re-queue under way, in the DataSources cache (no schema of its own: the cache's `data` holds any
 * JSON): written before the copies they come from are dropped and removed once they are in the outbox, so a device
 * closed in between finds them at its next open (the copies are gone by then).
 */
export const requeueNoteId = 'restore-requeue';
const notedDrafts = z.array(pendingOrder);

/**
 * What a device does when it meets a shop restored from a backup (a new store epoch, store-epoch.ts), before its
 * replications start again (shop-sync.ts `restartAll`):
 * - the customer's own site orders that the studio has not finished go back into the outbox, to be sent again: the
 *   restored store may not hold them (placed after the backup; the outbox had dropped each draft once its copy arrived).
 *   Sending is idempotent on the draft id, so an order the restored store holds is answered as it is; one it lacks is
 *   placed anew, priced by the server, asking for the number it had (`formerNumber`);
 * - drafts the old store had accepted, whose copy had not arrived yet, are sent again the same way;
 * - every server copy (catalogue, pages, orders) is dropped: the new replications pull what the restored store holds,
 *   and nothing the restore took away lingers. Pull-only replications never push, so dropping sends nothing.
 * Staff records and order commands need none of this: their replications push every document again (store-epoch.ts).
 *
 * Safe to run again after a close at any step (shop-sync.ts runs it at the next open while the epoch says the re-queue
 * is pending, store-epoch.ts `requeuePending`): the drafts are noted in the cache before any copy is dropped (above),
 * a numbered draft loses its number once, and a draft already in the outbox is not inserted twice.
 */
export const forgetRestoredStore = async (data: LocalData, owner: string | null): Promise<void> => {
  const cache = data.dataSources.cache;
  const noted = await cache.findOne(requeueNoteId).exec();
  const earlier = noted ? notedDrafts.safeParse(noted.data) : null;
  const copies = owner ? (await data.shop.orders.find({ selector: { customer: owner } }).exec()).map((d) => d.toJSON() as Order) : [];
  const fromCopies = copies.filter(sentAgain).flatMap((o) => draftOfCopy(o) ?? []);
  const byId = new Map([...(earlier?.success ? earlier.data : []), ...fromCopies].map((d) => [d.id, d]));
  const drafts = [...byId.values()];
  // Noted before the copies they come from go: a close from here on finds them at the next open.
  if (drafts.length) await cache.upsert({ id: requeueNoteId, key: requeueNoteId, data: drafts, timestamp: Date.now(), ttl: 0 });
  // Copies go first: the outbox drops a draft whose copy it finds (outbox.ts `dropDelivered`).
  await Promise.all([data.shop.products, data.shop.pages, data.shop.orders].map((c) => c.find().remove()));
  for (const draft of await data.shop.pendingOrders.find().exec())
    if (draft.number) await draft.incrementalModify(({ number, total: _t, ...rest }) => ({ ...rest, formerNumber: rest.formerNumber ?? number }));
  const waiting = await data.shop.pendingOrders.findByIds(drafts.map((d) => d.id)).exec();
  const missing = drafts.filter((d) => !waiting.has(d.id));
  if (missing.length) await data.shop.pendingOrders.bulkInsert(missing);
  await (await cache.findOne(requeueNoteId).exec())?.remove();
};

/**
 * A site order still in the studio's hands. A finished or cancelled one is not placed again (a bouquet delivered
 * twice is worse than a line missing from the history); a studio order (taken by phone or at the counter) comes back
 * from the staff device that pushes its `create` command again.
 */
const sentAgain = (o: Order) => o.status !== 'done' && o.status !== 'cancelled' && (!o.source || o.source === 'site');

/**
 * The draft an order was placed with, from the customer's copy, which carries every field of it; and the online payment
 * the copy names (`formerPayment`), kept in the draft so the restored shop can read it at YooKassa (DECISIONS «A paid
 * order a restore lost»).
 */
export const draftOfCopy = (o: Order): PendingOrder | null => {
  const parsed = pendingOrder.safeParse({
    id: o.id,
    lines: o.lines.map(({ id, count, letterSize }) => ({ id, count, ...(letterSize ? { letterSize } : {}) })),
    sender: o.sender,
    recipient: o.recipient,
    delivery: o.delivery,
    date: o.date,
    slot: o.slot,
    postcard: o.postcard,
    anonymous: o.anonymous,
    comment: o.comment,
    payment: o.payment,
    formerNumber: o.number,
    // Paid (or being paid) online: the payment its copy names goes with it, for the server to read at YooKassa.
    ...(o.online?.payment ? { formerPayment: { id: o.online.payment, method: o.online.method, tries: o.online.tries } } : {}),
    owner: o.customer,
    createdAt: o.createdAt,
  });
  return parsed.success ? parsed.data : null;
};

const memory = new Map<string, string>();
const keyOf = (device: string) => `last-customer:${device}`;

/** The customer last signed in on this device, kept across reloads: a restore ends every session, and the device may meet it before they sign in again. */
export const lastCustomer = {
  get(device: string): string | null {
    try {
      return (typeof localStorage === 'undefined' ? null : localStorage.getItem(keyOf(device))) ?? memory.get(device) ?? null;
    } catch {
      return memory.get(device) ?? null;
    }
  },
  set(device: string, phone: string): void {
    memory.set(device, phone);
    try {
      if (typeof localStorage !== 'undefined') localStorage.setItem(keyOf(device), phone);
    } catch {
      // Full or refused: this tab's memory keeps it.
    }
  },
};

import type { Order } from '../../../schema/studio/orders/order';
import { pendingOrder, type PendingOrder } from '../collections';
import type { LocalData } from '../database';

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
 */
export const forgetRestoredStore = async (data: LocalData, owner: string | null): Promise<void> => {
  const copies = owner ? (await data.shop.orders.find({ selector: { customer: owner } }).exec()).map((d) => d.toJSON() as Order) : [];
  // Copies go first: the outbox drops a draft whose copy it finds (outbox.ts `dropDelivered`).
  await Promise.all([data.shop.products, data.shop.pages, data.shop.orders].map((c) => c.find().remove()));
  for (const draft of await data.shop.pendingOrders.find().exec())
    if (draft.number) await draft.incrementalModify(({ number, total: _t, ...rest }) => ({ ...rest, formerNumber: rest.formerNumber ?? number }));
  const waiting = await data.shop.pendingOrders.findByIds(copies.map((o) => o.id)).exec();
  const drafts = copies.filter((o) => sentAgain(o) && !waiting.has(o.id)).flatMap((o) => draftOfCopy(o) ?? []);
  if (drafts.length) await data.shop.pendingOrders.bulkInsert(drafts);
};

/**
 * A site order still in the studio's hands. A finished or cancelled one is not placed again (a bouquet delivered
 * twice is worse than a line missing from the history); a studio order (taken by phone or at the counter) comes back
 * from the staff device that pushes its `create` command again.
 */
const sentAgain = (o: Order) => o.status !== 'done' && o.status !== 'cancelled' && (!o.source || o.source === 'site');

/** The draft an order was placed with, from the customer's copy, which carries every field of it. */
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

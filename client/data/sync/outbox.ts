import type { Order, PlaceRequest } from '../../../schema/studio/orders/order';
import type { PendingOrder } from '../collections';
import type { LocalData } from '../database';
import { callAt, ApiError } from '../../lib/api';

/** The draft as the server takes it: the outbox's own fields dropped. */
const draftOf = ({ owner: _o, createdAt: _c, number: _n, total: _t, error: _e, ...draft }: PendingOrder): PlaceRequest => draft;

/**
 * Orders a restore lost go first, the highest former number first: one that cannot keep its number takes the next
 * above the highest, which is then never another of this device's lost numbers. Then the rest, oldest first.
 */
type Sending = Pick<PendingOrder, 'formerNumber' | 'createdAt'>;
const sendingOrder = (a: Sending, b: Sending) => (b.formerNumber ?? 0) - (a.formerNumber ?? 0) || a.createdAt - b.createdAt;

/** A refusal that sending again will not change (bad data, item sold out); anything else is retried later. */
const isFinal = (e: unknown) => e instanceof ApiError && e.status >= 400 && e.status < 500 && ![401, 408, 429].includes(e.status);

/**
 * Sends this customer's waiting orders, one at a time. The draft id makes the server idempotent, so a retry
 * or a second tab sending the same draft creates nothing new; a Web Lock keeps tabs from even trying at once.
 * Answers the orders the server accepted in this run.
 */
export const submitPending = async (data: LocalData, owner: string, base = ''): Promise<Order[]> => {
  const run = async () => {
    const accepted: Order[] = [];
    const waiting = await data.shop.pendingOrders.find({ selector: { owner } }).exec();
    for (const doc of waiting.sort((a, b) => sendingOrder(a, b))) {
      if (doc.number || doc.error) continue;
      try {
        const { data: order } = await callAt(base, 'POST /api/orders/create', draftOf(doc.toJSON() as PendingOrder));
        await doc.incrementalPatch({ number: order.number, total: order.total });
        accepted.push(order);
      } catch (e) {
        if (!isFinal(e)) break; // offline or the server is away: the next attempt goes on from here
        await doc.incrementalPatch({ error: (e as Error).message.slice(0, 500) });
      }
    }
    return accepted;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(`order-outbox-${owner}`, run) : run();
};

/** Drafts whose order has arrived from the server are done with. */
export const dropDelivered = async (data: LocalData, owner: string): Promise<void> => {
  const drafts = await data.shop.pendingOrders.find({ selector: { owner } }).exec();
  if (!drafts.length) return;
  const arrived = await data.shop.orders.findByIds(drafts.map((d) => d.id)).exec();
  await Promise.all(drafts.filter((d) => arrived.has(d.id)).map((d) => d.remove()));
};

import { customerOrdersDb } from '../../schema/databases';
import type { ShopEvent } from '../../schema/event';
import type { Order } from '../../schema/order';
import { upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';

/** The staff calendar's event of an order. */
const eventOf = (o: Order): ShopEvent => ({
  id: `order-${o.number}`,
  source: 'shop',
  title: `Заказ №${o.number}`,
  description: `${o.recipient.name}, ${o.slot}, ${o.delivery.method === 'pickup' ? 'самовывоз' : o.delivery.address}`.slice(0, 2000),
  day: o.date,
  type: 'order',
  sum: o.total,
  data: { orderId: o.id, number: o.number, customer: o.customer },
  meta: { author: o.customer, createdAt: o.createdAt },
});

/**
 * Writes what follows from a placed order and is missing: the customer's copy in `orders-{phone}` (which their
 * devices pull) and the calendar event. Safe to repeat; `copy: 'replace'` also brings a changed status to the copy.
 */
export const spreadOrder = async (storage: Storage, o: Order, copy: 'if-missing' | 'replace' = 'if-missing'): Promise<void> => {
  await upsert<Omit<Order, 'id'>>(storage.db(customerOrdersDb(o.customer)), o.id, (current) =>
    current && (copy === 'if-missing' || current.status === o.status) ? null : toSynced(o),
  );
  const event = eventOf(o);
  await upsert<Omit<ShopEvent, 'id'>>(storage.db('events'), event.id, (current) => (current ? null : toSynced(event)));
};

import { z } from 'zod';
import { orderRecord } from './order-record';
import { followDb } from '../db/follow';
import type { Storage } from '../db/storage';

/** What the index keeps of a placed, numbered order: enough to find it by day or by customer, and a card's totals. */
interface IndexedOrder {
  date: string;
  customer: string;
  total: number;
  cancelled: boolean;
}

const indexed = z.object({
  stage: z.literal('placed'),
  number: z.number(),
  date: z.string(),
  customer: z.string().default(''),
  total: z.number(),
  status: orderRecord.shape.status,
});

/**
 * The placed orders of the server-only `orders` database by delivery day and by customer (issue 32, items 2–3;
 * DECISIONS «Analytics reads its periods»), in this app server, caught up with the database's changes before every
 * read: a report reads the orders of its days only, the first day of each of its customers without reading an earlier
 * order, and a page of client cards its totals without reading an order. A view of the store would do the same on
 * CouchDB; on the embedded PouchDB a view took about 4 s a thousand orders to build (docs/BENCH.md), minutes for a year.
 */
export const ordersIndex = (storage: Storage) => {
  const orders = new Map<string, IndexedOrder>();
  const sync = followDb(storage, 'orders', (id, doc, deleted) => {
    const o = !deleted && doc && !id.startsWith('_') ? indexed.safeParse(doc) : null;
    if (o?.success) orders.set(id, { date: o.data.date, customer: o.data.customer, total: o.data.total, cancelled: o.data.status === 'cancelled' });
    else orders.delete(id);
  });

  return {
    /** Reads the orders so far (every app server at start, without waiting for it). */
    warm: () => sync(),

    /** The ids of the placed orders delivered on the days `from`–`to`, cancelled ones too. */
    async ofDays(from: string, to: string): Promise<string[]> {
      await sync();
      return [...orders].filter(([, o]) => o.date >= from && o.date <= to).map(([id]) => id);
    },

    /** Each customer's first day among the orders not cancelled before `day`: from the index, no order read. */
    async firstDaysBefore(day: string, customers: ReadonlySet<string>): Promise<Map<string, string>> {
      await sync();
      const first = new Map<string, string>();
      for (const o of orders.values()) {
        if (o.cancelled || o.date >= day || !customers.has(o.customer)) continue;
        const was = first.get(o.customer);
        if (!was || o.date < was) first.set(o.customer, o.date);
      }
      return first;
    },

    /** The orders not cancelled of these customers' phones: the total and the day of each. */
    async ofCustomers(phones: readonly string[]): Promise<Map<string, { total: number; date: string }[]>> {
      await sync();
      const wanted = new Set(phones);
      const by = new Map<string, { total: number; date: string }[]>();
      for (const o of orders.values()) if (!o.cancelled && wanted.has(o.customer)) by.set(o.customer, [...(by.get(o.customer) ?? []), { total: o.total, date: o.date }]);
      return by;
    },
  };
};
export type OrdersIndex = ReturnType<typeof ordersIndex>;

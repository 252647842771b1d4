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
 * The placed orders of the server-only `orders` database by customer (issue 32, item 2; DECISIONS «Analytics reads
 * its periods»), in this app server, caught up with the database's changes before every read: a page of client cards
 * reads its totals without reading an order. A view of the store would do the same on CouchDB; on the embedded PouchDB
 * a view took about 4 s a thousand orders to build (docs/BENCH.md), minutes for a year. (Reports read their own
 * projection, the sums by day: server/analytics/day-summary.ts.)
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

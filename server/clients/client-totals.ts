import { clientPhones } from '../../schema/entities/client';
import type { OfficeRecord } from '../../schema/shared/record';
import type { Order } from '../../schema/studio/orders/order';
import { allDocs } from '../db/docs';
import type { OrdersIndex } from '../orders/orders-index';
import type { Storage } from '../db/storage';
import { orderRecordOf } from '../orders/order-record';

interface ClientTotals {
  orders: number;
  spent: number;
  averageCheck: number;
  lastOrder?: string;
}

/** Placed, not cancelled orders, by the customer's phone: what a client's totals count. */
export const ordersByCustomer = async (storage: Storage): Promise<Map<string, Order[]>> => {
  const byCustomer = new Map<string, Order[]>();
  for (const doc of await allDocs<object>(storage.db('orders'))) {
    const r = orderRecordOf(doc);
    if (!r || r.stage !== 'placed' || r.number === undefined || r.status === 'cancelled') continue;
    const o = { ...r, number: r.number };
    byCustomer.set(o.customer, [...(byCustomer.get(o.customer) ?? []), o]);
  }
  return byCustomer;
};

/** How many orders, their sum, the average check (rounded to roubles) and the last order's delivery day. */
const totalsOf = (orders: Pick<Order, 'total' | 'date'>[]): ClientTotals => {
  const spent = orders.reduce((s, o) => s + o.total, 0);
  const lastOrder = orders.map((o) => o.date).sort().at(-1);
  return { orders: orders.length, spent, averageCheck: orders.length ? Math.round(spent / orders.length) : 0, ...(lastOrder ? { lastOrder } : {}) };
};

/**
 * The client entity's computed fields (schema/entities/client.ts), from the orders on every read: a client's card and
 * list never show totals that went stale. Orders count under the main phone and every other phone of the card.
 */
export const clientTotals = (orders: OrdersIndex) => async (records: OfficeRecord[]): Promise<OfficeRecord[]> => {
  const phonesOf = (r: OfficeRecord) => clientPhones({ phone: String(r.data.phone), otherPhones: String(r.data.otherPhones ?? '') });
  // The orders index (server/orders/orders-index.ts) holds each order's total and day: no order is read.
  const byCustomer = await orders.ofCustomers([...new Set(records.flatMap(phonesOf))]);
  return records.map((r) => {
    const { lastOrder: _stale, ...data } = r.data;
    return { ...r, data: { ...data, ...totalsOf(phonesOf(r).flatMap((p) => byCustomer.get(p) ?? [])) } };
  });
};

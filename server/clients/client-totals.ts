import { clientPhones } from '../../schema/entities/client';
import type { OfficeRecord } from '../../schema/shared/record';
import type { Order } from '../../schema/studio/orders/order';
import { z } from 'zod';
import { allDocs, stripMeta, upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { orderRecord } from '../orders/order-record';

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
    const parsed = orderRecord.safeParse({ ...stripMeta(doc), id: doc._id });
    if (!parsed.success || parsed.data.stage !== 'placed' || parsed.data.number === undefined || parsed.data.status === 'cancelled') continue;
    const o = { ...parsed.data, number: parsed.data.number };
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
 * Placed, numbered, not cancelled orders by customer, with the two figures a card's totals need: a view of the
 * server-only `orders` database, so a page of cards reads the orders of its own phones, not every order.
 */
const designId = '_design/client-totals';
const design = {
  views: {
    'by-customer': {
      map: "function (doc) { if (doc.stage === 'placed' && typeof doc.number === 'number' && doc.status !== 'cancelled' && typeof doc.customer === 'string' && typeof doc.total === 'number' && typeof doc.date === 'string') emit(doc.customer, [doc.total, doc.date]); }",
    },
  },
  language: 'javascript',
};

/** Writes the view once per store (every app server calls it at start; the same content is not written again). */
export const ensureClientTotalsView = async (storage: Storage): Promise<void> => {
  await upsert<object>(storage.db('orders'), designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(design.views) ? null : design));
  // Built now, in the background, rather than by the first list after a year of orders arrived.
  void storage.db('orders').query('client-totals/by-customer', { limit: 0 }).catch(() => undefined);
};

/** More phones than this and one pass over every order costs less than a look-up per phone. */
const lookUpAtMost = 500;
const totalAndDate = z.tuple([z.number(), z.string()]);

/** The orders of these phones, as the totals read them (total and delivery day), by phone. */
const ordersOfPhones = async (storage: Storage, phones: string[]): Promise<Map<string, Pick<Order, 'total' | 'date'>[]>> => {
  if (phones.length > lookUpAtMost) return ordersByCustomer(storage);
  const byCustomer = new Map<string, Pick<Order, 'total' | 'date'>[]>();
  if (!phones.length) return byCustomer;
  const { rows } = await storage.db('orders').query<object>('client-totals/by-customer', { keys: phones });
  for (const r of rows) {
    const value = totalAndDate.safeParse(r.value);
    if (!value.success || typeof r.key !== 'string') continue;
    byCustomer.set(r.key, [...(byCustomer.get(r.key) ?? []), { total: value.data[0], date: value.data[1] }]);
  }
  return byCustomer;
};

/**
 * The client entity's computed fields (schema/entities/client.ts), from the orders on every read: a client's card and
 * list never show totals that went stale. Orders count under the main phone and every other phone of the card.
 */
export const clientTotals = (storage: Storage) => async (records: OfficeRecord[]): Promise<OfficeRecord[]> => {
  const phonesOf = (r: OfficeRecord) => clientPhones({ phone: String(r.data.phone), otherPhones: String(r.data.otherPhones ?? '') });
  const byCustomer = await ordersOfPhones(storage, [...new Set(records.flatMap(phonesOf))]);
  return records.map((r) => {
    const { lastOrder: _stale, ...data } = r.data;
    return { ...r, data: { ...data, ...totalsOf(phonesOf(r).flatMap((p) => byCustomer.get(p) ?? [])) } };
  });
};

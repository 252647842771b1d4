import type { RxCollection, RxDocument } from 'rxdb';
import { map, type Observable } from 'rxjs';
import type { Order } from '../../../../schema/studio/orders/order';
import { recordData, type OfficeRecord } from '../../../../schema/shared/record';
import { courier } from '../../../../schema/entities/courier';
import { orderCommandEntity } from '../../../../schema/entities/order-command';

/** The board's one query: the orders delivered on these days, read through the collection's `date` index. */
export const dayOrdersQuery = (orders: RxCollection<Order>, from: string, to: string) =>
  orders.find({ selector: { date: { $gte: from, $lte: to } }, sort: [{ date: 'asc' }] });

/**
 * RxDB hands back the same document object while an order is unchanged: its plain copy is made once, so an
 * unchanged card keeps its props and React skips it when another order of the day changes.
 */
const plain = new WeakMap<RxDocument<Order>, Order>();
export const plainOrder = (doc: RxDocument<Order>): Order => {
  let o = plain.get(doc);
  if (!o) plain.set(doc, (o = doc.toMutableJSON()));
  return o;
};

/** The day's orders, live: one subscription for the whole board, never one per card. */
export const dayOrders$ = (orders: RxCollection<Order>, from: string, to: string): Observable<Order[]> =>
  dayOrdersQuery(orders, from, to).$.pipe(map((docs) => docs.map(plainOrder)));

/**
 * Orders with a staff command the server has not answered yet (issue 10: marked on the card). Only commands without
 * an outcome are read, so a long history of answered ones (photos among them) costs nothing here.
 */
export const pendingCommandOrders$ = (office: RxCollection<OfficeRecord>): Observable<Set<string>> =>
  office.find({ selector: { type: orderCommandEntity.type, 'data.outcome': { $exists: false } } }).$.pipe(
    map((docs) => new Set(docs.flatMap((d) => recordData(orderCommandEntity, d)?.order ?? []))),
  );

/** Couriers by record id, for the cards and the courier filter. */
export const courierNames$ = (office: RxCollection<OfficeRecord>): Observable<Map<string, { name: string; active: boolean }>> =>
  office.find({ selector: { type: courier.type } }).$.pipe(
    map((docs) => new Map(docs.flatMap((d) => {
      const c = recordData(courier, d);
      return c ? [[d.id, { name: c.name, active: c.active }] as const] : [];
    }))),
  );

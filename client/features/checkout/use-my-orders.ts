import { combineLatest, map } from 'rxjs';
import { orderStatuses, type Order, type OrderDraft } from '../../../schema/order';
import type { PendingOrder } from '../../data/collections';
import { useLocal } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';

export const pendingLabel = 'Ожидает отправки';

/** One row of "my orders": an order the server holds, or one still on this device. */
export interface MyOrder {
  id: string;
  number?: number;
  date: string;
  slot: string;
  recipient: string;
  /** Where it goes: the address, or pickup at the studio. */
  place: string;
  /** What was ordered, in words: «Букет «Нежность» (L) × 2». Drafts know only the device's cart lines by id. */
  items: string[];
  total?: number;
  status: Order['status'] | 'pending' | 'refused';
  statusLabel: string;
  error?: string;
  createdAt: number;
}

export const statusLabel = (status: Order['status']): string => orderStatuses.find((s) => s.id === status)?.label ?? status;

const placeOf = (d: OrderDraft) => (d.delivery.method === 'pickup' ? 'самовывоз из студии' : d.delivery.address);

const fromOrder = (o: Order): MyOrder => ({
  id: o.id,
  number: o.number,
  date: o.date,
  slot: o.slot,
  recipient: o.recipient.name,
  place: placeOf(o),
  items: o.lines.map((l) => `${l.name}${l.letterSize ? ` (${l.letterSize})` : ''} × ${l.count}`),
  total: o.total,
  status: o.status,
  statusLabel: statusLabel(o.status),
  createdAt: o.createdAt,
});

const fromPending = (p: PendingOrder): MyOrder => {
  const status = p.error ? 'refused' : p.number ? 'new' : 'pending';
  return {
    id: p.id,
    number: p.number,
    date: p.date,
    slot: p.slot,
    recipient: p.recipient.name,
    place: placeOf(p),
    items: [],
    total: p.total,
    status,
    statusLabel: status === 'refused' ? 'Не принят' : status === 'new' ? statusLabel('new') : pendingLabel,
    error: p.error,
    createdAt: p.createdAt,
  };
};

/** The customer's orders, live: pulled from their `orders-{phone}` plus the drafts still waiting on this device. */
export const useMyOrders = (phone: string | undefined): MyOrder[] => {
  const { data } = useLocal();
  return useObservable(
    () =>
      combineLatest([data.shop.orders.find({ selector: { customer: phone ?? '-' } }).$, data.shop.pendingOrders.find({ selector: { owner: phone ?? '-' } }).$]).pipe(
        map(([orders, pending]) => {
          const known = new Set(orders.map((o) => o.id));
          const rows: MyOrder[] = [
            ...orders.map((o) => fromOrder(o.toJSON() as Order)),
            ...pending.filter((p) => !known.has(p.id)).map((p) => fromPending(p.toJSON() as PendingOrder)),
          ];
          return rows.sort((a, b) => b.createdAt - a.createdAt);
        }),
      ),
    [],
    [data, phone],
  );
};

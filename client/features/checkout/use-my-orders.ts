import { combineLatest, map } from 'rxjs';
import { orderStatuses, type Order } from '../../../schema/order';
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
  total?: number;
  status: string;
  error?: string;
  createdAt: number;
}

export const statusLabel = (status: Order['status']): string => orderStatuses.find((s) => s.id === status)?.label ?? status;

const fromPending = (p: PendingOrder): MyOrder => ({
  id: p.id,
  number: p.number,
  date: p.date,
  slot: p.slot,
  total: p.total,
  status: p.error ? 'Не принят' : p.number ? statusLabel('new') : pendingLabel,
  error: p.error,
  createdAt: p.createdAt,
});

/** The customer's orders, live: pulled from their `orders-{phone}` plus the drafts still waiting on this device. */
export const useMyOrders = (phone: string | undefined): MyOrder[] => {
  const { data } = useLocal();
  return useObservable(
    () =>
      combineLatest([data.shop.orders.find({ selector: { customer: phone ?? '-' } }).$, data.shop.pendingOrders.find({ selector: { owner: phone ?? '-' } }).$]).pipe(
        map(([orders, pending]) => {
          const known = new Set(orders.map((o) => o.id));
          const rows: MyOrder[] = [
            ...orders.map((o) => ({ id: o.id, number: o.number, date: o.date, slot: o.slot, total: o.total, status: statusLabel(o.status), createdAt: o.createdAt })),
            ...pending.filter((p) => !known.has(p.id)).map((p) => fromPending(p.toJSON() as PendingOrder)),
          ];
          return rows.sort((a, b) => b.createdAt - a.createdAt);
        }),
      ),
    [],
    [data, phone],
  );
};

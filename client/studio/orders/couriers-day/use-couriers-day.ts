import { useMemo } from 'react';
import { map } from 'rxjs';
import { courier as courierEntity } from '../../../../schema/entities/courier';
import { orderCommandEntity } from '../../../../schema/entities/order-command';
import { order as orderSchema, type Order } from '../../../../schema/studio/orders/order';
import { recordData } from '../../../../schema/shared/record';
import { useLocal } from '../../../data/local-data-context';
import { commandView, type OrderCommandView } from '../../../data/order-commands';
import { useObservable } from '../../../lib/use-observable';
import { studioPulled$ } from '../../../data/sync/pulled-mark';
import { useWaitingOrders } from '../studio-order/provisional-orders';
import { couriersDay, pendingAssignments, type Assignment, type CouriersDay, type DayCourier } from './courier-day';

/** The day's orders from the device (staff devices pull `studio-orders` into `orders`), live. */
const useDayOrders = (day: string): Order[] | null => {
  const { data } = useLocal();
  const orders$ = useMemo(
    () =>
      data.shop.orders
        .find({ selector: { date: day } })
        .$.pipe(map((docs) => docs.flatMap((d) => { const o = orderSchema.safeParse(d.toMutableJSON()); return o.success ? [o.data] : []; }))),
    [data, day],
  );
  return useObservable<Order[] | null>(orders$, null);
};

/** The studio's couriers (office records), live; null until the device has answered. */
const useDayCouriers = (): DayCourier[] | null => {
  const { data } = useLocal();
  const couriers$ = useMemo(
    () =>
      data.shop.office.find({ selector: { type: courierEntity.type } }).$.pipe(
        map((docs) =>
          docs.flatMap((d) => {
            const c = recordData(courierEntity, d);
            return c ? [{ id: d.id, name: c.name, phone: c.phone, feePerDelivery: c.feePerDelivery, active: c.active }] : [];
          }),
        ),
      ),
    [data],
  );
  return useObservable<DayCourier[] | null>(couriers$, null);
};

/** Couriers handed or taken back on this device and not yet shown by the day's orders, live. */
const usePendingAssignments = (orders: readonly Order[] | null): ReadonlyMap<string, Assignment> => {
  const { data } = useLocal();
  const ids = useMemo(() => (orders ?? []).map((o) => o.id).sort().join(' '), [orders]);
  const commands$ = useMemo(
    () =>
      data.shop.office
        .find({ selector: { type: orderCommandEntity.type, 'data.action.kind': 'assign', 'data.order': { $in: ids ? ids.split(' ') : [] } } })
        .$.pipe(map((docs) => docs.flatMap((d) => commandView(d.toMutableJSON()) ?? []))),
    [data, ids],
  );
  const commands = useObservable<OrderCommandView[]>(commands$, noCommands);
  return useMemo(() => (commands.length ? pendingAssignments(commands, orders ?? []) : noPending), [commands, orders]);
};
const noCommands: OrderCommandView[] = [];
const noPending: ReadonlyMap<string, Assignment> = new Map();

/**
 * A day's couriers and their routes from the device, live and offline: the day's orders (with those taken offline and
 * not numbered yet, issue 18, item 10), the studio's couriers and the assignments waiting to be sent. null while
 * orders or couriers load, and on a device that has not pulled the studio's data yet (an empty day would be a claim).
 * The couriers' day and the route sheet of /admin/documents read it.
 */
export const useCouriersDay = (day: string): { result: CouriersDay | null; couriers: DayCourier[] } => {
  const stored = useDayOrders(day);
  const waiting = useWaitingOrders();
  const pulled = useObservable(studioPulled$, studioPulled$.value);
  const orders = useMemo(() => stored && [...stored, ...waiting.filter((o) => o.date === day && !stored.some((s) => s.id === o.id))], [stored, waiting, day]);
  const couriers = useDayCouriers();
  const pending = usePendingAssignments(orders);
  const result = useMemo(() => (orders && couriers && pulled ? couriersDay(orders, couriers, day, pending) : null), [orders, couriers, pulled, day, pending]);
  return { result, couriers: couriers ?? noCouriers };
};
const noCouriers: DayCourier[] = [];

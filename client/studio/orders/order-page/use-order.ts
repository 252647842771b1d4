import { useMemo } from 'react';
import { map } from 'rxjs';
import { order as orderSchema, type Order } from '../../../../schema/studio/orders/order';
import { courier } from '../../../../schema/entities/courier';
import { recordData } from '../../../../schema/shared/record';
import { useLocal } from '../../../data/local-data-context';
import { useObservable } from '../../../lib/use-observable';

/**
 * One order from the device's `orders` (staff devices pull `studio-orders` into it): by its id, or by its number
 * as people say it («заказ 1042»). undefined while it loads, null when the device does not hold it.
 */
export const useOrder = (key: string): Order | null | undefined => {
  const { data } = useLocal();
  const order$ = useMemo(() => {
    const number = /^\d{1,9}$/.test(key) ? Number(key) : null;
    const selector = number ? { $or: [{ id: key }, { number }] } : { id: key };
    return data.shop.orders.findOne({ selector }).$.pipe(
      map((doc) => {
        if (!doc) return null;
        const parsed = orderSchema.safeParse(doc.toMutableJSON());
        return parsed.success ? parsed.data : null;
      }),
    );
  }, [data, key]);
  return useObservable<Order | null | undefined>(order$, undefined);
};

export interface CourierChoice {
  id: string;
  name: string;
  phone: string;
  active: boolean;
}

/** The studio's couriers (office `courier` records), by name: whom an order may be handed to. */
export const useCouriers = (): CourierChoice[] => {
  const { data } = useLocal();
  const couriers$ = useMemo(
    () =>
      data.shop.office.find({ selector: { type: courier.type } }).$.pipe(
        map((docs) =>
          docs
            .flatMap((d) => {
              const c = recordData(courier, d);
              return c ? [{ id: d.id, name: c.name, phone: c.phone, active: c.active }] : [];
            })
            .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
        ),
      ),
    [data],
  );
  return useObservable(couriers$, []);
};

import { useMemo } from 'react';
import { map, of } from 'rxjs';
import { order as orderSchema, type Order } from '../../../../schema/studio/orders/order';
import { courier } from '../../../../schema/entities/courier';
import { recordData } from '../../../../schema/shared/record';
import { useLocalIfOpen } from '../../../data/local-data-context';
import { useObservable } from '../../../lib/use-observable';

/** The device's answer before its store has opened: still loading. */
const notYet$ = of(undefined);

/**
 * One order from the device's `orders` (staff devices pull `studio-orders` into it): by its id, or by its number
 * as people say it («заказ 1042»). undefined while it loads (the store not open yet included), null when the device
 * does not hold it. `drawn`, the order the server wrote into the page (./drawn-order.ts), answers while the device
 * has not answered or does not hold it yet (issue 32, item 1); the device's copy wins as soon as it has one.
 */
export const useOrder = (key: string, drawn: Order | null = null): Order | null | undefined => {
  const data = useLocalIfOpen()?.data;
  const order$ = useMemo(() => {
    if (!data) return notYet$;
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
  const stored = useObservable<Order | null | undefined>(order$, undefined);
  return stored ?? drawn ?? stored;
};

export interface CourierChoice {
  id: string;
  name: string;
  phone: string;
  active: boolean;
}

const noCouriers: CourierChoice[] = [];
const noCouriers$ = of(noCouriers);

/** The studio's couriers (office `courier` records), by name: whom an order may be handed to; none before the store opens. */
export const useCouriers = (): CourierChoice[] => {
  const data = useLocalIfOpen()?.data;
  const couriers$ = useMemo(
    () =>
      !data
        ? noCouriers$
        : data.shop.office.find({ selector: { type: courier.type } }).$.pipe(
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
  return useObservable(couriers$, noCouriers);
};

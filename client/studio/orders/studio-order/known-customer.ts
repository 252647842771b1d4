import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { order as orderSchema, type Order } from '../../../../schema/studio/orders/order';
import { phone as phoneSchema } from '../../../../schema/shared/phone';

/**
 * «Клиент найден»: a customer who ordered before, by the orders this device holds (staff devices keep a week back and
 * every future delivery). The server finds or creates the customer by phone all the same; this only saves typing
 * the name and tells the manager it is someone the studio knows.
 */
interface KnownCustomer {
  name: string;
  orders: number;
  lastAddress?: string;
}

export const knownCustomer = (orders: readonly Pick<Order, 'customer' | 'sender' | 'delivery' | 'createdAt'>[], phone: string): KnownCustomer | null => {
  const theirs = orders.filter((o) => o.customer === phone).sort((a, b) => b.createdAt - a.createdAt);
  const last = theirs[0];
  if (!last) return null;
  const delivered = theirs.find((o) => o.delivery.method === 'courier');
  return { name: last.sender.name, orders: theirs.length, ...(delivered?.delivery.method === 'courier' ? { lastAddress: delivered.delivery.address } : {}) };
};

/** The customer behind a typed phone, once it is a whole number; null while unknown or incomplete. */
export const useKnownCustomer = (orders: RxCollection<Order>, typed: string): KnownCustomer | null => {
  const parsed = phoneSchema.safeParse(typed);
  const phone = parsed.success ? parsed.data : null;
  const [found, setFound] = useState<{ phone: string; customer: KnownCustomer | null } | null>(null);
  useEffect(() => {
    if (!phone) return;
    let current = true;
    void orders
      .find({ selector: { customer: phone } })
      .exec()
      .then((docs) => {
        const list = docs.flatMap((d) => { const o = orderSchema.safeParse(d.toMutableJSON()); return o.success ? [o.data] : []; });
        if (current) setFound({ phone, customer: knownCustomer(list, phone) });
      });
    return () => {
      current = false;
    };
  }, [orders, phone]);
  return found && found.phone === phone ? found.customer : null;
};

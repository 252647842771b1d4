import { z } from 'zod';
import { yearlyDates, type Client } from '../../entities/client';
import type { Order } from '../orders/order';
import { officeRecord } from '../../shared/record';

/** Body of POST /api/clients/history: the card whose dates are looked back at. */
export const clientHistoryRequest = z.strictObject({ id: officeRecord.shape.id });

/** Who the flowers went to: what a new order to the same person starts from. */
export interface LastRecipient {
  name: string;
  phone: string;
  address: string;
}

/** An earlier order for a date, as the card shows it. */
interface EarlierOrder {
  id: string;
  number: number;
  date: string;
  total: number;
  recipient: LastRecipient;
}

/** One yearly date of the card with the orders made for it in earlier years, the latest first. */
interface DateHistory {
  title: string;
  date: string;
  orders: EarlierOrder[];
}

/** Answer of POST /api/clients/history. `last` is the recipient of the client's latest order. */
export interface ClientHistory {
  dates: DateHistory[];
  last?: LastRecipient;
}

/** An order is for a date when it is delivered on its day or up to this many days before it. */
const daysAhead = 2;

const recipientOf = (o: Order): LastRecipient => ({ name: o.recipient.name, phone: o.recipient.phone, address: o.delivery.method === 'courier' ? o.delivery.address : '' });

/** True when `delivered` (YYYY-MM-DD) falls on the yearly day `mmdd` of its own year or of the next, or up to two days before. */
const isFor = (delivered: string, mmdd: string): boolean => {
  const at = Date.parse(`${delivered}T00:00:00Z`);
  const year = Number(delivered.slice(0, 4));
  return [year, year + 1].some((y) => {
    // 29 February outside leap years: Date.parse rolls it to 1 March, the day the date is kept then.
    const target = Date.UTC(y, Number(mmdd.slice(0, 2)) - 1, Number(mmdd.slice(3, 5)));
    const before = (target - at) / 86_400_000;
    return before >= 0 && before <= daysAhead;
  });
};

/**
 * The orders of a client made for each of their yearly dates (the birthday and the important dates) in earlier years:
 * delivered on that day or up to two days before it, before this year. `orders` are the client's placed orders.
 */
export const clientHistory = (c: Pick<Client, 'name' | 'birthday' | 'dates'>, orders: Order[], today: string): ClientHistory => {
  const thisYear = today.slice(0, 4);
  const earlier = orders.filter((o) => o.date < `${thisYear}-01-01`).sort((a, b) => b.date.localeCompare(a.date));
  const latest = [...orders].sort((a, b) => b.date.localeCompare(a.date) || b.createdAt - a.createdAt)[0];
  return {
    dates: yearlyDates(c).map((d) => ({
      title: d.title,
      date: d.date,
      orders: earlier.filter((o) => isFor(o.date, d.date)).map((o) => ({ id: o.id, number: o.number, date: o.date, total: o.total, recipient: recipientOf(o) })),
    })),
    ...(latest ? { last: recipientOf(latest) } : {}),
  };
};

import type { Order } from './order';

/**
 * What is still to be taken from the customer (on delivery or at pickup): the whole total of an unpaid order, what a
 * payment of less than the total leaves, nothing of an order paid in full (a payment recorded without an amount was
 * for the total). The florist's ticket prints it.
 */
export const amountOwed = (o: Pick<Order, 'total' | 'paid'>): number => {
  if (o.paid?.status !== 'paid') return o.total;
  return Math.max(0, o.total - (o.paid.amount ?? o.total));
};

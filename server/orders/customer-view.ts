import type { Order } from '../../schema/studio/orders/order';
import { studioRefundWay, type CustomerRefund } from '../../schema/shop/customer-refund';
import { givenBackAtStudio } from '../../schema/studio/orders/order-money';

/** A refund through YooKassa as the server's queue holds it, for the customer's copy: the history entry (command) that called for it. */
export type QueuedRefund = CustomerRefund & { command: string };

/**
 * Every refund the customer is told of, oldest first (by the history entry that called for it): YooKassa's, as the
 * caller read them from the refunds' queue, and the money the studio handed back itself (cash, card at the studio:
 * `givenBackAtStudio`, the one list `owed` takes off too), which the order's history says. Nothing of the studio's side.
 */
const refundsTold = (o: Order, queued: readonly QueuedRefund[]): CustomerRefund[] => {
  const history = o.history ?? [];
  const at = (command: string) => {
    const i = history.findIndex((h) => h.command === command);
    return i < 0 ? history.length : i;
  };
  const studio = givenBackAtStudio(history).map((r) => ({ command: r.command, amount: r.amount, state: 'done' as const, way: studioRefundWay(r.payment?.method) }));
  return [...queued, ...studio].map((r, i) => ({ r, i })).sort((x, y) => at(x.r.command) - at(y.r.command) || x.i - y.i).map(({ r: { command: _c, ...r } }) => r);
};

/**
 * The customer's view of an order: what they ordered, its status, photo, payment and cancellation reason, and the
 * money going back to them (YooKassa's refunds, when the caller read them, and what the studio handed back itself);
 * nothing of the studio's side (history, florist, courier, who recorded the payment, why a refund was refused). The
 * one way a customer's answer or their `orders-{phone}` copy is made from an order, so no staff phone reaches a
 * customer's device.
 */
export const customerView = (o: Order, queued: readonly QueuedRefund[] = []): Order => {
  const { history: _h, florist: _f, courier: _c, clientNote: _n, refunds: _r, paid, ...rest } = o;
  const told = refundsTold(o, queued);
  const back = told.length ? { refunds: told } : {};
  if (!paid) return { ...rest, ...back };
  const { by: _b, ...payment } = paid;
  return { ...rest, paid: payment, ...back };
};

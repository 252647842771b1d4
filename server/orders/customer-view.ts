import type { Order } from '../../schema/studio/orders/order';
import type { CustomerRefund } from '../../schema/shop/customer-refund';

/**
 * The customer's view of an order: what they ordered, its status, photo, payment and cancellation reason, and the
 * money going back to them through YooKassa (its sum and state, when the caller read the refunds); nothing of the
 * studio's side (history, florist, courier, who recorded the payment, why a refund was refused). The one way a
 * customer's answer or their `orders-{phone}` copy is made from an order, so no staff phone reaches a customer's device.
 */
export const customerView = ({ history: _h, florist: _f, courier: _c, clientNote: _n, refunds: _r, paid, ...rest }: Order, refunds: readonly CustomerRefund[] = []): Order => {
  const back = refunds.length ? { refunds: [...refunds] } : {};
  if (!paid) return { ...rest, ...back };
  const { by: _b, ...payment } = paid;
  return { ...rest, paid: payment, ...back };
};

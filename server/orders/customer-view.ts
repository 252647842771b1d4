import type { Order } from '../../schema/studio/orders/order';

/**
 * The customer's view of an order: what they ordered, its status, photo, payment and cancellation reason; nothing of
 * the studio's side (history, florist, courier, who recorded the payment). The one way a customer's answer or their
 * `orders-{phone}` copy is made from an order, so no staff phone reaches a customer's device.
 */
export const customerView = ({ history: _h, florist: _f, courier: _c, clientNote: _n, paid, ...rest }: Order): Order => {
  if (!paid) return rest;
  const { by: _b, ...payment } = paid;
  return { ...rest, paid: payment };
};

import { Router } from 'express';
import { type PaymentOffer } from '../../schema/shop/pay-now';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { clientAddress } from '../auth/client-address';
import { limitRate } from '../auth/rate-limit';
import { route } from '../http/route';
import { orderCommands } from '../orders/order-commands';
import { orderService } from '../orders/order-service';
import { onlinePayments } from '../payments/online-payments';
import { publicOriginOf } from '../seo/public-origin';

/** Online payment over HTTP; the rules live in server/payments/online-payments.ts. */
export const paymentsApi = (shop: Shop): Router => {
  const api = Router();
  const orders = orderService(shop);
  const payments = onlinePayments(shop, orders, orderCommands(shop, orders));

  route(api, 'GET /api/payments/offer', (): { data: PaymentOffer } => ({ data: { online: payments.offered, holdMinutes: Math.round(payments.holdMs / 60_000) } }));

  route(api, 'POST /api/payments/start', async ({ body, req, res }) => ({
    data: await payments.start(body, res.locals.user as User, publicOriginOf(shop.config, req)),
  }));

  route(api, 'POST /api/payments/check', async ({ body, res }) => ({ data: await payments.check(body.order, res.locals.user as User) }));

  route(api, 'POST /api/payments/on-delivery', async ({ body, res }) => ({ data: await payments.onDelivery(body.order, res.locals.user as User) }));

  /** YooKassa confirms a notification by a 200; anything else (a 429 too) it sends again later. */
  route(api, 'POST /api/payments/notification', async ({ req }) => {
    await limitRate(shop.auth, `payment-notification-ip:${clientAddress(req)}`, shop.config.paymentNotificationsPerIp, 10 * 60_000);
    return payments.notification(req.body);
  });

  return api;
};

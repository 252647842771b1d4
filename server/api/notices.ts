import { Router } from 'express';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { route } from '../http/route';
import { noticeViewsOf, setSmsNotices, smsNoticesOn } from '../notices/outbox';

/**
 * The order SMS (issue 30): the signed-in customer's choice whether to get them (their own only), and what was sent
 * about an order, for staff on its page.
 */
export const noticesApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/my/sms-get', async ({ res }) => ({ data: { sms: await smsNoticesOn(shop.storage, (res.locals.user as User).phone) } }));
  route(api, 'POST /api/my/sms-set', async ({ body, res }) => ({ data: { sms: await setSmsNotices(shop.storage, (res.locals.user as User).phone, body.sms) } }));
  route(api, 'POST /api/orders/notices', async ({ body }) => ({ data: await noticeViewsOf(shop.storage, body.id) }));
  return api;
};

import { Router } from 'express';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { route } from '../http/route';
import { noticeViewsOf, setSmsNotices, smsNoticesOn } from '../notices/outbox';
import { deleteSubscription, staffPusherOf } from '../push/staff-push';
import { HttpError } from '../http/errors';

/**
 * The order SMS (issue 30): the signed-in customer's choice whether to get them (their own only), and what was sent
 * about an order, for staff on its page.
 */
export const noticesApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/my/sms-get', async ({ res }) => ({ data: { sms: await smsNoticesOn(shop.storage, (res.locals.user as User).phone) } }));
  route(api, 'POST /api/my/sms-set', async ({ body, res }) => ({ data: { sms: await setSmsNotices(shop.storage, (res.locals.user as User).phone, body.sms) } }));
  // Staff Web Push (server/push/staff-push.ts): the public key, and this device's subscription stamped with the session's staff member.
  route(api, 'POST /api/staff-push/key', () => {
    const pusher = staffPusherOf(shop.storage);
    if (!pusher) throw new HttpError(503, 'Уведомления сейчас недоступны');
    return { data: { publicKey: pusher.publicKey } };
  });
  route(api, 'POST /api/staff-push/subscribe', async ({ body, res }) => {
    const pusher = staffPusherOf(shop.storage);
    if (!pusher) throw new HttpError(503, 'Уведомления сейчас недоступны');
    const issue = await pusher.subscribe((res.locals.user as User).phone, body);
    if (issue) throw new HttpError(400, issue);
    return { data: { on: true } };
  });
  route(api, 'POST /api/staff-push/unsubscribe', async ({ body, res }) => {
    await deleteSubscription(shop.storage, body.endpoint, (res.locals.user as User).phone);
    return { data: { on: false } };
  });
  route(api, 'POST /api/orders/notices', async ({ body }) => ({ data: await noticeViewsOf(shop.storage, body.id) }));
  return api;
};

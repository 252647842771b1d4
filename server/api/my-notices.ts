import { Router } from 'express';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { route } from '../http/route';
import { setSmsNotices, smsNoticesOn } from '../notices/outbox';

/** The signed-in customer's choice whether the shop tells them by SMS what happens to their orders (issue 30): their own only. */
export const myNoticesApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/my/sms-get', async ({ res }) => ({ data: { sms: await smsNoticesOn(shop.storage, (res.locals.user as User).phone) } }));
  route(api, 'POST /api/my/sms-set', async ({ body, res }) => ({ data: { sms: await setSmsNotices(shop.storage, (res.locals.user as User).phone, body.sms) } }));
  return api;
};

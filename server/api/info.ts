import { Router } from 'express';
import { z } from 'zod';
import type { Shop } from '../context';
import { parse } from '../http/parse';
import { route } from '../http/route';
import { limitRate } from '../auth/rate-limit';
import { clientAddress } from '../auth/client-address';

/** Client reports (spec §7: addToCart, removeFromCart, client errors). They go to the server log. */
const notice = z.strictObject({
  message: z.string().min(1).max(500),
  stack: z.string().max(5000).optional(),
  ln: z.union([z.string().max(100), z.number()]).optional(),
  data: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
});

export const infoApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/info/notify', async (req) => {
    const report = parse(notice, req.body);
    await limitRate(shop.auth, `notify-ip:${clientAddress(req)}`, 100, 10 * 60_000);
    if (!shop.config.quiet) console.log('[notify]', JSON.stringify(report));
  });
  return api;
};

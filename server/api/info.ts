import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { limitRate } from '../auth/rate-limit';
import { clientAddress } from '../auth/client-address';
import { log } from '../ops/log';

/** Client reports (spec §7: addToCart, removeFromCart, client errors), shaped by schema/shared/api-requests.ts `clientNotice`. They go to the server log. */
export const infoApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/info/notify', async ({ body, req }) => {
    const report = body;
    await limitRate(shop.auth, `notify-ip:${clientAddress(req)}`, 100, 10 * 60_000);
    if (!shop.config.quiet) log.info({ report }, 'client notice');
  });
  return api;
};

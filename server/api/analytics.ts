import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { analyticsReportOf } from '../analytics/analytics-service';

/** /admin/analytics (issue 21, item 4): the studio's figures for a period, computed here from its own data. */
export const analyticsApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/analytics/report', ({ body }) => analyticsReportOf(shop.storage, body));
  return api;
};

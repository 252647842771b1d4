import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { analyticsReportOf } from '../analytics/analytics-service';
import type { StockProjection } from '../stock/stock-projection';
import { daySummary } from '../analytics/day-summary';

/** /admin/analytics (issue 21, item 4): the studio's figures for a period, computed here from its own data. */
export const analyticsApi = (shop: Shop, stock: StockProjection): Router => {
  // The sums by day are read at start, not by the first report.
  const days = daySummary(shop.storage);
  void days.warm().catch(() => undefined);
  const api = Router();
  route(api, 'POST /api/analytics/report', ({ body }) => analyticsReportOf(shop.storage, body, new Date(), days, stock));
  return api;
};

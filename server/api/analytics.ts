import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { analyticsReportOf } from '../analytics/analytics-service';
import type { StockProjection } from '../stock/stock-projection';
import type { OrdersIndex } from '../orders/orders-index';
import { officeIndex } from '../analytics/studio-facts';

/** /admin/analytics (issue 21, item 4): the studio's figures for a period, computed here from its own data. */
export const analyticsApi = (shop: Shop, stock: StockProjection, orders: OrdersIndex): Router => {
  const office = officeIndex(shop.storage);
  void office.warm().catch(() => undefined);
  const api = Router();
  route(api, 'POST /api/analytics/report', ({ body }) => analyticsReportOf(shop.storage, body, new Date(), { stock, orders, office }));
  return api;
};

import { Router } from 'express';
import type { StockAnswer } from '../../schema/studio/stock/stock-answer';
import { route } from '../http/route';
import type { StockProjection } from '../stock/stock-projection';

/** Stock balances and purchase prices as this app server's projection of the office database has them, caught up first. */
export const stockApi = (projection: StockProjection): Router => {
  const api = Router();
  route(api, 'POST /api/stock/balances', async (): Promise<StockAnswer> => {
    return (await projection.current()).answer();
  });
  return api;
};

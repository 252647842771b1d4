import { Router } from 'express';
import { noPayload } from '../../schema/api';
import type { StockAnswer } from '../../schema/stock-answer';
import { parse } from '../http/parse';
import { route } from '../http/route';
import type { StockProjection } from '../stock/stock-projection';

/** Stock balances and purchase prices as this app server's projection of the office database has them, caught up first. */
export const stockApi = (projection: StockProjection): Router => {
  const api = Router();
  route(api, 'POST /api/stock/balances', async (req): Promise<StockAnswer> => {
    parse(noPayload, req.body ?? {});
    return (await projection.current()).answer();
  });
  return api;
};

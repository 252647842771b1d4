import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { debtsNow } from '../money/debts';

/** /admin/debts: what customers owe and what is owed to suppliers, computed on the server (admins only, online). */
export const debtsApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/debts/list', () => {
    return debtsNow(shop.storage);
  });
  return api;
};

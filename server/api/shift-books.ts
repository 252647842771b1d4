import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { shiftChecks } from '../money/shift-books';

/** /admin/charges for managers: each close's expected sums as the device showed them beside the server's own. */
export const shiftBooksApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/shift-books/list', async () => {
    return { data: await shiftChecks(shop.storage) };
  });
  return api;
};

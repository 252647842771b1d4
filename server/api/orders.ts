import { Router } from 'express';
import { z } from 'zod';
import { listRequest } from '../../schema/api';
import { orderDraft, orderStatus } from '../../schema/order';
import { phone } from '../../schema/phone';
import type { User } from '../../schema/user';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { pageOf } from '../http/paging';
import { parse } from '../http/parse';
import { route } from '../http/route';
import { orderService } from '../orders/order-service';
import { stockOf } from '../stock/stock';

export const orderListRequest = z.strictObject({
  params: listRequest.shape.params,
  query: z.strictObject({ status: orderStatus.optional(), customer: phone.optional() }).default({}),
});
export const statusUpdate = z.strictObject({ id: orderDraft.shape.id, status: orderStatus });

/**
 * Orders over HTTP; the rules live in server/orders/. The server-only 'orders' database is the record; each
 * customer's `orders-{phone}` holds a copy the customer's devices pull (read-only), and 'events' gets an 'order' event.
 */
export const ordersApi = (shop: Shop, catalogIndex: CatalogIndex): Router => {
  const api = Router();
  const orders = orderService(shop);
  stockOf(shop.storage).onChange(catalogIndex.invalidate);

  route(api, 'POST /api/orders/create', async (req, res) => ({ data: await orders.create(parse(orderDraft, req.body), res.locals.user as User) }));

  route(api, 'POST /api/orders/list', async (req) => {
    const { params, query } = parse(orderListRequest, req.body);
    const all = (await orders.list()).filter((o) => (!query.status || o.status === query.status) && (!query.customer || o.customer === query.customer));
    return pageOf(all, params);
  });

  route(api, 'POST /api/orders/update-status', async (req) => {
    const { id, status } = parse(statusUpdate, req.body);
    return { data: await orders.changeStatus(id, status) };
  });

  return api;
};

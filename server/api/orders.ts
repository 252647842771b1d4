import crypto from 'node:crypto';
import { Router } from 'express';
import { pageOf } from '../../schema/shared/api';
import { type OrderCommand } from '../../schema/studio/orders/order-command';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { orderCommands } from '../orders/order-commands';
import { orderService } from '../orders/order-service';
import { onlinePayments } from '../payments/online-payments';
import { stockOf } from '../stock/stock';


/**
 * Orders over HTTP; the rules live in server/orders/. The server-only 'orders' database is the record; each
 * customer's `orders-{phone}` holds a copy the customer's devices pull (read-only), `studio-orders` the staff copy,
 * and 'events' gets an 'order' event. Staff change orders only by commands (server/orders/order-commands.ts).
 */
export const ordersApi = (shop: Shop, catalogIndex: CatalogIndex): Router => {
  const api = Router();
  const orders = orderService(shop);
  const commands = orderCommands(shop, orders);
  stockOf(shop.storage).onChange(catalogIndex.invalidate);

  // A draft a restore lost may name the online payment its order had: the payments read it at YooKassa (DECISIONS «A paid order a restore lost»).
  const payments = onlinePayments(shop, orders, commands);

  route(api, 'POST /api/orders/create', async ({ body, res }) => ({ data: await payments.create(body, res.locals.user as User) }));

  route(api, 'POST /api/orders/list', async ({ body, res }) => {
    const { params, query } = body;
    const all = (await orders.listFor(res.locals.user as User)).filter((o) => (!query.status || o.status === query.status) && (!query.customer || o.customer === query.customer));
    return pageOf(all, params);
  });

  /** The outcome, with the order only for one the sender is shown (a command on an order past the window changes it unseen). */
  const run = async (command: OrderCommand, user: User) => {
    const { outcome, order } = await commands.apply(command, user);
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.reason);
    return { ...(order && orders.seenBy(user, order) ? { data: order } : {}), outcome };
  };

  /** A staff command online (API clients, tests); devices send the same command through /db/office. Refusals are 4xx. */
  route(api, 'POST /api/orders/command', async ({ body, res }) => run(body, res.locals.user as User));

  /** The customer cancels their own order before assembly (/my); stock comes back once, as for a staff cancellation. */
  route(api, 'POST /api/orders/cancel', async ({ body, res }) => {
    const { id } = body;
    const { outcome, order } = await commands.cancelByCustomer(id, res.locals.user as User);
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.reason);
    return { data: order, outcome };
  });

  /** A status command whose `from` is the status now: the caller saw the order as it is. */
  route(api, 'POST /api/orders/update-status', async ({ body, res }) => {
    const { id, status, reason } = body;
    const current = await orders.recordOf(id);
    if (!current || current.stage !== 'placed') throw new HttpError(404, 'Заказ не найден');
    return run({ id: `status-${crypto.randomUUID()}`, order: id, action: { kind: 'status', from: current.status, to: status, reason } }, res.locals.user as User);
  });

  return api;
};

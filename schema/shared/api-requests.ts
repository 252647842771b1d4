import { z } from 'zod';
import { listRequest } from './api';
import { orderDraft, orderStatus } from '../studio/orders/order';
import { phone } from './phone';

/** Requests and answers of /api routes whose shape belongs to no entity (the contract: schema/shared/api-contract.ts). */

/** POST /api/info/notify: client reports (spec §7: addToCart, removeFromCart, client errors), for the server log. */
export const clientNotice = z.strictObject({
  message: z.string().min(1).max(500),
  stack: z.string().max(5000).optional(),
  ln: z.union([z.string().max(100), z.number()]).optional(),
  data: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
});

/** GET /api/health when the database answers (503 has its own shape, sent by the handler). */
export const healthAnswer = z.object({ ok: z.literal(true), db: z.literal('ok'), backup: z.enum(['ok', 'stale', 'off']) });

/** POST /api/orders/list: staff's page of orders, by status or customer. */
export const orderListRequest = z.strictObject({
  params: listRequest.shape.params,
  query: z.strictObject({ status: orderStatus.optional(), customer: phone.optional() }).default({}),
});

/** POST /api/orders/update-status: the older call for a status alone; a cancellation needs its reason here too. */
export const statusUpdate = z.strictObject({ id: orderDraft.shape.id, status: orderStatus, reason: z.string().trim().max(500).optional() });

/** POST /api/posiflora/orders: the archive of Posiflora's orders, by number or phone. */
export const posifloraOrdersRequest = z.strictObject({ search: z.string().trim().max(100).default(''), limit: z.number().int().min(1).max(200).default(50) });

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

/**
 * GET /api/health (issue 31): what is degraded, in words that name no host. 200 for `ok` and `degraded`, 503 for
 * `down` (this app server cannot reach its store). `quorum`: on CouchDB, whether the cluster's nodes are all connected
 * (`short`: some away but a majority left, `lost`: not even that); `embedded` without CouchDB. `sms`: codes go through a
 * gateway, or to the log (demo); `missing` in production is degraded.
 */
export const healthAnswer = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    status: z.enum(['ok', 'degraded']),
    db: z.literal('ok'),
    quorum: z.enum(['ok', 'short', 'lost', 'unknown', 'embedded']),
    /** `failing`: the last attempt failed after the last success (an unreachable BACKUP_COUCHDB_URL, a full disk). */
    backup: z.enum(['ok', 'stale', 'failing', 'off']),
    /** Seconds since the last successful backup; absent when there is none or backups are off. */
    backupAgeSeconds: z.number().int().nonnegative().optional(),
    /** Why the last backup failed, in Russian, with no credentials in it; only while `backup` is `failing`. */
    backupFailure: z.string().optional(),
    sms: z.enum(['gateway', 'log', 'missing']),
    /** The data version this app server's code writes (server/ops/data-version.ts), and the store's as it last read it. */
    dataVersion: z.number().int().nonnegative(),
    storeDataVersion: z.number().int().nonnegative(),
    /** Only when the store's data is newer than this server's code: it answers no other call until it is updated. */
    dataVersionProblem: z.string().optional(),
  }),
  z.object({ ok: z.literal(false), status: z.literal('down'), db: z.literal('unreachable'), since: z.string(), message: z.string() }),
]);

/** POST /api/orders/list: staff's page of orders, by status or customer. */
export const orderListRequest = z.strictObject({
  params: listRequest.shape.params,
  query: z.strictObject({ status: orderStatus.optional(), customer: phone.optional() }).default({}),
});

/** POST /api/orders/update-status: the older call for a status alone; a cancellation needs its reason here too. */
export const statusUpdate = z.strictObject({ id: orderDraft.shape.id, status: orderStatus, reason: z.string().trim().max(500).optional() });

/** POST /api/posiflora/orders: the archive of Posiflora's orders, by number or phone. */
export const posifloraOrdersRequest = z.strictObject({ search: z.string().trim().max(100).default(''), limit: z.number().int().min(1).max(200).default(50) });

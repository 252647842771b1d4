import { z } from 'zod';
import { order, type Order } from '../../schema/studio/orders/order';
import { stripMeta, type Stored } from '../db/docs';

/**
 * An order as the server-only `orders` database keeps it. The record is written first, in stage 'placing'
 * (units not yet all held, no number); it becomes 'placed' (held, numbered: an order) or 'refused' (its holds
 * released). A refused draft sent again starts a new `attempt`, whose holds have keys of their own.
 * Records from before the stages were placed orders.
 */
export const orderRecord = order.omit({ number: true }).extend({
  number: order.shape.number.optional(),
  stage: z.enum(['placing', 'placed', 'refused']).default('placed'),
  attempt: z.number().int().min(0).default(0),
  refusal: z.strictObject({ status: z.number().int(), error: z.string() }).optional(),
  /** The stock key the order's current lines are held under, once an edit moved them (`{id}/e-{command}`); else holdKey's default. */
  holds: z.string().max(140).optional(),
});
export type OrderRecord = z.infer<typeof orderRecord>;

export const recordFromDoc = (doc: Stored<object>): OrderRecord => orderRecord.parse({ ...stripMeta(doc), id: doc._id });

/** The order record a stored document holds, or null when it is not one. */
export const orderRecordOf = (doc: Stored<object>): OrderRecord | null => {
  const parsed = orderRecord.safeParse({ ...stripMeta(doc), id: doc._id });
  return parsed.success ? parsed.data : null;
};

/** The key of the order's current holds in the stock ledgers: its attempt's, or the last edit's. */
export const holdKey = (r: Pick<OrderRecord, 'id' | 'attempt' | 'holds'>) => r.holds ?? `${r.id}/${r.attempt}`;

/** The key an edit holds its new lines under: one per command, so two edits never share a hold. */
export const editHoldKey = (orderId: string, commandId: string) => `${orderId}/e-${commandId}`;

/** The order the customer and staff see: a placed record without the server's bookkeeping. */
/** A former number (a device's, sent again after a restore) is the order's to show only when the order got another. */
export const orderOf = ({ stage: _s, attempt: _a, refusal: _r, holds: _h, formerNumber, ...rest }: OrderRecord): Order =>
  order.parse({ ...rest, ...(formerNumber && formerNumber !== rest.number ? { formerNumber } : {}) });

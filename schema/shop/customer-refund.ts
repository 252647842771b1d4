import { z } from 'zod';
import { formatRoubles } from '../shared/money';
import type { OnlineMethod } from './online-payment';

/**
 * Money going back to the customer through YooKassa, as their copy of the order (`orders-{phone}`) carries it (issue
 * 30): the sum and where it stands, nothing of the studio's side (no reason, no ids, no staff). Written by the server
 * from its refunds' queue (server/orders/customer-view.ts); `going` — queued or waiting for YooKassa, `done` — YooKassa
 * returned it, `held` — YooKassa refused it: the studio sorts it out.
 */
export const customerRefund = z.strictObject({
  amount: z.number().int().min(0),
  state: z.enum(['going', 'done', 'held']),
});
export type CustomerRefund = z.infer<typeof customerRefund>;

/** The customer's word for a refund's state in the shop's queue (schema/studio/orders/order-refund.ts `refundState`). */
export const customerRefundState = (state: 'queued' | 'pending' | 'succeeded' | 'refused'): CustomerRefund['state'] =>
  state === 'succeeded' ? 'done' : state === 'refused' ? 'held' : 'going';

/** Where the money goes back: to the card it came from, or the same way the customer paid (SBP, SberPay). */
const wayOf = (method: OnlineMethod | undefined) => (method === 'bank_card' ? 'на карту' : 'тем же способом, которым вы платили');

/** The one line /my shows of a refund. */
export const customerRefundText = (r: CustomerRefund, method?: OnlineMethod): string => {
  const sum = formatRoubles(r.amount);
  if (r.state === 'done') return `Возвращено ${sum} ${wayOf(method)}`;
  if (r.state === 'held') return `Возврат ${sum} задерживается: студия свяжется с вами`;
  return `Возвращаем ${sum} ${wayOf(method)}: ждём подтверждения ЮKassa`;
};

/** Roubles going back or gone back (not a refund YooKassa refused): money the customer no longer owes the shop. */
export const returnedToCustomer = (refunds: readonly CustomerRefund[] | undefined): number =>
  (refunds ?? []).reduce((t, r) => t + (r.state === 'held' ? 0 : r.amount), 0);

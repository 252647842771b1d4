import { z } from 'zod';
import { formatRoubles } from '../shared/money';
import type { OnlineMethod } from './online-payment';

/**
 * Money going back to the customer, as their copy of the order (`orders-{phone}`) carries it (issue 30): the sum and
 * where it stands, nothing of the studio's side (no reason, no ids, no staff). Written by the server
 * (server/orders/customer-view.ts). Through YooKassa (no `way`), from its refunds' queue: `going` — queued or waiting
 * for YooKassa, `done` — YooKassa returned it, `held` — YooKassa refused it: the studio sorts it out. Handed back by
 * the studio itself (`way`: the way the payment it returns came — cash, a card through the studio's terminal, a
 * transfer, `other` for money taken online elsewhere), from the order's history («Вернуть деньги»,
 * schema/studio/orders/order-money.ts `givenBackAtStudio`): `done`, since a manager records it as given.
 */
export const customerRefund = z.strictObject({
  amount: z.number().int().min(0),
  state: z.enum(['going', 'done', 'held']),
  way: z.enum(['cash', 'card', 'transfer', 'other']).optional(),
});
export type CustomerRefund = z.infer<typeof customerRefund>;
export type StudioRefundWay = NonNullable<CustomerRefund['way']>;

/** How the studio hands back money that came a given way (a staff payment's method; none known: `other`). */
export const studioRefundWay = (method: string | undefined): StudioRefundWay =>
  method === 'cash' || method === 'card' || method === 'transfer' ? method : 'other';

const studioWays: Record<StudioRefundWay, string> = { cash: 'наличными', card: 'на карту в студии', transfer: 'переводом', other: 'студией' };

/** The customer's word for a refund's state in the shop's queue (schema/studio/orders/order-refund.ts `refundState`). */
export const customerRefundState = (state: 'queued' | 'pending' | 'succeeded' | 'refused'): CustomerRefund['state'] =>
  state === 'succeeded' ? 'done' : state === 'refused' ? 'held' : 'going';

/** Where the money goes back: to the card it came from, or the same way the customer paid (SBP, SberPay). */
const wayOf = (method: OnlineMethod | undefined) => (method === 'bank_card' ? 'на карту' : 'тем же способом, которым вы платили');

/** The one line /my shows of a refund. */
export const customerRefundText = (r: CustomerRefund, method?: OnlineMethod): string => {
  const sum = formatRoubles(r.amount);
  if (r.way) return `Возвращено ${sum} ${studioWays[r.way]}`;
  if (r.state === 'done') return `Возвращено ${sum} ${wayOf(method)}`;
  if (r.state === 'held') return `Возврат ${sum} задерживается: студия свяжется с вами`;
  return `Возвращаем ${sum} ${wayOf(method)}: ждём подтверждения ЮKassa`;
};

/** Roubles going back or gone back (not a refund YooKassa refused), the studio's own too: money the customer no longer owes the shop. */
export const returnedToCustomer = (refunds: readonly CustomerRefund[] | undefined): number =>
  (refunds ?? []).reduce((t, r) => t + (r.state === 'held' ? 0 : r.amount), 0);

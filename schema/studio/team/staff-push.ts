import { z } from 'zod';
import { isCounterSale } from '../orders/order-command';
import type { Order } from '../orders/order';
import { orderNo } from '../orders/order-number';
import { reaches, type Level } from '../../shared/user';

/**
 * Web Push for staff (issue 30, item 5): what a staff device sends when it turns «Уведомления на этом устройстве» on
 * (the browser's PushSubscription as JSON), what the server says of it, and which moments of an order staff are told.
 */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'Ключ подписки не в base64url').max(200);
export const pushSubscription = z.strictObject({
  endpoint: z.string().url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

export const pushUnsubscribe = z.strictObject({ endpoint: z.string().url().max(1000) });
/** The public VAPID key a device subscribes with (the private one never leaves the server). */
export const pushKey = z.object({ publicKey: z.string() });
export const pushSaved = z.object({ on: z.boolean() });

export const staffPushKinds = ['new', 'cancelled', 'paid'] as const;
export type StaffPushKind = (typeof staffPushKinds)[number];

/** A moment older than this is not pushed: a start-up's re-spread of yesterday's orders tells nobody anything. */
export const staffPushFreshMs = 30 * 60_000;

/**
 * The moments of an order staff are told of: a new site order (not one staff wrote themselves, nor a counter sale),
 * its cancellation, its payment; each only while fresh.
 */
export const staffPushMoments = (o: Order, now: number): StaffPushKind[] => {
  const due: { kind: StaffPushKind; at: number }[] = [];
  if (!isCounterSale(o) && (o.source ?? 'site') === 'site') due.push({ kind: 'new', at: o.createdAt });
  if (o.status === 'cancelled') due.push({ kind: 'cancelled', at: o.updatedAt });
  if (o.paid?.status === 'paid') due.push({ kind: 'paid', at: o.updatedAt });
  return due.filter((m) => m.at >= now - staffPushFreshMs).map((m) => m.kind);
};

export interface StaffPushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The notification's words (short, no customer's phone or address) and the order's page it opens. */
export const staffPushMessage = (kind: StaffPushKind, o: Pick<Order, 'number' | 'total' | 'date' | 'slot'>, formatSum: (n: number) => string): StaffPushMessage => {
  const no = orderNo(o.number);
  const title = kind === 'new' ? `Новый заказ с сайта ${no}` : kind === 'cancelled' ? `Заказ ${no} отменён` : `Заказ ${no} оплачен`;
  return { title, body: `${formatSum(o.total)}, ${o.date} ${o.slot}`, url: `/admin/orders/${o.number}`, tag: `order-${o.number}-${kind}` };
};

/**
 * Which staff may be told of an order: the same as who reads its staff copy (schema/shared/databases.ts
 * `studio-orders`: every staff role, for orders in the studio window); managers and admins of any order.
 */
export const mayBeToldOf = (level: Level, inStudioWindow: boolean): boolean => reaches(level, 'manager') || (reaches(level, 'florist') && inStudioWindow);

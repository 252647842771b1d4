import { z } from 'zod';
import type { Order, OrderStatus } from './order';
import { isCounterSale } from './order-command';
import { orderNo } from './order-number';

/**
 * What the customer is told by SMS about their order (issue 30, item 4), and in what words: the one rule file for the
 * texts and for which moments of an order call for one. Each (order, moment) is sent at most once (the server's
 * outbox, server/notices/), so the rule may be asked after every change of the order.
 */
export const noticeKinds = ['accepted', 'photo', 'courier', 'delivered'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** Where a message is: queued, being sent, sent, not sent for a reason (off, stale, the day's limit), given up on. */
export const noticeState = z.enum(['waiting', 'sending', 'sent', 'skipped', 'failed']);

/** A message about an order as staff see it on the order's page (`POST /api/orders/notices`). */
export const noticeView = z.strictObject({
  kind: z.enum(noticeKinds),
  state: noticeState,
  at: z.number().int(),
  sentAt: z.number().int().optional(),
  tries: z.number().int().min(0),
  reason: z.string().max(300).optional(),
});
export type NoticeView = z.infer<typeof noticeView>;

export const noticeKindLabels: Record<NoticeKind, string> = { accepted: 'Заказ принят', photo: 'Фото букета', courier: 'Курьер выехал', delivered: 'Доставлен' };

/** «отправлено», «ждёт отправки: SMS-шлюз не ответил (503)», «не отправлено: Покупатель отключил SMS». */
export const noticeStateLabel = (n: Pick<NoticeView, 'state' | 'reason'>): string => {
  const why = n.reason ? `: ${n.reason}` : '';
  switch (n.state) {
    case 'sent':
      return 'отправлено';
    case 'waiting':
    case 'sending':
      return `ждёт отправки${why}`;
    case 'skipped':
      return `не отправлено${why}`;
    case 'failed':
      return `не удалось отправить${why}`;
  }
};

/** A moment whose change is older than this is not news: an order the studio changed long ago (a start-up's re-check, a copy upgrade) is not announced. */
export const noticeFreshMs = 3 * 3600_000;
/** A message the gateway could not take within this long after its moment is dropped: «принят» after the delivery is noise. */
export const noticeStaleMs = 6 * 3600_000;
/** At most this many messages about one order in a day, whatever the studio does to it. */
export const noticesPerDay = 4;

/** Where the customer sees the order and its photo: their orders in /my, at the order's line. */
export const orderLinkPath = (number: number): string => `/my#order-${number}`;

/**
 * The texts, in the shop's voice. Cyrillic makes an SMS UCS-2: 70 characters fit one segment, so each text but the
 * photo's (which carries its link) stays under 70 with a six-digit number (order-notices.test.ts).
 */
export const noticeText = (kind: NoticeKind, number: number, origin: string): string => {
  const no = orderNo(number);
  switch (kind) {
    case 'accepted':
      return `Цветочная мастерская: заказ ${no} принят, готовим букет`;
    case 'photo':
      return `Букет по заказу ${no} готов, фото: ${origin}${orderLinkPath(number)}`;
    case 'courier':
      return `Курьер выехал с заказом ${no}. Цветочная мастерская`;
    case 'delivered':
      return `Заказ ${no} доставлен. Спасибо, что вы с нами! Цветочная мастерская`;
  }
};

/** Statuses in which the studio has taken the order and it is not yet on its way. */
const taken: readonly OrderStatus[] = ['confirmed', 'assembling', 'ready'];

/** When the order's history says a field first (or last) became what `matches` accepts; else the order's last change. */
const whenSet = (o: Order, matches: (after: Record<string, unknown>) => boolean, which: 'first' | 'last' = 'last'): number => {
  const history = o.history ?? [];
  const entry = (which === 'first' ? history : [...history].reverse()).find((h) => matches(h.after));
  return entry?.at ?? o.updatedAt;
};

/**
 * The moments the order's present state calls for, with when each happened: the studio took it (and it is not yet
 * on its way), its bouquet's photo (until it is delivered), the courier left, it was delivered (courier orders only;
 * a pickup is handed over in person). A later moment makes an earlier one unsent so far needless: an order taken and
 * sent off in one go is told only that the courier left. Nothing for a counter sale (the buyer is at the counter),
 * an order without a customer, a cancelled one, or a moment older than `noticeFreshMs`.
 */
export const dueNotices = (o: Order, now: number): { kind: NoticeKind; at: number }[] => {
  if (!o.customer || isCounterSale(o) || o.status === 'cancelled') return [];
  const courier = o.delivery.method === 'courier';
  const due: { kind: NoticeKind; at: number }[] = [];
  if (taken.includes(o.status)) due.push({ kind: 'accepted', at: whenSet(o, (a) => taken.some((s) => s === a.status), 'first') });
  if (o.photo && o.status !== 'done') due.push({ kind: 'photo', at: whenSet(o, (a) => 'photo' in a) });
  if (courier && o.status === 'delivering') due.push({ kind: 'courier', at: whenSet(o, (a) => a.status === 'delivering') });
  if (courier && o.status === 'done') due.push({ kind: 'delivered', at: whenSet(o, (a) => a.status === 'done') });
  return due.filter((n) => n.at >= now - noticeFreshMs);
};

/**
 * Whether a queued message has become needless by a later one about the same order (queued or sent): «принят» once the
 * courier left or the order was delivered, «курьер выехал» once delivered. A gateway down for a while must not tell
 * the moments out of order. The photo is never needless: its link is worth having.
 */
export const supersededBy = (kind: NoticeKind, others: readonly NoticeKind[]): boolean =>
  (kind === 'accepted' && others.some((k) => k === 'courier' || k === 'delivered')) || (kind === 'courier' && others.includes('delivered'));

/** Whether one more message about an order may go, given when the others about it went. */
export const mayNotifyAgain = (sentAts: readonly number[], now: number): boolean => sentAts.filter((t) => t > now - 24 * 3600_000).length < noticesPerDay;

import { z } from 'zod';
import { dueNotices, noticeKinds, noticeState, type NoticeKind, type NoticeView } from '../../schema/studio/orders/order-notices';
import type { Order } from '../../schema/studio/orders/order';
import { claim } from '../db/claim';
import { getDoc, upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';

/**
 * The customers' SMS outbox (issue 30, item 4), in the server-only `notices` database (never in /db): one document
 * per (order, moment), its id derived from both and written only if absent (`claim`: on a cluster only a 201 counts),
 * so an order changed on any app server, from the API or a device's command, repeated after a crash, queues each
 * message once. Every app server's sender (notice-sender.ts) takes due ones by a lease and sends them.
 * The same database keeps each customer's choice (`sms-off:{phone}`), which only the server reads.
 */
export const noticesDb = 'notices';

export const noticeDoc = z.object({
  order: z.string(),
  number: z.number().int(),
  kind: z.enum(noticeKinds),
  phone: z.string(),
  /** When the order's moment happened (its history); the message is dropped as stale some hours after. */
  at: z.number().int(),
  createdAt: z.number().int(),
  state: noticeState,
  tries: z.number().int().min(0),
  /** When the sender may take it next (waiting), or when its holder's lease runs out (sending). */
  nextAt: z.number().int(),
  /** Who holds it while sending: one app server's one attempt. */
  lease: z.string().optional(),
  sentAt: z.number().int().optional(),
  /** Why it was skipped, or the gateway's last failure. */
  reason: z.string().optional(),
});
export type NoticeDoc = z.infer<typeof noticeDoc>;

export const noticeId = (order: string, kind: NoticeKind) => `n:${order}:${kind}`;
const prefId = (phone: string) => `sms-off:${phone}`;

/**
 * Due notices by when they may be taken: waiting ones and those being sent (whose lease may run out), built once
 * and kept up by the store, so a sweep reads only what is due, however many messages went before.
 */
const designId = '_design/notices';
const design = {
  views: { due: { map: "function (doc) { if (doc.state === 'waiting' || doc.state === 'sending') emit(doc.nextAt, null); }" } },
  language: 'javascript',
};

export const ensureNoticesView = async (storage: Storage): Promise<void> => {
  await upsert<object>(storage.db(noticesDb), designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(design.views) ? null : design));
};

/** The ids of notices due by `now`. */
export const dueNoticeIds = async (storage: Storage, now: number, limit = 50): Promise<string[]> => {
  const { rows } = await storage.db(noticesDb).query('notices/due', { endkey: now, limit });
  return rows.map((r) => r.id);
};

/**
 * Queues the messages the order's state calls for (schema/studio/orders/order-notices.ts), each only if absent.
 * Never throws: a message is never worth refusing or failing an order; a write that failed here is written again by
 * the next change or the start-up's re-spread of recent orders.
 */
export const queueNotices = async (storage: Storage, o: Order, now = Date.now()): Promise<void> => {
  try {
    for (const { kind, at } of dueNotices(o, now)) {
      const doc: NoticeDoc = { order: o.id, number: o.number, kind, phone: o.customer, at, createdAt: now, state: 'waiting', tries: 0, nextAt: now };
      await claim(storage.db(noticesDb), noticeId(o.id, kind), doc);
    }
  } catch (e) {
    log.error({ err: e }, `notices of order ${o.id} not queued`);
  }
};

/** Whether the customer lets the shop tell them by SMS (on unless they turned it off). */
export const smsNoticesOn = async (storage: Storage, phone: string): Promise<boolean> => {
  const doc = await getDoc<{ off?: unknown }>(storage.db(noticesDb), prefId(phone));
  return doc?.off !== true;
};

export const setSmsNotices = async (storage: Storage, phone: string, on: boolean): Promise<boolean> => {
  await upsert<{ off: boolean; at: number }>(storage.db(noticesDb), prefId(phone), (current) => (current?.off === !on ? null : { off: !on, at: Date.now() }));
  return on;
};

/** Every notice queued for an order, as stored (the sender counts today's; tests read them). */
export const noticesOf = async (storage: Storage, order: string): Promise<(NoticeDoc & { id: string })[]> => {
  const prefix = `n:${order}:`;
  const { rows } = await storage.db(noticesDb).allDocs({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
  return rows.flatMap((r) => {
    const parsed = noticeDoc.safeParse(r.doc);
    return parsed.success ? [{ ...parsed.data, id: r.id }] : [];
  });
};

/** What staff see of an order's messages, in the order of its moments. */
export const noticeViewsOf = async (storage: Storage, order: string): Promise<NoticeView[]> =>
  (await noticesOf(storage, order))
    .sort((a, b) => noticeKinds.indexOf(a.kind) - noticeKinds.indexOf(b.kind))
    .map(({ kind, state, at, sentAt, tries, reason }) => ({ kind, state, at, tries, ...(sentAt ? { sentAt } : {}), ...(reason ? { reason: reason.slice(0, 300) } : {}) }));

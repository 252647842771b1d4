import crypto from 'node:crypto';
import { mayNotifyAgain, noticeStaleMs, noticeText, supersededBy } from '../../schema/studio/orders/order-notices';
import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { log } from '../ops/log';
import { dueNoticeIds, noticeDoc, noticesDb, noticesOf, smsNoticesOn, type NoticeDoc } from './outbox';
import { everyRound } from '../ops/every';

/** How long one app server holds a notice while it sends it: well past the gateway's own timeout (server/auth/sms.ts). */
const leaseMs = 60_000;
/** The pause before a message the gateway refused is tried again: `first` (30 s), doubling, at most 15 minutes. */
const retryAfter = (first: number, tries: number) => Math.min(15 * 60_000, first * 2 ** Math.max(0, tries - 1));

/** The gateway's failure in Russian, for the order's page: its status, or that it did not answer. */
const gatewayFailure = (e: unknown): string => {
  const status = e instanceof Error ? /answered (\d{3})/.exec(e.message)?.[1] : undefined;
  return status ? `SMS-шлюз ответил ошибкой ${status}` : 'SMS-шлюз не ответил';
};

type Outcome = { state: 'sent' } | { state: 'skipped' | 'failed'; reason: string } | { state: 'waiting'; reason: string };

/**
 * Sends the customers' SMS notices (issue 30, item 4). Any number of app servers run it on one store: each due notice
 * is taken by a lease written over the revision read (`upsert`: on a cluster only a won write counts), so two servers
 * never send one message at once; the holder sends and writes the outcome. A gateway that fails leaves it waiting for
 * a later try; one still failing when the message is stale (`noticeStaleMs`) gives up. A customer who turned the
 * messages off, and a day's limit reached, skip it. The only double left is a server dying between the gateway's
 * answer and the outcome's write: its lease runs out and the message goes again (the gateway has no idempotency key).
 * `origin`: where the photo's link points (PUBLIC_ORIGIN, or this server's own address in a demo).
 */
export const noticeSender = (shop: Shop, origin: () => string) => {
  const db = shop.storage.db(noticesDb);
  /** Takes the notice for this attempt, or answers null (not due, someone else holds it, done already). */
  const take = async (id: string, now: number): Promise<NoticeDoc | null> => {
    const lease = `${crypto.randomUUID()}`;
    const taken = await upsert<NoticeDoc>(db, id, (current) => {
      const n = current && noticeDoc.safeParse(current);
      if (!n?.success || (n.data.state !== 'waiting' && n.data.state !== 'sending') || n.data.nextAt > now) return null;
      return { ...n.data, state: 'sending', lease, nextAt: now + leaseMs, tries: n.data.tries + 1 };
    });
    const n = taken && noticeDoc.safeParse(taken);
    return n?.success && n.data.lease === lease ? n.data : null;
  };

  /** Writes the outcome, if this attempt still holds the notice. */
  const settle = async (id: string, held: NoticeDoc, outcome: Outcome, now: number) => {
    await upsert<NoticeDoc>(db, id, (current) => {
      const n = current && noticeDoc.safeParse(current);
      if (!n?.success || n.data.lease !== held.lease || n.data.state !== 'sending') return null;
      const { lease: _l, ...rest } = n.data;
      if (outcome.state === 'sent') return { ...rest, state: 'sent', sentAt: now, nextAt: now };
      if (outcome.state === 'waiting') return { ...rest, state: 'waiting', nextAt: now + retryAfter(shop.config.noticeRetryMs, n.data.tries), reason: outcome.reason };
      return { ...rest, state: outcome.state, nextAt: now, reason: outcome.reason };
    });
  };

  const deliver = async (n: NoticeDoc, now: number): Promise<Outcome> => {
    if (!(await smsNoticesOn(shop.storage, n.phone))) return { state: 'skipped', reason: 'Покупатель отключил SMS' };
    if (now - n.at > noticeStaleMs) return { state: n.tries > 1 ? 'failed' : 'skipped', reason: n.reason ? `Не отправлено вовремя: ${n.reason}` : 'Устарело' };
    const others = (await noticesOf(shop.storage, n.order)).filter((o) => o.kind !== n.kind);
    if (supersededBy(n.kind, others.map((o) => o.kind))) return { state: 'skipped', reason: 'Устарело: о заказе уже есть новость позже' };
    const sentAts = others.flatMap((o) => (o.sentAt ? [o.sentAt] : []));
    if (!mayNotifyAgain(sentAts, now)) return { state: 'skipped', reason: 'Сегодня о заказе уже написали достаточно' };
    try {
      await shop.sms.notify(n.phone, noticeText(n.kind, n.number, origin()));
      return { state: 'sent' };
    } catch (e) {
      log.warn({ err: e }, `SMS about order ${n.order} (${n.kind}) not sent; tried again later`);
      return { state: 'waiting', reason: gatewayFailure(e) };
    }
  };

  return {
    /** One pass over the due notices; answers how many were sent. */
    async sweep(now = Date.now()): Promise<number> {
      let sent = 0;
      for (const id of await dueNoticeIds(shop.storage, now)) {
        try {
          const held = await take(id, now);
          if (!held) continue;
          const outcome = await deliver(held, Date.now());
          await settle(id, held, outcome, Date.now());
          if (outcome.state === 'sent') sent++;
        } catch (e) {
          log.error({ err: e }, `notice ${id} failed`);
        }
      }
      return sent;
    },
  };
};

/** Every app server sends due notices at start and then every `everyMs`; the stop waits for a pass under way. */
export const sendNoticesEvery = (sender: ReturnType<typeof noticeSender>, everyMs: number): (() => Promise<void>) => everyRound(() => sender.sweep(), everyMs, 'notice sweep');

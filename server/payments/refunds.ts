import crypto from 'node:crypto';
import { z } from 'zod';
import type { Order, OrderChange } from '../../schema/studio/orders/order';
import { orderTitle } from '../../schema/studio/orders/order-number';
import { refundLabel, refundState, type RefundView } from '../../schema/studio/orders/order-refund';
import { customerRefundState } from '../../schema/shop/customer-refund';
import { formatRoubles } from '../../schema/shared/money';
import { receiptId, receiptsDue } from '../../schema/studio/receipts/receipt';
import type { ShopConfig } from '../config';
import { claim } from '../db/claim';
import { stripMeta, upsert, type Stored } from '../db/docs';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';
import { failReceiptOfRefund, markReceiptInRefund, readReceiptSettings, receiptsAtYookassa, receiptsDb } from '../receipts/receipts';
import { yookassaReceiptPart } from '../receipts/yookassa-receipts';
import { refundsDue } from '../../schema/studio/orders/refunds-due';
import { yookassa, type RefundAnswer } from './yookassa';
import { everyRound } from '../ops/every';

/**
 * Refunds through YooKassa (issue 30): queued in the server-only receipts database beside the receipts (their own
 * fields and views, so the receipts' views pass them by), each written once under its id, sent by every app server's
 * sender under a lease, retried on timeouts and 5xx with the same Idempotence-Key, never holding the order up.
 */
const stored = z.object({
  refund: z.object({
    order: z.string(),
    number: z.number().int().optional(),
    command: z.string(),
    payment: z.string(),
    amount: z.number().int(),
    brought: z.number().int(),
    receipt: z.record(z.string(), z.unknown()).optional(),
    /** The refund receipt it carries, by its id in the receipts' queue. */
    receiptId: z.string().optional(),
  }),
  refundState,
  queuedAt: z.number().int(),
  updatedAt: z.number().int(),
  tries: z.number().int(),
  nextAt: z.number().int(),
  providerId: z.string().optional(),
  reason: z.string().optional(),
  lease: z.object({ by: z.string(), until: z.number().int() }).optional(),
  /**
   * The customer's copy of the order does not say this state yet: set with the state in one write (queued, and each
   * change the customer reads: returned, refused), cleared once the copy was written after it (`tellCustomer`). Kept
   * in the store, not in a process, so a sender that died between the two, or a copy write that failed, is finished
   * by any app server's next round.
   */
  copyDue: z.literal(true).optional(),
});
type StoredRefund = z.infer<typeof stored>;
export type Refund = StoredRefund & { id: string };

const refundOf = (doc: Stored<object>): Refund | null => {
  const parsed = stored.safeParse(stripMeta(doc));
  return parsed.success ? { ...parsed.data, id: doc._id } : null;
};

/** YooKassa's Idempotence-Key (at most 64 characters): the refund's id hashed, the same on every retry and every app server. */
export const refundKey = (id: string): string => crypto.createHash('sha256').update(id).digest('hex');

/** An order's refunds, oldest first. */
export const refundsOfOrder = async (storage: Storage, order: string): Promise<Refund[]> => {
  const res = await storage.db(receiptsDb).query<object>('receipts/refundsByOrder', { key: order, include_docs: true });
  return res.rows.flatMap((r) => (r.doc ? (refundOf(r.doc) ?? []) : [])).sort((a, b) => a.queuedAt - b.queuedAt);
};

export const viewOfRefund = (r: Refund): RefundView => ({ id: r.id, amount: r.refund.amount, state: r.refundState, label: refundLabel({ amount: r.refund.amount, state: r.refundState, reason: r.reason, tries: r.tries }), updatedAt: r.updatedAt });

/**
 * Queues the refunds the order's new entries call for (`refundsDue`, schema/studio/orders/refunds-due.ts), each once under its id. A
 * refund that would take back more than the payment brought, with the ones queued before, is stored refused with the
 * reason, never sent. Never throws: a failure is logged, and the command repeated queues it.
 */
export const queueRefunds = async (storage: Storage, config: ShopConfig, o: Order, entries: readonly OrderChange[]): Promise<void> => {
  if (!config.yookassa || !entries.length) return;
  try {
    const due = refundsDue(o, entries);
    if (!due.length) return;
    const before = await refundsOfOrder(storage, o.id);
    const atYookassa = await receiptsAtYookassa(storage, config);
    const settings = atYookassa ? await readReceiptSettings(storage) : null;
    const now = Date.now();
    for (const d of due) {
      if (before.some((r) => r.id === d.id)) continue;
      const taken = before.filter((r) => r.refund.payment === d.payment && r.refundState !== 'refused').reduce((t, r) => t + r.refund.amount, 0);
      const over = taken + d.amount > d.brought;
      const entry = entries.find((e) => e.command === d.command);
      const rid = receiptId('refund', o.id, d.command);
      const content = settings && entry ? receiptsDue(o, [entry], settings).find((r) => r.id === rid)?.content : undefined;
      const receipt = content && content.total === d.amount * 100 ? yookassaReceiptPart(content) : undefined;
      const body: StoredRefund = {
        refund: { order: o.id, ...(o.number ? { number: o.number } : {}), command: d.command, payment: d.payment, amount: d.amount, brought: d.brought, ...(receipt ? { receipt, receiptId: rid } : {}) },
        refundState: over ? 'refused' : 'queued',
        copyDue: true,
        ...(over ? { reason: `вернуть можно не больше ${formatRoubles(Math.max(0, d.brought - taken))}: ЮKassa получила ${formatRoubles(d.brought)}, возвращено ${formatRoubles(taken)}` } : {}),
        queuedAt: now,
        updatedAt: now,
        tries: 0,
        nextAt: now,
      };
      // The mark first: the receipt queued next sees it and waits for YooKassa to make it with the refund.
      if (receipt && !over) await markReceiptInRefund(storage, rid, d.id);
      if (await claim(storage.db(receiptsDb), d.id, body)) {
        if (over) log.error({ refund: d.id }, `refund refused before sending: ${body.reason ?? ''}`);
        else log.info({ refund: d.id, amount: d.amount }, 'refund queued');
      }
    }
  } catch (e) {
    log.error({ err: e }, `refunds of order ${o.id} not queued`);
  }
};

/** The refunds whose state the customer's copy does not say yet (`copyDue`), in their own design document beside the receipts' views. */
const copiesDesignId = '_design/refund-copies';
const copiesDesign = {
  views: { due: { map: 'function (doc) { if (doc.refund && doc.copyDue === true) emit(doc.updatedAt, null); }' } },
  language: 'javascript',
};

/** Builds that view on a store that lacks it or holds an older one (every app server at start). */
export const ensureRefundCopyViews = async (storage: Storage): Promise<void> => {
  await upsert<object>(storage.db(receiptsDb), copiesDesignId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(copiesDesign.views) ? null : copiesDesign));
};

/** How long a sender may hold a refund it took before another may take it (a process that died mid-send). */
const leaseMs = 60_000;

/**
 * The refunds' sender every app server runs: takes due refunds one by one by a lease written as a won write, sends
 * `POST /v3/refunds` with the refund's key, retries timeouts and 5xx with backoff (the same key: YooKassa answers the
 * refund it made), reads a pending one until it is done, records a refusal with YooKassa's reason.
 */
export const refundSender = (storage: Storage, config: ShopConfig, everyMs: number, changed: (order: string) => Promise<void> = async () => undefined) => {
  const me = crypto.randomUUID();
  const db = storage.db(receiptsDb);
  const api = config.yookassa ? yookassa(config.yookassa) : null;
  const timeoutMs = config.receipts?.timeoutMs ?? 15_000;
  const retryAfter = (tries: number) => Math.min(10 * 60_000, everyMs * 2 ** Math.min(tries, 12));

  const take = async (id: string, now: number): Promise<Refund | null> => {
    let mine: Refund | null = null;
    await upsert<StoredRefund>(db, id, (doc) => {
      mine = null;
      const r = doc && refundOf(doc);
      if (!r || (r.refundState !== 'queued' && r.refundState !== 'pending') || r.nextAt > now || (r.lease && r.lease.until > now && r.lease.by !== me)) return null;
      const { id: _id, ...rest } = r;
      const next = { ...rest, lease: { by: me, until: now + leaseMs }, updatedAt: now };
      mine = { ...next, id };
      return next;
    });
    return mine;
  };

  /**
   * Writes the customer's copy of a refund's order (`changed`: server/orders/spread.ts `refreshCustomerCopy`), then
   * clears the refund's `copyDue` if nothing moved since it was read; a newer state keeps it for the next round. Any
   * number of app servers may do it at once: the copy is written only when it says something else.
   */
  const tellCustomer = async (r: Refund) => {
    try {
      await changed(r.refund.order);
    } catch (e) {
      // The mark stays: the next round (this app server's or another's) writes the copy.
      log.error({ err: e, refund: r.id }, 'customer copy not refreshed');
      return;
    }
    await upsert<StoredRefund>(db, r.id, (doc) => {
      const now = doc && refundOf(doc);
      if (!now?.copyDue || now.updatedAt !== r.updatedAt || now.refundState !== r.refundState) return null;
      const { id: _id, copyDue: _d, ...rest } = now;
      return rest;
    });
  };

  const record = async (taken: Refund, a: RefundAnswer, sending: boolean) => {
    const now = Date.now();
    const out: { written?: Refund } = {};
    await upsert<StoredRefund>(db, taken.id, (doc) => {
      delete out.written;
      const r = doc && refundOf(doc);
      if (!r || r.lease?.by !== me) return null;
      const { lease: _l, id: _id, reason: _r, ...rest } = r;
      const base = { ...rest, updatedAt: now, tries: sending ? r.tries + 1 : r.tries };
      // What the customer reads moves (going → done or held): their copy is due, in the same write as the state.
      const told = (state: StoredRefund['refundState']) => ({ refundState: state, ...(customerRefundState(state) !== customerRefundState(r.refundState) || r.copyDue ? { copyDue: true as const } : {}) });
      const next: StoredRefund =
        a.kind === 'succeeded' ? { ...base, ...told('succeeded'), providerId: a.id, nextAt: now }
        : a.kind === 'pending' ? { ...base, ...told('pending'), providerId: a.id, nextAt: now + everyMs }
        : a.kind === 'refused' ? { ...base, ...told('refused'), reason: a.reason, nextAt: now }
        : { ...base, reason: a.reason, nextAt: now + retryAfter(base.tries) };
      out.written = { ...next, id: taken.id };
      return next;
    });
    if (a.kind === 'refused') {
      log.error({ refund: taken.id }, `refund refused: ${a.reason}`);
      if (taken.refund.receiptId) await failReceiptOfRefund(storage, taken.refund.receiptId, a.reason);
    }
    else if (a.kind === 'retry') log.warn({ refund: taken.id }, `refund not sent, tried again later: ${a.reason}`);
    else if (a.kind === 'succeeded') log.info({ refund: taken.id }, 'refund succeeded');
    // The customer's copy says where the money stands; a failure leaves the mark for the next round.
    if (out.written?.copyDue) await tellCustomer(out.written);
  };

  const sendOne = async (id: string, now: number) => {
    if (!api) return;
    const taken = await take(id, now);
    if (!taken) return;
    if (taken.refundState === 'pending' && taken.providerId) return record(taken, await api.refundState(taken.providerId, timeoutMs), false);
    const { refund } = taken;
    const answer = await api.refund(
      { key: refundKey(taken.id), payment: refund.payment, amount: refund.amount, description: `Возврат: ${orderTitle(refund.number ?? 0)}`, ...(refund.receipt ? { receipt: refund.receipt } : {}) },
      timeoutMs,
    );
    await record(taken, answer, true);
  };

  const round = async (): Promise<void> => {
    if (!api) return;
    const now = Date.now();
    const res = await db.query<object>('receipts/refundsDue', { endkey: now, include_docs: true, limit: 100 });
    const due = res.rows.flatMap((row) => (row.doc ? (refundOf(row.doc) ?? []) : []));
    for (const r of due.sort((x, y) => x.queuedAt - y.queuedAt)) await sendOne(r.id, now);
    // Copies not yet told of a state: a sender that stopped between recording it and writing the copy, a failed write.
    const untold = await db.query<object>('refund-copies/due', { include_docs: true, limit: 100 });
    for (const row of untold.rows) {
      const r = row.doc && refundOf(row.doc);
      if (r) await tellCustomer(r);
    }
  };

  return {
    round,
    start: (): (() => Promise<void>) => (api ? everyRound(round, everyMs, 'refund sender round') : async () => undefined),
  };
};

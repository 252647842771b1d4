import { z } from 'zod';
import crypto from 'node:crypto';
import { tierDatabases } from '../../schema/shared/databases';
import type { Order, OrderChange } from '../../schema/studio/orders/order';
import {
  defaultReceiptSettings, leftForRegister, providerFor, receipt, receiptProviderChoice, receiptSettings, receiptsDue, resendIssue, underSettings,
  type Receipt, type ReceiptContent, type ReceiptProviderChoice, type ReceiptProviderInput, type ReceiptSettings, type ReceiptTarget, type UnregisteredSummary,
} from '../../schema/studio/receipts/receipt';
import type { ShopConfig } from '../config';
import { claim } from '../db/claim';
import { getDoc, stripMeta, upsert, type Stored } from '../db/docs';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';
import { HttpError } from '../http/errors';
import { atolProvider } from './atol';
import { atolLocalProvider } from './atol-local';
import type { ProviderAnswer, ReceiptProvider } from './provider';
import { yookassaReceipts } from './yookassa-receipts';
import { everyRound } from '../ops/every';
import { keepRegister, registerKey, registerOf } from './registers';
import { devicePrintedReceipt, devicePrintHoldMs } from '../../schema/studio/receipts/counter-print';

/** The server-only database of receipts (schema/shared/databases.ts: never served through /db; staff read states through /api). */
export const receiptsDb = 'receipts';

/** The admin's receipt settings: in the server-only admin database beside the SMS gateway, never on a device. */
const settingsId = 'settings-receipts';

/**
 * A document of the server-only admin database read by its schema, or `fallback` when it is absent or does not parse
 * (logged as `broken`, never with the document: it may hold a password).
 */
const readAdminDoc = async <T>(storage: Storage, id: string, schema: z.ZodType<T>, fallback: T, broken: string): Promise<T> => {
  const doc = await getDoc<object>(storage.db(tierDatabases.admin), id);
  if (!doc) return fallback;
  const parsed = schema.safeParse(stripMeta(doc));
  if (parsed.success) return parsed.data;
  log.error(broken);
  return fallback;
};

export const readReceiptSettings = (storage: Storage): Promise<ReceiptSettings> =>
  readAdminDoc(storage, settingsId, receiptSettings, defaultReceiptSettings, 'receipt settings do not parse: the defaults apply');

export const saveReceiptSettings = async (storage: Storage, s: ReceiptSettings): Promise<ReceiptSettings> => {
  await upsert<ReceiptSettings>(storage.db(tierDatabases.admin), settingsId, () => s);
  return s;
};

/** A stored receipt, or null when the document is not one. */
export const receiptOf = (doc: Stored<object>): Receipt | null => {
  const parsed = receipt.safeParse({ ...stripMeta(doc), id: doc._id });
  return parsed.success ? parsed.data : null;
};

/**
 * A payment made at YooKassa with its receipt inside (server/payments/online-payments.ts): marked before the customer
 * is sent to pay, so the prepayment its success calls for is read from YooKassa, never sent apart (a second receipt
 * for the same money). The mark has no `state` or `createdAt`: the receipts' views pass it by.
 */
const inPaymentId = (payment: string) => `in-payment:${payment}`;
export const markReceiptInPayment = async (storage: Storage, payment: string, order: string): Promise<void> => {
  await claim(storage.db(receiptsDb), inPaymentId(payment), { order, madeAt: Date.now() });
};
const receiptInPayment = async (storage: Storage, payment: string): Promise<boolean> => !!(await getDoc<object>(storage.db(receiptsDb), inPaymentId(payment)));

/**
 * A refund receipt YooKassa makes with the refund that carries it (server/payments/refunds.ts): marked before the
 * receipt is queued, so it is read from YooKassa, never sent apart.
 */
const inRefundId = (receipt: string) => `in-refund:${receipt}`;
export const markReceiptInRefund = async (storage: Storage, receipt: string, refund: string): Promise<void> => {
  await claim(storage.db(receiptsDb), inRefundId(receipt), { refund, madeAt: Date.now() });
};

/** A document beside the receipts (a refund, a receipt's refund mark) read as `shape`; null when absent or not one. */
const besideReceipts = async <T>(storage: Storage, id: string, shape: z.ZodType<T>): Promise<T | null> => {
  const doc = await getDoc<object>(storage.db(receiptsDb), id);
  const parsed = doc ? shape.safeParse(stripMeta(doc)) : null;
  return parsed?.success ? parsed.data : null;
};

const refundMark = z.object({ refund: z.string() });
/** The shop's refund that carries the refund receipt `receipt`, if one was marked so. */
const refundCarrying = async (storage: Storage, receipt: string): Promise<string | undefined> =>
  (await besideReceipts(storage, inRefundId(receipt), refundMark))?.refund;

/** YooKassa's id of the shop's refund `refund`, once YooKassa made it. */
const providerRefund = z.object({ providerId: z.string() });
const providerRefundOf = async (storage: Storage, refund: string): Promise<string | undefined> =>
  (await besideReceipts(storage, refund, providerRefund))?.providerId;

/** A refund that carried its receipt was refused: that receipt will never be made, so it fails with the refund's reason. */
export const failReceiptOfRefund = async (storage: Storage, receipt: string, reason: string): Promise<void> => {
  await upsert<Omit<Receipt, 'id'>>(storage.db(receiptsDb), receipt, (doc) => {
    const r = doc && receiptOf(doc);
    if (!r || !r.content.inPayment || (r.state !== 'queued' && r.state !== 'sent')) return null;
    const { id: _id, lease: _l, ...rest } = r;
    return { ...rest, state: 'failed', reason: `Возврат не прошёл, чека возврата нет: ${reason}`, updatedAt: Date.now() };
  });
};

const refusedRefund = z.object({ refundState: z.literal('refused'), reason: z.string() });
/** The reason the shop's refund `refund` was refused, if it was. */
const refundRefusal = async (storage: Storage, refund: string): Promise<string | undefined> =>
  (await besideReceipts(storage, refund, refusedRefund))?.reason;

/** Whether receipts go to YooKassa now (the admin's choice, or the server's configuration): then a payment carries its receipt. */
export const receiptsAtYookassa = async (storage: Storage, config: ShopConfig): Promise<boolean> =>
  chosenProviderName(config, await readProviderChoice(storage)) === 'yookassa';

/**
 * A device's release of the receipt its payment command `command` marked printed here (server/receipts/counter-prints.ts
 * `releaseDevicePrint`): kept beside the receipts, so a command that reaches the server after the release queues its
 * receipt unheld (`queueReceipts`). No `state`: the receipts' views pass it by.
 */
export const deviceReleaseId = (command: string) => `device-release:${command}`;
const deviceReleased = async (storage: Storage, command: string): Promise<boolean> => !!(await getDoc<object>(storage.db(receiptsDb), deviceReleaseId(command)));

/**
 * Ends the hold on the receipt `id` of `order` (`Receipt.devicePrint`), if it is queued and held: the sender takes it in
 * its next round, as every unheld receipt. Answers whether it held one. Anything else is left as it is.
 */
export const dropDeviceHold = async (storage: Storage, id: string, order: string): Promise<boolean> => {
  let dropped = false;
  await upsert<Omit<Receipt, 'id'>>(storage.db(receiptsDb), id, (doc) => {
    const stored = doc && receiptOf(doc);
    dropped = !!stored && stored.state === 'queued' && !!stored.devicePrint && stored.content.order === order;
    if (!dropped || !stored) return null;
    const { id: _id, devicePrint: _d, ...rest } = stored;
    return { ...rest, nextAt: Date.now(), updatedAt: Date.now() };
  });
  return dropped;
};

/**
 * Queues the receipts `entries` of the order's history call for (schema/studio/receipts/receipt.ts `receiptsDue`),
 * each written once under its id (create-if-absent: a repeated command, a second app server, a device's push sent
 * twice find it there). `printedHere`: the payment command whose device said it prints its receipt at the counter
 * (`OrderAction.printedHere`); its receipt is stored marked (`devicePrintedReceipt`), so the sender holds it back for
 * the print. Never throws: the order is never held up by a receipt; a failure is logged, and the command repeated (or
 * the next sweep) queues it.
 */
export const queueReceipts = async (storage: Storage, o: Order, entries: readonly OrderChange[], printedHere?: string): Promise<void> => {
  if (!entries.length) return;
  try {
    // Most changes call for no receipt: the settings are read only for those that do.
    if (!receiptsDue(o, entries, defaultReceiptSettings).length) return;
    const due = receiptsDue(o, entries, await readReceiptSettings(storage));
    const now = Date.now();
    for (const d of due) {
      // A refund receipt a refund carries names that refund: YooKassa's receipt of it is read by the refund's id, not by its sum.
      const refund = d.content.kind === 'refund' && d.content.providerPayment ? await refundCarrying(storage, d.id) : undefined;
      const carried = (d.content.kind === 'prepayment' && d.content.providerPayment && (await receiptInPayment(storage, d.content.providerPayment))) || !!refund;
      const content = carried ? { ...d.content, inPayment: true as const } : d.content;
      const devicePrint = !!printedHere && devicePrintedReceipt(d.id, content, printedHere);
      const body: Omit<Receipt, 'id'> = { content, state: 'queued', createdAt: now, updatedAt: now, tries: 0, nextAt: now, ...(refund ? { refund } : {}), ...(devicePrint ? { devicePrint } : {}) };
      if (!(await claim(storage.db(receiptsDb), d.id, body))) continue;
      log.info({ receipt: d.id, total: d.content.total }, 'receipt queued');
      // Its refund was refused before it was queued: the refund's sender found no receipt to fail, so it fails here.
      // Read after the receipt is written, as that sender writes the refusal before it fails the receipt.
      const refusal = refund && (await refundRefusal(storage, refund));
      if (refusal) await failReceiptOfRefund(storage, d.id, refusal);
      // Its device said since that it does not print it (released before the command came): held no longer. Read after
      // the receipt is written, as the release writes its mark before it reads the receipt: one of the two sees the other.
      if (devicePrint && printedHere && (await deviceReleased(storage, printedHere))) await dropDeviceHold(storage, d.id, o.id);
    }
  } catch (e) {
    log.error({ err: e }, `receipts of order ${o.id} not queued`);
  }
};

/**
 * Receipts due by when they may be taken (queued, or sent and waiting for the register's answer) and receipts by
 * order: kept up by the store, so the sender's round and the order page read what they need, however many receipts
 * a year of sales has left.
 */
const designId = '_design/receipts';
const design = {
  views: {
    due: { map: "function (doc) { if (doc.state === 'queued' || doc.state === 'sent') emit(doc.nextAt, null); }" },
    byOrder: { map: 'function (doc) { if (doc.content && doc.content.order) emit(doc.content.order, null); }' },
    byTime: { map: "function (doc) { if (typeof doc.createdAt === 'number') emit(doc.createdAt, null); }" },
    unregistered: { map: "function (doc) { if (doc.state && doc.state !== 'registered' && typeof doc.createdAt === 'number') emit(doc.createdAt, null); }" },
    failed: { map: "function (doc) { if (doc.state === 'failed' && typeof doc.createdAt === 'number') emit(doc.createdAt, null); }" },
    // Refunds through YooKassa (server/payments/refunds.ts) live beside the receipts under their own fields.
    refundsDue: { map: "function (doc) { if (doc.refundState === 'queued' || doc.refundState === 'pending') emit(doc.nextAt, null); }" },
    refundsByOrder: { map: 'function (doc) { if (doc.refund && doc.refund.order) emit(doc.refund.order, null); }' },
  },
  language: 'javascript',
};

/** Builds the views on a store that lacks them or holds older ones (every app server at start; the same answer from each). */
export const ensureReceiptsViews = async (storage: Storage): Promise<void> => {
  await upsert<object>(storage.db(receiptsDb), designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(design.views) ? null : design));
};

/** The receipts of one order, oldest first (the order page). */
export const receiptsOfOrder = async (storage: Storage, order: string): Promise<Receipt[]> => {
  const res = await storage.db(receiptsDb).query<object>('receipts/byOrder', { key: order, include_docs: true });
  return res.rows.flatMap((r) => (r.doc ? (receiptOf(r.doc) ?? []) : [])).sort((a, b) => a.createdAt - b.createdAt);
};

/** The newest receipts, newest first (/admin/documents). */
export const listReceipts = async (storage: Storage, limit: number): Promise<Receipt[]> =>
  (await storage.db(receiptsDb).query<object>('receipts/byTime', { descending: true, limit, include_docs: true })).rows.flatMap((r) => (r.doc ? (receiptOf(r.doc) ?? []) : []));

/** How many receipts are not registered and when the oldest was made (the shift close's limit, schema `receiptsLimit`): one row read. */
export const unregisteredOf = async (storage: Storage): Promise<UnregisteredSummary> => {
  const res = await storage.db(receiptsDb).query<object>('receipts/unregistered', { limit: 1 });
  const oldest = res.rows[0]?.key;
  return { count: res.total_rows, ...(typeof oldest === 'number' ? { oldestAt: oldest } : {}) };
};

/** The provider the configuration names, or null (receipts wait in the queue). */
export const receiptProvider = (config: ShopConfig): ReceiptProvider | null => {
  const r = config.receipts;
  if (!r) return null;
  if (r.provider === 'atol') return atolProvider(r);
  return config.yookassa ? yookassaReceipts(config.yookassa, r.timeoutMs) : null;
};

/** The register the admin chose (issue 30, item 1), beside the receipt settings in the server-only admin database. */
const choiceId = 'settings-receipts-provider';
const serverChoice: ReceiptProviderChoice = { kind: 'server' };

export const readProviderChoice = (storage: Storage): Promise<ReceiptProviderChoice> =>
  readAdminDoc(storage, choiceId, receiptProviderChoice, serverChoice, 'the chosen receipts provider does not parse: the server’s configuration applies');

/**
 * Stores the admin's choice; an ATOL password left empty keeps the stored one (the screen never reads it back), and
 * ATOL Online without any password, or YooKassa without the shop's payment keys, is refused in Russian. ATOL Online
 * as the studio's register beside YooKassa is kept the same way.
 */
export const saveProviderChoice = async (storage: Storage, config: ShopConfig, input: ReceiptProviderInput): Promise<ReceiptProviderChoice> => {
  if (input.kind === 'yookassa' && !config.yookassa) throw new HttpError(400, 'Чеки ЮKassa требуют ключей ЮKassa: сначала подключите онлайн-оплату на сервере');
  let saved: ReceiptProviderChoice = serverChoice;
  await upsert<ReceiptProviderChoice>(storage.db(tierDatabases.admin), choiceId, (doc) => {
    const parsed = doc ? receiptProviderChoice.safeParse(stripMeta(doc)) : null;
    const stored = parsed?.success ? (parsed.data.kind === 'yookassa' ? parsed.data.register : parsed.data) : null;
    const kept = stored?.kind === 'atol' ? stored.password : '';
    const withPassword = (a: Extract<ReceiptProviderInput, { kind: 'atol' }>) => {
      const password = a.password || kept;
      if (!password) throw new HttpError(400, 'Укажите пароль АТОЛ Онлайн');
      return { ...a, password };
    };
    if (input.kind === 'atol') return (saved = withPassword(input));
    if (input.kind === 'yookassa') return (saved = { kind: 'yookassa', register: input.register.kind === 'atol' ? withPassword(input.register) : input.register });
    return (saved = input);
  });
  return saved;
};

/** The provider a choice sends to (null: receipts wait in the queue). */
export const chosenProvider = (config: ShopConfig, c: ReceiptTarget): ReceiptProvider | null => {
  const timeoutMs = config.receipts?.timeoutMs;
  switch (c.kind) {
    case 'server':
      return receiptProvider(config);
    case 'none':
      return null;
    case 'yookassa':
      return config.yookassa ? yookassaReceipts(config.yookassa, timeoutMs) : null;
    case 'atol':
      return atolProvider({ apiUrl: c.apiUrl.replace(/\/+$/, ''), login: c.login, password: c.password, group: c.group, ...(timeoutMs ? { timeoutMs } : {}) });
    case 'atol-local':
      return atolLocalProvider({ url: c.url.replace(/\/+$/, ''), ...(timeoutMs ? { timeoutMs } : {}) });
  }
};

/**
 * Where one receipt not yet handed to a register goes under today's choice: a register (its stamp, `registerKey`, and
 * provider), nowhere yet (null: it waits in the queue), or nowhere ever (`unsent`: failed with why).
 */
export type Routed = { via: string; provider: ReceiptProvider } | null | { unsent: string };
/** A round's routing: today's choice for receipts not yet handed to a register, and the register a stamp names. */
export interface ReceiptRouting {
  route: (c: ReceiptContent) => Promise<Routed>;
  /** The provider of the register stamped on a receipt, whatever today's choice; null when its register is not known. */
  via: (key: string) => Promise<ReceiptProvider | null>;
}

/** The choice as it routes: the server's configuration naming YooKassa reads as YooKassa with no studio register. */
const effectiveChoice = (config: ShopConfig, c: ReceiptProviderChoice): ReceiptProviderChoice =>
  c.kind === 'server' && config.receipts?.provider === 'yookassa' ? { kind: 'yookassa', register: { kind: 'none' } } : c;

/**
 * The routing of the admin's choice (schema `providerFor`), read once a round (a new choice applies from the next
 * round on every app server): with YooKassa's receipts, YooKassa's money to YooKassa and the rest to the studio's
 * register. One provider object per register while the process runs, so ATOL's token is kept; a register receipts are
 * handed to is kept in the admin database (`keepRegister`), so a stamped receipt reaches it after the choice changed.
 */
export const providerOfChoice = (storage: Storage, config: ShopConfig): (() => Promise<ReceiptRouting>) => {
  const providers = new Map<string, ReceiptProvider | null>();
  const kept = new Set<string>();
  const providerOf = (t: ReceiptTarget) => {
    const k = JSON.stringify(t);
    if (!providers.has(k)) providers.set(k, chosenProvider(config, t));
    return providers.get(k) ?? null;
  };
  return async () => {
    const choice = effectiveChoice(config, await readProviderChoice(storage));
    const stamps = new Map<string, Promise<ReceiptProvider | null>>();
    return {
      async route(content) {
        const to = providerFor(content, choice);
        if (to.kind === 'unsent') return { unsent: to.reason };
        const provider = providerOf(to);
        if (!provider) return null;
        const k = JSON.stringify(to);
        const via = kept.has(k) ? registerKey(to) : await keepRegister(storage, to);
        kept.add(k);
        return { via, provider };
      },
      via(key) {
        if (!stamps.has(key)) stamps.set(key, registerOf(storage, key).then((t) => (t ? providerOf(t) : null)));
        return stamps.get(key)!;
      },
    };
  };
};

/** Whether today's choice sends `content` somewhere (not nowhere, not failed with why). */
const takenNow = (config: ShopConfig, c: ReceiptProviderChoice, content: ReceiptContent): boolean => {
  const to = providerFor(content, effectiveChoice(config, c));
  return to.kind !== 'unsent' && chosenProvider(config, to) !== null;
};

/** The name of what the receipts go to now, as the settings answer says it ('' when nowhere). */
export const chosenProviderName = (config: ShopConfig, c: ReceiptProviderChoice): string =>
  c.kind === 'server' ? (config.receipts?.provider ?? '') : c.kind === 'none' || (c.kind === 'yookassa' && !config.yookassa) ? '' : c.kind;

/**
 * A failed receipt of which nothing is anywhere (`leftForRegister`, `resendIssue`), queued again under its id: its
 * lease, reason, mark and register stamp dropped, its content under the receipt settings of now (`underSettings`).
 */
const queuedAgain = (r: Receipt, settings: ReceiptSettings, now: number): Omit<Receipt, 'id'> => {
  const { id: _id, lease: _l, reason: _r, noDocument: _n, via: _v, ...rest } = r;
  return { ...rest, content: underSettings(r.content, settings), state: 'queued', nextAt: now, updatedAt: now };
};

/**
 * The admin chose a register: every receipt failed because none was chosen for it (`leftForRegister`: nothing of it
 * was ever sent) that today's choice takes goes back to the queue, under its id, once (a conditional write: a second
 * app server, or the same save repeated, finds it queued). Answers how many.
 */
export const requeueLeftForRegister = async (storage: Storage, config: ShopConfig): Promise<number> => {
  const [choice, settings] = await Promise.all([readProviderChoice(storage), readReceiptSettings(storage)]);
  const db = storage.db(receiptsDb);
  const failed = (await db.query<object>('receipts/failed', { include_docs: true })).rows.flatMap((r) => (r.doc ? (receiptOf(r.doc) ?? []) : []));
  let count = 0;
  for (const f of failed.filter((r) => leftForRegister(r) && takenNow(config, choice, r.content))) {
    const now = Date.now();
    let back = false;
    await upsert<Omit<Receipt, 'id'>>(db, f.id, (doc) => {
      const r = doc && receiptOf(doc);
      back = false;
      if (!r || !leftForRegister(r)) return null;
      back = true;
      return queuedAgain(r, settings, now);
    });
    if (back) count++;
  }
  if (count) log.info({ count }, 'receipts left with no register queued again');
  return count;
};

/**
 * «Отправить снова» (/admin/documents, admins): a failed receipt no provider holds a document of (`resendIssue`) goes
 * back to the queue under its id, to today's register (its stamp is dropped: nothing of it is anywhere), under today's
 * receipt settings (`underSettings`: a refusal for the VAT is mended by fixing the settings, then sending again). Refused in
 * Russian otherwise; a receipt the provider accepted and failed keeps its id there and is not sent twice.
 */
export const resendReceipt = async (storage: Storage, id: string): Promise<Receipt> => {
  const db = storage.db(receiptsDb);
  const settings = await readReceiptSettings(storage);
  let issue: string | undefined = 'Чек не найден';
  let queued: Receipt | null = null;
  await upsert<Omit<Receipt, 'id'>>(db, id, (doc) => {
    const r = doc && receiptOf(doc);
    queued = null;
    issue = r ? resendIssue(r) : 'Чек не найден';
    if (!r || issue) return null;
    const body = queuedAgain(r, settings, Date.now());
    queued = { ...body, id: r.id };
    return body;
  });
  if (!queued) throw new HttpError(issue === 'Чек не найден' ? 404 : 409, issue ?? 'Чек не отправить снова');
  log.info({ receipt: id }, 'receipt sent again by an admin');
  return queued;
};

/** How long a sender may hold a receipt it took before another may take it (a process that died mid-send). */
const leaseMs = 60_000;

/**
 * The sender every app server runs (issue 30, item 2): it takes due receipts one by one by a lease written as a won
 * write (two servers never send one at once; the provider would dedupe by external_id anyway), sends it with its id as
 * external_id, retries timeouts and 5xx with backoff, polls until registered, and records a refusal with its reason.
 */
export const receiptSender = (
  storage: Storage, providerNow: ReceiptProvider | (() => Promise<ReceiptRouting>), everyMs: number, o: { devicePrintHoldMs?: number | undefined } = {},
) => {
  // One provider given (a test's, the bench's): every receipt goes to it, and it answers for every stamp.
  const fixed = (p: ReceiptProvider): ReceiptRouting => ({ route: () => Promise.resolve({ via: `provider:${p.name}`, provider: p }), via: () => Promise.resolve(p) });
  const holdMs = o.devicePrintHoldMs ?? devicePrintHoldMs;
  const me = crypto.randomUUID();
  const db = storage.db(receiptsDb);
  const retryAfter = (tries: number) => Math.min(10 * 60_000, everyMs * 2 ** Math.min(tries, 12));

  /**
   * A receipt whose payment's command said its staff device prints it at the register on the counter (the server was
   * away; `Receipt.devicePrint`), not yet sent: held back until the device's print record marks it registered
   * (server/receipts/counter-prints.ts), whenever it comes, but never past `holdMs` after it was queued (stored time:
   * every app server and a restarted one hold it alike). Sent then, a driver that has the task answers so and its
   * result is read (server/receipts/atol-local.ts). Every other receipt is sent at once.
   */
  const heldForDevice = (provider: ReceiptProvider, r: Receipt, now: number): boolean =>
    !!provider.devicePrints && !!r.devicePrint && r.state === 'queued' && r.tries === 0 && r.createdAt + holdMs > now;

  /**
   * Takes the receipt for this server, if it is due and nobody holds it, stamped with the register it goes to (`via`):
   * from then on it is sent again, polled and registered there only, whatever the admin chooses later (a timeout may
   * have left the document at that provider). A receipt stamped meanwhile for another register is left alone.
   */
  const take = async (provider: ReceiptProvider, via: string, id: string, now: number): Promise<Receipt | null> => {
    let mine: Receipt | null = null;
    await upsert<Omit<Receipt, 'id'>>(db, id, (doc) => {
      mine = null;
      const r = doc && receiptOf(doc);
      if (!r || r.state === 'registered' || r.state === 'failed' || r.nextAt > now || (r.lease && r.lease.until > now && r.lease.by !== me)) return null;
      if (r.via && r.via !== via) return null;
      if (heldForDevice(provider, r, now)) {
        // Out of the due listing until its hold ends (a round reads 200): receipts waiting hours for their devices must not
        // crowd out those due now. The device's print registers it meanwhile; a refused print brings it back (counter-prints.ts).
        const { id: _id, ...rest } = { ...r, nextAt: r.createdAt + holdMs, updatedAt: now };
        return rest;
      }
      const next: Receipt = { ...r, via, lease: { by: me, until: now + leaseMs }, updatedAt: now };
      mine = next;
      const { id: _id, ...rest } = next;
      return rest;
    });
    return mine;
  };

  /** Writes what the provider said, while this server still holds the receipt. */
  const record = async (taken: Receipt, a: ProviderAnswer | { kind: 'wait' }, sending: boolean) => {
    const now = Date.now();
    await upsert<Omit<Receipt, 'id'>>(db, taken.id, (doc) => {
      const r = doc && receiptOf(doc);
      if (!r || r.lease?.by !== me) return null;
      const { lease: _l, id: _id, ...rest } = r;
      const { noDocument: _n, ...kept } = rest;
      const base = { ...kept, updatedAt: now, tries: sending ? r.tries + 1 : r.tries };
      if (a.kind === 'registered') return { ...base, state: 'registered', uuid: a.uuid, fiscal: a.fiscal, reason: undefined, nextAt: now };
      // Refused at the send itself by a provider that then keeps nothing: the admin may send it again (schema `resendIssue`).
      if (a.kind === 'refused') return { ...base, state: 'failed', reason: a.reason, nextAt: now, ...(sending && a.noDocument && !r.uuid ? { noDocument: true as const } : {}) };
      if (a.kind === 'sent') return { ...base, state: 'sent', uuid: a.uuid, reason: undefined, nextAt: now + everyMs };
      if (a.kind === 'wait') return { ...base, nextAt: now + everyMs };
      return { ...base, reason: a.reason, nextAt: now + retryAfter(base.tries) };
    });
    if (a.kind === 'refused') log.error({ receipt: taken.id }, `receipt refused: ${a.reason}`);
    else if (a.kind === 'retry') log.warn({ receipt: taken.id }, `receipt not sent, tried again later: ${a.reason}`);
    else if (a.kind === 'registered') log.info({ receipt: taken.id }, 'receipt registered');
  };

  const sendOne = async (provider: ReceiptProvider, via: string, id: string, now: number) => {
    const taken = await take(provider, via, id, now);
    if (!taken) return;
    if (taken.state === 'queued' && taken.refund && taken.content.inPayment) {
      // YooKassa makes this receipt with the refund: it is read once YooKassa has made the refund, by its id there.
      const made = await providerRefundOf(storage, taken.refund);
      await record(taken, made ? await provider.send(taken.id, taken.content, { refund: made }) : { kind: 'wait' }, !!made);
    } else if (taken.state === 'queued') await record(taken, await provider.send(taken.id, taken.content), true);
    else if (taken.uuid) await record(taken, await provider.report(taken.uuid), false);
  };

  /** A receipt no register may take (the router's `unsent`): stored failed with why, never sent; only one not yet sent. */
  const leaveUnsent = async (id: string, reason: string, now: number) => {
    let failed = false;
    await upsert<Omit<Receipt, 'id'>>(db, id, (doc) => {
      const r = doc && receiptOf(doc);
      failed = false;
      if (!r || r.state !== 'queued' || (r.lease && r.lease.until > now && r.lease.by !== me)) return null;
      const { id: _id, lease: _l, ...rest } = r;
      failed = true;
      // Nothing of it went anywhere (a stamped receipt is never routed again): the same id may go once a register is chosen.
      return { ...rest, state: 'failed', reason, updatedAt: now, nextAt: now, ...(r.tries === 0 && !r.uuid ? { noDocument: true as const } : {}) };
    });
    if (failed) log.error({ receipt: id }, `receipt not sent: ${reason}`);
  };

  /**
   * One round: every due receipt, oldest first (`now`: a test's clock): a stamped one to its own register, whatever
   * today's choice (even none); one never handed to a register to where today's choice sends it. Receipts stored before
   * the stamp go by today's choice and are stamped then (DECISIONS «A receipt stays with its register»).
   */
  const unknownSaid = new Set<string>();
  const round = async (now = Date.now()): Promise<void> => {
    const routing = typeof providerNow === 'function' ? await providerNow() : fixed(providerNow);
    // A listing only hints; the lease decides who sends. Only the due ones are read (the view by `nextAt`).
    const res = await db.query<object>('receipts/due', { endkey: now, include_docs: true, limit: 200 });
    const due = res.rows.flatMap((row) => (row.doc ? (receiptOf(row.doc) ?? []) : []));
    for (const r of due.sort((x, y) => x.createdAt - y.createdAt)) {
      if (r.via) {
        const provider = await routing.via(r.via);
        if (provider) await sendOne(provider, r.via, r.id, now);
        else if (!unknownSaid.has(r.id)) {
          unknownSaid.add(r.id);
          log.error({ receipt: r.id }, 'the register this receipt was sent to is not known: it waits');
        }
        continue;
      }
      const to = await routing.route(r.content);
      if (to && 'unsent' in to) await leaveUnsent(r.id, to.unsent, now);
      else if (to) await sendOne(to.provider, to.via, r.id, now);
    }
  };

  return {
    round,
    /** Starts the rounds; the answer stops them and waits for a round under way (the databases close after it). */
    start: (): (() => Promise<void>) => everyRound(() => round(), everyMs, 'receipt sender round'),
  };
};

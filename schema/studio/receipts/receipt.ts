import { z } from 'zod';
import { countOf } from '../../shared/plural';
import type { Order, OrderChange, OrderLine } from '../orders/order';
import { orderPayment } from '../orders/order';
import { refundView } from '../orders/order-refund';
import { refundMarkOf } from '../orders/order-money';

/**
 * Fiscal receipts (issue 30, 54-FZ): what a receipt says, decided once here from the order as the server stores it.
 * Sums are kopecks (the shop's money is whole roubles; a discount spread over lines makes kopecks).
 */

/** `prepayment` «Предоплата 100%» (money before the goods), `settlement` «Полный расчёт» (prepaid goods handed over), `refund`, `sale` (money and goods at once). */
export const receiptKind = z.enum(['prepayment', 'settlement', 'refund', 'sale']);
export type ReceiptKind = z.infer<typeof receiptKind>;
export const receiptKindLabels: Record<ReceiptKind, string> = { prepayment: 'Предоплата', settlement: 'Полный расчёт', refund: 'Возврат', sale: 'Продажа' };

/** Tax systems as ATOL names them (`sno`); YooKassa's `tax_system_code` is the position + 1. */
export const taxSystem = z.enum(['osn', 'usn_income', 'usn_income_outcome', 'envd', 'esn', 'patent']);
export type TaxSystem = z.infer<typeof taxSystem>;
/** VAT codes as ATOL v5 names them; YooKassa's `vat_code` in `yookassaVat`. */
export const vatCode = z.enum(['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat105', 'vat107', 'vat110', 'vat120']);
export type VatCode = z.infer<typeof vatCode>;
export const yookassaVat: Record<VatCode, number> = { none: 1, vat0: 2, vat10: 3, vat20: 4, vat110: 5, vat120: 6, vat5: 7, vat7: 8, vat105: 9, vat107: 10 };

/** Where receipts go: nowhere (not set up), ATOL Online (a cloud register) or YooKassa's receipts. */
export const receiptProviderName = z.enum(['none', 'atol', 'yookassa']);

/** The admin's receipt settings (server-only `admin` database, never on a device): no credentials here, those are env. */
export const receiptSettings = z.strictObject({
  taxSystem: taxSystem.default('usn_income'),
  vat: vatCode.default('none'),
  /** The shop's email: the seller's address on every receipt and the buyer's when a walk-in left no phone. */
  email: z.string().email('Укажите email, например shop@example.ru').max(100, 'Email длиннее 100 символов').default('shop@example.ru'),
  inn: z.string().regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 или 12 цифр').default('7700000000'),
  /** The place of settlement (the site's address). */
  paymentAddress: z.string().min(1, 'Укажите место расчётов').max(200, 'Место расчётов длиннее 200 символов').default('https://example.ru'),
});
export type ReceiptSettings = z.infer<typeof receiptSettings>;
export const defaultReceiptSettings: ReceiptSettings = receiptSettings.parse({});

/** One line of a receipt: unit price × quantity = sum to the kopeck. */
export const receiptItem = z.strictObject({
  name: z.string().min(1).max(128),
  price: z.number().int().min(0),
  quantity: z.number().int().min(1),
  sum: z.number().int().min(0),
  object: z.enum(['commodity', 'service']),
  vat: vatCode,
});
export type ReceiptItem = z.infer<typeof receiptItem>;

/** How the money of a receipt came: ATOL's payment types (0 cash, 1 card/online, 2 a prepayment counted now). */
export const receiptPayment = z.enum(['cash', 'electronic', 'prepaid']);

/** What a receipt says: everything a provider needs but the shop's credentials. */
export const receiptContent = z.strictObject({
  kind: receiptKind,
  order: z.string(),
  number: z.number().int().optional(),
  /** ATOL's/YooKassa's payment method of every line (FFD 1.2 tag 1214). */
  mode: z.enum(['full_prepayment', 'partial_prepayment', 'full_payment']),
  payment: receiptPayment,
  total: z.number().int().min(1),
  items: z.array(receiptItem).min(1),
  customer: z.union([z.strictObject({ phone: z.string() }), z.strictObject({ email: z.string() })]),
  /** The provider's payment a YooKassa receipt belongs to. */
  providerPayment: z.string().optional(),
  /**
   * The receipt went to YooKassa inside its payment (POST /v3/payments `receipt`): it is never sent apart, only
   * its registration read (DECISIONS «Fiscal receipts»).
   */
  inPayment: z.literal(true).optional(),
  taxSystem,
  company: z.strictObject({ email: z.string(), inn: z.string(), paymentAddress: z.string() }),
});
export type ReceiptContent = z.infer<typeof receiptContent>;

export const receiptState = z.enum(['queued', 'sent', 'registered', 'failed']);
export type ReceiptState = z.infer<typeof receiptState>;

/** A receipt as the server-only `receipts` database keeps it; its id is what it settles (`receiptId`). */
export const receipt = z.strictObject({
  id: z.string(),
  content: receiptContent,
  state: receiptState,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** Sends tried; the next not before `nextAt`. */
  tries: z.number().int().min(0),
  nextAt: z.number().int(),
  /** An app server sending it now, until `until` (then another may). */
  lease: z.strictObject({ by: z.string(), until: z.number().int() }).optional(),
  /** The provider's id of the document, once it took it. */
  uuid: z.string().optional(),
  fiscal: z.strictObject({ sign: z.string(), fn: z.string(), number: z.string(), at: z.string() }).optional(),
  /** Why it failed (or why the last try did not go), in Russian. */
  reason: z.string().max(500).optional(),
  /**
   * The shop's refund through YooKassa that carries this refund receipt (server/payments/refunds.ts): the receipt is
   * YooKassa's receipt of that refund, matched by the refund's id there. Receipts stored before it lack it.
   */
  refund: z.string().optional(),
  /**
   * The payment's command said its device prints this receipt at the counter's register (`printedHere`): the server's
   * queue holds it back for the print's record (schema/studio/receipts/counter-print.ts `devicePrintHoldMs`).
   */
  devicePrint: z.literal(true).optional(),
  /**
   * The register it was handed to (server/receipts/registers.ts `registerKey`), stamped when a sender first takes it
   * to send: it is sent again, polled and registered there whatever the admin chooses later. Receipts stored before the
   * stamp lack it and go by today's choice (DECISIONS «A receipt stays with its register»).
   */
  via: z.string().max(300).optional(),
  /**
   * Failed with no document under its id at any provider: no register was chosen, or the provider refused the send
   * itself and keeps nothing (`resendIssue`), so the same id may be sent again as the first document.
   */
  noDocument: z.literal(true).optional(),
});
export type Receipt = z.infer<typeof receipt>;

/**
 * Why a failed receipt may not be sent again under its id, or undefined when it may (the admin's «Отправить снова»,
 * and the queue when a register is chosen for one that had none). Only a receipt no provider holds a document of:
 * ATOL Online keeps nothing of a request it refused (its error catalogue: «Документ не был зарегистрирован в сервисе.
 * Необходимо повторить запрос с тем же или новым уникальным значением external_id»), while a document it accepted and
 * then failed holds the external_id (a resend is answered 33 with the failed document); the driver of the counter's
 * register answers a known task's uuid with that task; YooKassa makes a carried receipt only with its payment or refund.
 * Receipts stored before `noDocument` count as without a document when no register was chosen and nothing was tried.
 */
export const resendIssue = (r: Pick<Receipt, 'state' | 'content' | 'noDocument' | 'tries' | 'reason' | 'uuid'>): string | undefined => {
  if (r.state !== 'failed') return 'Чек не отклонён: отправлять снова нечего';
  if (r.content.inPayment) return 'Этот чек ЮKassa делает вместе с платежом или возвратом: отдельно его не отправить';
  if (r.noDocument || (r.reason === noStudioRegister && r.tries === 0 && !r.uuid)) return undefined;
  return 'Касса приняла этот чек и отклонила его: под тем же номером она вернёт тот же отказ. Исправьте чек на кассе (чек коррекции)';
};

/** A failed receipt no register took because none was chosen (`providerFor`'s `unsent`): queued again once one is. */
export const leftForRegister = (r: Pick<Receipt, 'state' | 'content' | 'noDocument' | 'tries' | 'reason' | 'uuid' | 'via'>): boolean =>
  r.state === 'failed' && r.reason === noStudioRegister && r.tries === 0 && !r.via && resendIssue(r) === undefined;

/** The one line an order page, the receipts list and the shift close show. */
export const receiptStateLabel = (r: Pick<Receipt, 'state' | 'reason' | 'fiscal'>): string => {
  if (r.state === 'registered') return `Чек зарегистрирован${r.fiscal ? ` (ФП ${r.fiscal.sign})` : ''}`;
  if (r.state === 'failed') return `Чек не пробит: ${r.reason ?? 'касса отказала'}`;
  if (r.state === 'sent') return 'Чек отправлен в кассу';
  return r.reason ? `Чек в очереди: ${r.reason}` : 'Чек в очереди';
};

/** The id of the receipt that settles `what` (a payment's command or the provider's payment, a hand-over, a cancellation) of an order. */
export const receiptId = (kind: ReceiptKind, order: string, what: string): string => `receipt:${kind}:${order}:${what}`;

/**
 * The lines of `amount` kopecks of an order: its products and the delivery as a service, each scaled so that their
 * sum is `amount` exactly (a discount or a part payment spread over them by the largest remainder), a line whose
 * sum does not divide by its count split into two (n−1 units and one unit a few kopecks dearer).
 */
export const receiptItems = (o: Pick<Order, 'lines' | 'deliveryPrice'>, amount: number, vat: VatCode): ReceiptItem[] => {
  const base: { name: string; count: number; sum: number; object: ReceiptItem['object'] }[] = [
    ...o.lines.map((l: OrderLine) => ({ name: (l.letterSize ? `${l.name} (${l.letterSize})` : l.name).slice(0, 128), count: l.count, sum: l.sum * 100, object: 'commodity' as const })),
    ...(o.deliveryPrice > 0 ? [{ name: 'Доставка', count: 1, sum: o.deliveryPrice * 100, object: 'service' as const }] : []),
  ].filter((b) => b.sum > 0);
  const whole = base.reduce((s, b) => s + b.sum, 0);
  if (whole === 0 || amount <= 0) return [];
  const exact = base.map((b) => (b.sum * amount) / whole);
  const sums = exact.map(Math.floor);
  let left = amount - sums.reduce((s, x) => s + x, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % byRemainder.length, left--) sums[byRemainder[k]!.i]! += 1;
  return base.flatMap((b, i): ReceiptItem[] => {
    const sum = sums[i]!;
    if (sum === 0) return [];
    const unit = Math.floor(sum / b.count);
    const rest = sum - unit * b.count;
    const item = (quantity: number, price: number): ReceiptItem => ({ name: b.name, price, quantity, sum: price * quantity, object: b.object, vat });
    if (rest === 0) return [item(b.count, unit)];
    // rest < count: the dearer unit takes it all.
    return b.count === 1 ? [item(1, sum)] : [item(b.count - 1, unit), item(1, unit + rest)];
  });
};

const paidOf = z.object({ paid: orderPayment.nullable().optional() });
/** The order's payment as one side of a history entry has it. */
const paidIn = (side: Record<string, unknown>) => {
  const p = paidOf.safeParse(side);
  return p.success ? (p.data.paid ?? undefined) : undefined;
};
/** Kopecks an entry brought (positive) or took back (negative) by changing the order's payment. */
const moneyMoved = (e: Pick<OrderChange, 'before' | 'after'>, total: number): number => {
  if (!('paid' in e.after)) return 0;
  const of = (side: Record<string, unknown>) => {
    const paid = paidIn(side);
    return paid ? paid.amount ?? (paid.status === 'paid' ? total : 0) : 0;
  };
  return (of(e.after) - of(e.before)) * 100;
};
const statusTo = (e: Pick<OrderChange, 'after'>): unknown => e.after.status;

/**
 * One receipt's content: the order's lines for `amount` kopecks (`receiptItems`), the buyer's phone (the customer's,
 * else the sender's) or the shop's email, the tax system and seller; null when there is nothing to put on it.
 */
export const receiptContentOf = (
  o: Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice'>, s: ReceiptSettings,
  r: { kind: ReceiptKind; amount: number; mode: ReceiptContent['mode']; payment: ReceiptContent['payment']; providerPayment?: string },
): ReceiptContent | null => {
  const items = receiptItems(o, r.amount, s.vat);
  if (!items.length) return null;
  const customer = o.customer ? { phone: `+${o.customer}` } : o.sender.phone ? { phone: `+${o.sender.phone}` } : { email: s.email };
  return {
    kind: r.kind, order: o.id, ...(o.number ? { number: o.number } : {}), mode: r.mode, payment: r.payment, total: r.amount, items, customer,
    ...(r.providerPayment ? { providerPayment: r.providerPayment } : {}), taxSystem: s.taxSystem, company: { email: s.email, inn: s.inn, paymentAddress: s.paymentAddress },
  };
};

/**
 * A receipt's content under the settings of now, for one that goes again with no document of it anywhere (the admin
 * fixed the VAT, the tax system or the seller after a refusal): lines, sums and the buyer's phone stay as queued.
 */
export const underSettings = (c: ReceiptContent, s: ReceiptSettings): ReceiptContent => ({
  ...c,
  items: c.items.map((i) => ({ ...i, vat: s.vat })),
  ...('email' in c.customer ? { customer: { email: s.email } } : {}),
  taxSystem: s.taxSystem,
  company: { email: s.email, inn: s.inn, paymentAddress: s.paymentAddress },
});

/** The receipt an online payment of the whole order carries inside it (YooKassa): a full prepayment of its total. */
export const paymentReceiptOf = (o: Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total'>, s: ReceiptSettings): ReceiptContent | null =>
  receiptContentOf(o, s, { kind: 'prepayment', amount: o.total * 100, mode: 'full_prepayment', payment: 'electronic' });

/** What the receipts need of the order at the moment the entries were written. */
type OrderNow = Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'status' | 'paid' | 'online' | 'history'>;
export type ReceiptDraft = { id: string; content: ReceiptContent };

/**
 * The receipts an order's newest history entries call for (issue 30), each with its id. The rule, read over the whole
 * history so each entry knows what the receipts before it took (`covered`: money taken by receipts, less refunds):
 * - money came (a staff member's payment, the provider's): a `sale` if the order is handed over by then, else a
 *   `prepayment` (100 % when it covers the total, else partial) — also for an order already cancelled (a payment
 *   that arrived late): the money is the shop's until it is returned;
 * - a prepaid order handed over («Доставлен»): a `settlement` of what the receipts took, counted as prepayment;
 *   never for a cancelled order;
 * - a cancellation: a `refund` of all the receipts took; money taken back later (a lower amount, a payment taken back
 *   or reversed): a `refund` of that part, never more than the receipts took, so a cancelled order's money returned
 *   after its refund receipt is not refunded twice.
 * Only the entries given get receipts, so an order paid before receipts existed never sends old ones.
 */
export const receiptsDue = (o: OrderNow, entries: readonly OrderChange[], s: ReceiptSettings): ReceiptDraft[] => {
  const history = o.history ?? [];
  const make = (kind: ReceiptKind, what: string, amount: number, mode: ReceiptContent['mode'], payment: ReceiptContent['payment'], providerPayment?: string): ReceiptDraft[] => {
    const content = receiptContentOf(o, s, { kind, amount, mode, payment, ...(providerPayment ? { providerPayment } : {}) });
    return content ? [{ id: receiptId(kind, o.id, what), content }] : [];
  };
  // How an entry's money moved: the payment it recorded, or (a payment taken back, which names no method) the one it
  // took back; an entry that moved no money (a hand-over, a cancellation) settles the order's payment as it stands.
  // A refund («Вернуть деньги», a late or second online payment returned) goes back the way the payment it names came.
  const paidBy = (e: OrderChange) => {
    const mark = refundMarkOf(e);
    const refunded = mark ? paidIn(history.find((h) => h.command === mark.payment)?.after ?? {}) : undefined;
    const after = paidIn(e.after);
    const before = paidIn(e.before);
    const p = refunded?.method ? refunded : after?.method ? after : before?.method ? before : o.paid;
    return {
      payment: p?.method === 'cash' ? ('cash' as const) : ('electronic' as const),
      provider: p?.method === 'online' && p.by === 'ЮKassa' ? o.online?.payment : undefined,
    };
  };
  // Entries are matched by content: the caller's copies need not be the history's own objects.
  const keyOf = (x: OrderChange) => JSON.stringify(x);
  const wanted = new Set(entries.map(keyOf));
  const inHistory = new Set(history.map(keyOf));
  const out: ReceiptDraft[] = [];
  let covered = 0;
  let done = false;
  let cancelled = false;
  for (const e of [...history, ...entries.filter((x) => !inHistory.has(keyOf(x)))]) {
    const found: ReceiptDraft[] = [];
    const moved = moneyMoved(e, o.total);
    const to = statusTo(e);
    const { payment, provider } = paidBy(e);
    if (moved > 0) {
      if (done || to === 'done') found.push(...make('sale', e.command, moved, 'full_payment', payment, provider));
      else found.push(...make('prepayment', e.command, moved, moved >= o.total * 100 ? 'full_prepayment' : 'partial_prepayment', payment, provider));
      covered += moved;
    }
    if (moved < 0 && to !== 'cancelled') {
      const back = Math.min(-moved, covered);
      if (back > 0) found.push(...make('refund', e.command, back, 'full_payment', payment, provider));
      covered -= back;
    }
    if (to === 'done' && moved === 0 && covered > 0 && !cancelled) found.push(...make('settlement', e.command, covered, 'full_payment', 'prepaid', provider));
    if (to === 'cancelled' && covered > 0) {
      found.push(...make('refund', e.command, covered, done ? 'full_payment' : 'full_prepayment', payment, provider));
      covered = 0;
    }
    if (to === 'done') done = true;
    if (to === 'cancelled') cancelled = true;
    if (wanted.has(keyOf(e))) out.push(...found);
  }
  return out;
};

/** How long after an order's change its page waits for the receipts the change calls for (`receiptsAwaited`). */
export const receiptsAwaitedMs = 10 * 60_000;

/**
 * The receipts an order's changes of the last `receiptsAwaitedMs` call for (`receiptsDue`) that the server has not
 * listed yet. The server writes a change, then queues its receipts (server/orders/order-commands.ts `follow`): a page
 * that read the list between the two saw none and must read again. Ids do not depend on the settings.
 */
export const receiptsAwaited = (o: OrderNow, listed: readonly { id: string }[], now: number): string[] => {
  const recent = (o.history ?? []).filter((h) => h.at > now - receiptsAwaitedMs);
  if (!recent.length) return [];
  const ids = new Set(listed.map((r) => r.id));
  return receiptsDue(o, recent, defaultReceiptSettings).map((d) => d.id).filter((id) => !ids.has(id));
};

/** What staff read of a receipt (the order page, /admin/documents): its state, never the buyer's contact or the lines. */
export const receiptView = z.strictObject({
  id: z.string(),
  kind: receiptKind,
  order: z.string(),
  number: z.number().int().optional(),
  total: z.number().int(),
  state: receiptState,
  label: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** A failed receipt that may be sent again under its id (`resendIssue`): /admin/documents offers «Отправить снова». */
  resendable: z.boolean().optional(),
});
export type ReceiptView = z.infer<typeof receiptView>;
export const viewOfReceipt = (r: Receipt): ReceiptView => ({
  id: r.id, kind: r.content.kind, order: r.content.order, ...(r.content.number ? { number: r.content.number } : {}), total: r.content.total,
  state: r.state, label: receiptStateLabel(r), createdAt: r.createdAt, updatedAt: r.updatedAt,
  ...(r.state === 'failed' ? { resendable: resendIssue(r) === undefined } : {}),
});

/** /api/receipts/resend (admins): a failed receipt sent again under its id, when `resendIssue` allows. */
export const receiptResendRequest = z.strictObject({ id: z.string().min(1).max(300) });
export const receiptResendAnswer = z.object({ data: receiptView });

/** /api/receipts/list: one order's receipts, or the newest of all. */
export const receiptsListRequest = z.strictObject({ order: z.string().min(1).max(64).optional() });

/**
 * Which register the receipts go to, chosen by the admin in /admin/settings (issue 30, item 1), kept in the server-only
 * admin database: `server` — the server's configuration (ATOL_* or RECEIPTS_PROVIDER; demo mode: the stand-in);
 * `none` — they wait in the queue; `yookassa` — YooKassa's receipts with the shop's payment keys for the money YooKassa
 * took, and a register of the studio's (`register`) for the rest (`providerFor`); `atol` — ATOL Online
 * with the studio's own login, password and group; `atol-local` — a register on the counter through ATOL's driver web
 * server (its address). The password is written, never answered (`passwordSet` says whether one is kept).
 */
const atolUrl = z.string().trim().url('Адрес — ссылка вида https://…').max(200, 'Адрес длиннее 200 символов');
const atolChoice = {
  kind: z.literal('atol'),
  login: z.string().trim().min(1, 'Укажите логин АТОЛ Онлайн').max(100, 'Логин длиннее 100 символов'),
  group: z.string().trim().min(1, 'Укажите код группы касс').max(100, 'Код группы длиннее 100 символов'),
  apiUrl: atolUrl.default('https://online.atol.ru/possystem/v5'),
};
const noneChoice = z.strictObject({ kind: z.literal('none') });
const atolStored = z.strictObject({ ...atolChoice, password: z.string().min(1).max(200) });
const atolLocalChoice = z.strictObject({ kind: z.literal('atol-local'), url: atolUrl.default('http://localhost:16732') });
const atolViewed = z.strictObject({ ...atolChoice, passwordSet: z.boolean() });
const atolLocalViewed = z.strictObject({ kind: z.literal('atol-local'), url: atolUrl });
const atolInput = z.strictObject({ ...atolChoice, password: z.string().max(200, 'Пароль длиннее 200 символов').optional() });
/**
 * With YooKassa's receipts, the register for the studio's own money (cash and card at the counter, a courier's cash):
 * YooKassa fiscalises only money that went through it (DECISIONS «YooKassa's receipts and the studio's register»).
 * Stored choices made before it read as none.
 */
export const studioRegisterChoice = z.discriminatedUnion('kind', [noneChoice, atolStored, atolLocalChoice]);
export type StudioRegisterChoice = z.infer<typeof studioRegisterChoice>;
const studioRegisterView = z.discriminatedUnion('kind', [noneChoice, atolViewed, atolLocalViewed]);
const studioRegisterInput = z.discriminatedUnion('kind', [noneChoice, atolInput, atolLocalViewed]);
export const receiptProviderChoice = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('server') }),
  noneChoice,
  z.strictObject({ kind: z.literal('yookassa'), register: studioRegisterChoice.default({ kind: 'none' }) }),
  atolStored,
  atolLocalChoice,
]);
export type ReceiptProviderChoice = z.infer<typeof receiptProviderChoice>;
/** One register a receipt goes to (`providerFor`), as the server-only admin database keeps the registers receipts went to. */
export const receiptTarget = z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('server') }), noneChoice, z.strictObject({ kind: z.literal('yookassa') }), atolStored, atolLocalChoice]);
/** What the admin's screen reads of the choice: never a password. */
export const receiptProviderView = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('server') }),
  noneChoice,
  z.strictObject({ kind: z.literal('yookassa'), register: studioRegisterView }),
  atolViewed,
  atolLocalViewed,
]);
export type ReceiptProviderView = z.infer<typeof receiptProviderView>;
/** What the admin sends: an ATOL password left empty keeps the one stored. */
export const receiptProviderInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('server') }),
  noneChoice,
  z.strictObject({ kind: z.literal('yookassa'), register: studioRegisterInput.default({ kind: 'none' }) }),
  atolInput,
  atolLocalViewed,
]);
export type ReceiptProviderInput = z.infer<typeof receiptProviderInput>;
export const viewOfChoice = (c: ReceiptProviderChoice): ReceiptProviderView => {
  const hide = (r: StudioRegisterChoice) => {
    if (r.kind !== 'atol') return r;
    const { password, ...rest } = r;
    return { ...rest, passwordSet: password.length > 0 };
  };
  if (c.kind === 'yookassa') return { kind: 'yookassa', register: hide(c.register) };
  return c.kind === 'server' ? c : hide(c);
};

/** Money YooKassa took (its payment, a receipt carried in it, a refund of it): the only money its receipts API fiscalises. */
export const yookassaMoney = (c: Pick<ReceiptContent, 'providerPayment' | 'inPayment'>): boolean => !!c.providerPayment || !!c.inPayment;
export const noStudioRegister = 'Для наличных и карты в студии не выбрана касса: выберите её в настройках';
/**
 * Where one receipt goes under the admin's choice (the one rule): any choice but YooKassa takes every receipt; with
 * YooKassa, YooKassa's money goes to YooKassa (POST /v3/receipts needs its payment_id or refund_id), the studio's own
 * money to the studio's register, and with none chosen it is never sent (`unsent`: stored failed with why).
 */
export type ReceiptTarget = Exclude<ReceiptProviderChoice, { kind: 'yookassa' }> | { kind: 'yookassa' };
export const providerFor = (c: Pick<ReceiptContent, 'providerPayment' | 'inPayment'>, choice: ReceiptProviderChoice): ReceiptTarget | { kind: 'unsent'; reason: string } => {
  if (choice.kind !== 'yookassa') return choice;
  if (yookassaMoney(c)) return { kind: 'yookassa' };
  return choice.register.kind === 'none' ? { kind: 'unsent', reason: noStudioRegister } : choice.register;
};

/**
 * The register on the counter as staff devices read it (issue 30, item 2 of the device side): the driver's address
 * (no credential; '' when the admin chose no counter register) and, with an address, the receipt settings a device
 * needs to build a receipt (tax system, VAT, the shop's email, INN and place of settlement: printed on every receipt,
 * nothing secret). A staff device prints a counter sale through it while the server is away; the CSP of staff pages
 * allows connecting to its origin.
 */
export const counterRegister = z.strictObject({ url: z.string().max(200), settings: receiptSettings.nullable() });
export type CounterRegister = z.infer<typeof counterRegister>;
export const counterRegisterOf = (c: ReceiptProviderChoice, settings: ReceiptSettings): CounterRegister => {
  // With YooKassa's receipts, the counter's register is the studio's register, if that is the one chosen.
  const r = c.kind === 'yookassa' ? c.register : c;
  return r.kind === 'atol-local' ? { url: r.url.replace(/\/+$/, ''), settings } : { url: '', settings: null };
};
export const counterRegisterAnswer = z.object({ data: counterRegister });

/** The admin's receipt settings, the register chosen and the one the server sends to now ('' when none). */
export const receiptSettingsAnswer = z.object({ data: z.object({ settings: receiptSettings, provider: z.string(), choice: receiptProviderView }) });
export const receiptSettingsUpdate = z.strictObject({ settings: receiptSettings, choice: receiptProviderInput.optional() });

/** Receipts not registered by the end of a shift: what the shift close warns about. */
export const unregistered = (rs: readonly Pick<ReceiptView, 'state'>[]): number => rs.filter((r) => r.state !== 'registered').length;

/** Every receipt not registered (queued, sent, failed): how many, and when the oldest was made. */
export const unregisteredSummary = z.strictObject({ count: z.number().int().min(0), oldestAt: z.number().int().optional() });
export type UnregisteredSummary = z.infer<typeof unregisteredSummary>;

/**
 * 54-FZ: a register's fiscal drive stops after 30 days with a document the tax service has not received, and a
 * settlement with no receipt must be fixed. So a shift may not be closed while a receipt made 30 or more days ago is
 * still unregistered, and from day 25 the close warns how many days are left. Days are whole 24-hour spans since the
 * oldest unregistered receipt was made, at the moment the close was written (an offline close by when it was made).
 */
export const receiptsLimitDays = 30;
export const receiptsWarnDays = 25;
const dayMs = 24 * 3600_000;
const days = (n: number): string => countOf(n, ['день', 'дня', 'дней']);
export const receiptsLimit = (s: UnregisteredSummary | null | undefined, at: number): { block?: string; warn?: string } => {
  if (!s?.count || s.oldestAt === undefined) return {};
  const age = Math.max(0, Math.floor((at - s.oldestAt) / dayMs));
  const pending = `Не зарегистрировано чеков: ${s.count}, самый старый — ${days(age)}`;
  if (age >= receiptsLimitDays)
    return { block: `Смену не закрыть: чек не зарегистрирован уже ${days(age)} (по 54-ФЗ — не больше ${receiptsLimitDays}). Проверьте связь с кассой и отправьте чеки в «Документах»` };
  if (age >= receiptsWarnDays) {
    const left = receiptsLimitDays - age;
    return { warn: `${pending}. Через ${days(left)} смену нельзя будет закрыть: проверьте связь с кассой в «Документах»` };
  }
  return { warn: `${pending}. Проверьте связь с кассой в «Документах» до закрытия смены` };
};

/** The list's answer: the receipts, and every unregistered one summed up (the shift close reads it); one order's answer also carries its refunds through YooKassa. */
export const receiptsListAnswer = z.object({ data: z.object({ items: z.array(receiptView), unregistered: unregisteredSummary, refunds: z.array(refundView).optional() }) });

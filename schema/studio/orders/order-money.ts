import { z } from 'zod';
import { orderPayment, type Order, type OrderChange, type OrderPayment, type PaidMethod } from './order';
import type { OrderAction } from './order-command';
import { isEditable, statusName } from './order-lifecycle';
import { formatRoubles } from '../../shared/money';
import { levelOf, reaches, type User } from '../../shared/user';

/**
 * An order's money and who may decide it (issue 18, item 8; docs/DECISIONS.md «Money and cancelling»). A manager
 * manages money: a florist records only that the whole order was paid, and cancels only what the customer could
 * cancel themselves (before assembly) and nobody has paid for yet. The server refuses by `staffCommandIssue`
 * (server/orders/order-commands.ts), and the order page's buttons ask the same function.
 */
type Money = Pick<Order, 'total' | 'paid'>;

/** What the studio has received: the amount recorded, or the whole total of an order marked paid without one. */
export const received = (o: Money): number => o.paid?.amount ?? (o.paid?.status === 'paid' ? o.total : 0);

/**
 * Roubles a manager gave back on an order the customer keeps («Вернуть деньги»: a wilted stem, a late courier): the
 * customer no longer owes them, though the studio no longer holds them. The server's own refunds (YooKassa's money
 * that came after a cancellation or twice, steps `online-…`) return money nobody owed and do not count.
 */
export const givenBack = (history: readonly OrderChange[] = []): number => staffRefunds(history).reduce((t, r) => t + r.amount, 0);

/** One refund a manager recorded: its command, the roubles, and the payment it gave back from as that payment was recorded. */
export interface StaffRefund {
  command: string;
  amount: number;
  payment?: OrderPayment;
}

/** The refunds `givenBack` sums, oldest first: every refund mark in the history but the server's own steps (`online-…`). */
export const staffRefunds = (history: readonly OrderChange[] = []): StaffRefund[] => {
  const payments = paymentsOf(history);
  return history.flatMap((e) => {
    const mark = e.command.startsWith('online-') ? undefined : refundMarkOf(e);
    if (!mark) return [];
    const payment = payments.find((p) => p.entry.command === mark.payment)?.paid;
    return [{ command: e.command, amount: mark.amount, ...(payment ? { payment } : {}) }];
  });
};

/**
 * The refunds the studio hands back itself — cash, a card through its terminal, a transfer, money taken online
 * elsewhere — as the customer's copy tells them (server/orders/customer-view.ts): the staff refunds of any payment
 * but YooKassa's, whose money goes back through YooKassa (refunds-due.ts) and reaches the copy from that queue.
 */
export const givenBackAtStudio = (history: readonly OrderChange[] = []): StaffRefund[] => staffRefunds(history).filter((r) => !r.payment || !providerPaid(r.payment));

/** What is still owed: what the courier collects on delivery (an order read without its history counts no refund). */
export const owed = (o: Money & Partial<Pick<Order, 'history'>>): number => Math.max(0, o.total - received(o) - givenBack(o.history));

/**
 * The one sentence of an order's money wherever staff read it (the order page's payment form): «Оплачен полностью»
 * only when nothing is owed, else what is still to be received, and what came already. An unpaid order never reads
 * as paid (issue 29, item 6: a florist read «Оплачен полностью: 4 390 ₽» above «Записать оплату»).
 */
export const moneySummary = (o: Money & Partial<Pick<Order, 'history'>>): string => {
  const got = received(o);
  const rest = owed(o);
  const back = givenBack(o.history);
  if (rest === 0 && back > 0) return `Оплачен: получено ${formatRoubles(got)}, возвращено клиенту ${formatRoubles(back)}`;
  if (rest === 0) return `Оплачен полностью: ${formatRoubles(got)}`;
  if (got > 0) return `Получено ${formatRoubles(got)}, осталось получить ${formatRoubles(rest)}`;
  return `Не оплачен: к получению ${formatRoubles(rest)}`;
};

/**
 * A payment as recorded: `amount` is all that has come for the order so far. It is paid when that covers the total;
 * less is a part payment, recorded as unpaid with the amount received, and the rest stays owed.
 */
export const recordedPayment = (total: number, method: PaidMethod | undefined, amount: number, at: number, by: string): OrderPayment => ({
  status: amount >= total ? 'paid' : 'unpaid',
  ...(method ? { method } : {}),
  amount,
  at,
  by,
});

/** What a staff member may decide about money: any amount (a part payment, a refund) and taking a payment back, or only «paid in full». */
export const moneyRights = (user: User | null | undefined): { anyAmount: boolean; takeBack: boolean; cancelAny: boolean } => {
  const manager = reaches(levelOf(user), 'manager');
  return { anyAmount: manager, takeBack: manager, cancelAny: manager };
};

/** Why `user` (staff, who may send this kind of command) may not send `action` to the order as it is now; null when they may. */
export const staffCommandIssue = (user: User | null | undefined, order: Pick<Order, 'status' | 'total' | 'paid'>, action: OrderAction): string | null => {
  const rights = moneyRights(user);
  if (action.kind === 'payment') {
    if (action.status === 'unpaid' && !rights.takeBack) return 'Снять отметку об оплате может только менеджер';
    if (action.amount !== undefined && action.amount !== order.total && !rights.anyAmount)
      return 'Флорист отмечает оплату только всей суммы заказа; часть суммы или другую сумму записывает менеджер';
  }
  if (action.kind === 'status' && action.to === 'cancelled' && order.status !== 'cancelled' && !rights.cancelAny) {
    if (!isEditable(order.status)) return `Заказ уже «${statusName(order.status)}»: отменить его может только менеджер`;
    if (received(order) > 0) return 'За заказ уже заплатили: отменить его может только менеджер';
  }
  return null;
};

/**
 * A reversal («Отменить оплату», issue 27): what its history entry carries beside the order's `paid` (in `after`, as
 * a field the order does not have, so the orders' schema on devices stays as it is): the payment's command and why.
 */
export const voidedPaymentField = 'voidedPayment';
const voidedPayment = z.strictObject({ payment: z.string(), reason: z.string() });
type VoidedPayment = z.infer<typeof voidedPayment>;

/** The reversal an entry of the history records, if it is one. */
const voidOf = (c: Pick<OrderChange, 'after'>): VoidedPayment | undefined => {
  const parsed = voidedPayment.safeParse(c.after[voidedPaymentField]);
  return parsed.success ? parsed.data : undefined;
};

const paymentIn = (v: unknown): OrderPayment | undefined => {
  const parsed = orderPayment.safeParse(v);
  return parsed.success ? parsed.data : undefined;
};

/** One recorded payment as the history has it: the entry that set it, the payment, and the entry that reversed it. */
interface RecordedPayment {
  entry: OrderChange;
  paid: OrderPayment;
  voidedBy?: OrderChange & { reason: string };
}

/**
 * The order's `paid` as its history moved it, oldest first: every entry that set it (a staff payment command, the
 * provider's online payment, a manager's take-back), each with the reversal that took it back. An order keeps the
 * cumulative payment, not each one, so a reversal puts back what the entry found (`before.paid`): only the latest
 * standing entry can be reversed, and reversing the next one then means the one before it.
 */
export const paymentsOf = (history: readonly OrderChange[] = []): RecordedPayment[] => {
  const all: RecordedPayment[] = [];
  for (const entry of history) {
    const reversal = voidOf(entry);
    if (reversal) {
      const target = all.find((p) => p.entry.command === reversal.payment && !p.voidedBy);
      if (target) target.voidedBy = { ...entry, reason: reversal.reason };
    } else if ('paid' in entry.after && !refundMarkOf(entry)) all.push({ entry, paid: paymentIn(entry.after.paid) ?? { status: 'unpaid' } });
  }
  return all;
};

/** Who the payment provider's own payments are recorded by (server/orders/order-commands.ts stamps its notifications so). */
export const paymentProviderName = 'ЮKassa';

/** A payment the provider took (refunded through it), not one staff recorded, online elsewhere included (issue 29, item 8). */
export const providerPaid = (p: Pick<OrderPayment, 'method' | 'by'>): boolean => p.method === 'online' && p.by === paymentProviderName;

/**
 * Whether a history entry's payment (its `after.paid`) is money taken at the studio's counter: cash or card. A staff
 * payment «Онлайн» (a link, a transfer: online elsewhere), a transfer and the provider's never passed a register on the
 * counter, so no device prints their receipt, and the server does not take a device's word that it did
 * (schema/studio/receipts/counter-print.ts `printedPayment`, `devicePrintIssue`): its receipt goes through the server's
 * queue to the admin's register, as every receipt not printed at the counter. An entry without a payment is not either.
 */
export const paidAtCounter = (paid: unknown): boolean => atCounter(paymentIn(paid)?.method);

/** Money a staff member takes at the counter: cash or a card through the studio's terminal. */
export const atCounter = (method: string | undefined): boolean => method === 'cash' || method === 'card';

/** Whether an entry recorded money coming (not a take-back mark). */
const broughtMoney = (p: OrderPayment): boolean => p.status === 'paid' || (p.amount ?? 0) > 0;

type Paying = Pick<Order, 'history' | 'total'>;

/** Roubles a recorded payment brought (what the order held after it less before it). */
const broughtBy = (p: RecordedPayment, total: number): number => Math.max(0, roublesOf(p.entry.after.paid, total) - roublesOf(p.entry.before.paid, total));

/**
 * The payments that stand: not reversed, and not returned whole. A payment all of whose money went back (a second
 * online payment returned through ЮKassa after the counter's cash, «Вернуть деньги» of all of it) holds nothing of
 * the order's money any more, so it does not stand before an earlier one: the cash of a customer who paid twice can
 * still be reversed after the online payment went back (DECISIONS «Paid twice: the online payment goes back»).
 */
const standing = (o: Paying): RecordedPayment[] =>
  paymentsOf(o.history).filter((p) => !p.voidedBy && !(broughtMoney(p.paid) && broughtBy(p, o.total) > 0 && refundedOf(o.history, p.entry.command) >= broughtBy(p, o.total)));

/** The payment a manager may reverse now: the latest standing one, if it brought money and staff recorded it (not the provider's). */
export const voidablePayment = (o: Paying): RecordedPayment | undefined => {
  const last = standing(o).at(-1);
  return last && broughtMoney(last.paid) && !providerPaid(last.paid) && refundedOf(o.history, last.entry.command) === 0 ? last : undefined;
};

/**
 * Why the payment recorded by command `payment` may not be reversed on this order now, with the answer's status, or
 * null. Reversed once; an online payment is the provider's to refund; a later payment is reversed first.
 */
export const paymentVoidIssue = (o: Paying, payment: string): { status: 400 | 409; reason: string } | null => {
  const { history } = o;
  const target = paymentsOf(history).find((p) => p.entry.command === payment);
  if (!target) return { status: 409, reason: 'Такой оплаты в истории заказа нет' };
  if (target.voidedBy) return { status: 409, reason: `Эта оплата уже отменена (${target.voidedBy.reason}): второй раз её не отменяют` };
  if (!broughtMoney(target.paid)) return { status: 400, reason: 'Это не оплата, а снятая отметка: отменяют только записанную оплату' };
  if (refundedOf(history, payment) > 0) return { status: 409, reason: 'По этой оплате уже вернули деньги: её не отменяют' };
  if (providerPaid(target.paid)) return { status: 409, reason: 'Онлайн-оплату так не отменяют: деньги покупателю возвращают через ЮKassa' };
  if (standing(o).at(-1)?.entry.command !== target.entry.command) return { status: 409, reason: 'После этой оплаты записана другая: сначала отмените её' };
  return null;
};

/**
 * What reversing the payment of command `payment` does to the order: `paid` as it stood before that payment (nothing,
 * or an earlier part payment), and the fields its history entry records; or why it may not. The server's command and
 * the device's projection of a pending one (client/studio/orders/order-page/projected-order.ts) both apply this.
 */
export const paymentReversal = (
  order: Pick<Order, 'paid' | 'history' | 'total'>,
  payment: string,
  reason: string,
): { ok: true; paid?: OrderPayment; before: Record<string, unknown>; after: Record<string, unknown> } | { ok: false; status: 400 | 409; reason: string } => {
  const issue = paymentVoidIssue(order, payment);
  if (issue) return { ok: false, ...issue };
  const target = paymentsOf(order.history).find((p) => p.entry.command === payment);
  const was = target && paymentIn(target.entry.before.paid);
  // What the order keeps is what it holds now less what this payment brought: the payment before it as it was, unless
  // money was returned since of that earlier one (then its amount is lowered by what went back).
  const keeps = Math.max(0, received(order) - (target ? broughtBy(target, order.total) : 0));
  const paid = was && keeps !== received({ total: order.total, paid: was })
    ? (keeps > 0 ? { ...was, status: keeps >= order.total ? ('paid' as const) : ('unpaid' as const), amount: keeps } : undefined)
    : was;
  return {
    ok: true,
    ...(paid ? { paid } : {}),
    before: { paid: order.paid ?? null },
    after: { paid: paid ?? null, [voidedPaymentField]: { payment, reason } satisfies VoidedPayment },
  };
};

/** A refund's mark in its history entry: which payment gave the money back, and how many roubles. */
export const refundField = 'refund';
const refundMark = z.strictObject({ payment: z.string(), amount: z.number().int() });
/** The refund an entry of the history records, if it is one. */
export const refundMarkOf = (c: Pick<OrderChange, 'after'>) => {
  const parsed = refundMark.safeParse(c.after[refundField]);
  return parsed.success ? parsed.data : undefined;
};
/** Roubles already returned of the payment recorded by command `payment`. */
const refundedOf = (history: readonly OrderChange[] = [], payment: string): number =>
  history.reduce((t, e) => t + (refundMarkOf(e)?.payment === payment ? refundMarkOf(e)!.amount : 0), 0);

const roublesOf = (paid: unknown, total: number): number => {
  const p = paymentIn(paid);
  return p ? received({ total, paid: p }) : 0;
};

/**
 * «Вернуть деньги» (issue 30): the one rule of a refund, for the server's command and the device's projection. It
 * returns at most what the named payment brought, less what was returned of it already, and never more than the
 * order holds now; a voided payment returns nothing. The order's `paid` is lowered by the amount; the entry names
 * the payment and the amount, and the refund receipt follows from the lowered payment (receipt.ts `receiptsDue`).
 */
export const refundOutcome = (
  order: Pick<Order, 'paid' | 'history' | 'total'>,
  payment: string,
  amount: number,
): { ok: true; paid: OrderPayment; before: Record<string, unknown>; after: Record<string, unknown> } | { ok: false; status: 400 | 409; reason: string } => {
  const target = paymentsOf(order.history).find((p) => p.entry.command === payment);
  if (!target) return { ok: false, status: 409, reason: 'Такой оплаты в истории заказа нет' };
  if (target.voidedBy) return { ok: false, status: 409, reason: 'Эта оплата отменена: по ней нечего возвращать' };
  const brought = Math.max(0, roublesOf(target.entry.after.paid, order.total) - roublesOf(target.entry.before.paid, order.total));
  const returned = refundedOf(order.history, payment);
  const held = received(order);
  const most = Math.max(0, Math.min(brought - returned, held));
  if (amount > most)
    return {
      ok: false,
      status: 409,
      reason: most === 0
        ? `По этой оплате вернуть нечего: получено ${formatRoubles(brought)}, возвращено ${formatRoubles(returned)}`
        : `Вернуть можно не больше ${formatRoubles(most)}: по этой оплате получено ${formatRoubles(brought)}, возвращено ${formatRoubles(returned)}`,
    };
  const left = held - amount;
  const paid: OrderPayment = { ...(order.paid ?? { status: 'unpaid' }), status: left >= order.total ? 'paid' : 'unpaid', amount: left };
  return { ok: true, paid, before: { paid: order.paid ?? null }, after: { paid, [refundField]: { payment, amount } } };
};

/**
 * A payment the provider took that nobody keeps, returned whole through the provider (issue 30), for one of two causes:
 * - `cancelled`: it came after the order was cancelled (the customer paid in a tab left open while the hold ran out,
 *   or the studio cancelled first);
 * - `paid`: it came when the order was already paid in full (cash or card at the counter, then the customer's online
 *   payment went through too): the customer paid twice. The order's payment then goes back to the one it had
 *   (`restore`), so the shift counts the cash or card as before.
 * Answers the payment's command and what is still to return of it (never more than the order holds), or null when
 * nothing is: the server then records it as a refund (server/orders/order-commands.ts `markPaidOnline`), once.
 */
export const lateOnlineRefund = (
  order: Pick<Order, 'status' | 'paid' | 'history' | 'total'>,
): { payment: string; amount: number; cause: 'cancelled' | 'paid'; restore?: OrderPayment } | null => {
  const history = order.history ?? [];
  const left = (p: RecordedPayment) => {
    const brought = Math.max(0, roublesOf(p.entry.after.paid, order.total) - roublesOf(p.entry.before.paid, order.total));
    return Math.min(brought - refundedOf(history, p.entry.command), received(order));
  };
  if (order.status === 'cancelled') {
    const cancelledAt = history.findIndex((e) => e.after.status === 'cancelled');
    const late = cancelledAt < 0 ? undefined : paymentsOf(history.slice(cancelledAt + 1)).find((p) => providerPaid(p.paid) && !p.voidedBy);
    if (late && left(late) > 0) return { payment: late.entry.command, amount: left(late), cause: 'cancelled' };
    return null;
  }
  const twice = paymentsOf(history).find((p) => providerPaid(p.paid) && !p.voidedBy && order.total > 0 && roublesOf(p.entry.before.paid, order.total) >= order.total);
  if (!twice || left(twice) <= 0) return null;
  const restore = paymentIn(twice.entry.before.paid);
  return { payment: twice.entry.command, amount: left(twice), cause: 'paid', ...(restore ? { restore } : {}) };
};

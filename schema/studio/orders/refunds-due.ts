import { orderPayment, type Order, type OrderChange } from './order';
import { paymentsOf, providerPaid, received, refundMarkOf, voidedPaymentField } from './order-money';

/** A refund through YooKassa an order's change calls for: its id at the shop (the Idempotence-Key is made from it). */
export interface RefundDue {
  id: string;
  /** The history entry (its command) that called for it. */
  command: string;
  /** YooKassa's payment the money goes back from. */
  payment: string;
  /** Roubles. */
  amount: number;
  /** What YooKassa's payment brought, in roubles: no refunds of it together go past it. */
  brought: number;
}

export const refundIdOf = (order: string, command: string): string => `refund:${order}:${command}`;

const roubles = (paid: unknown, total: number): number => {
  const p = orderPayment.safeParse(paid);
  return p.success ? received({ total, paid: p.data }) : 0;
};

/**
 * The money an order's new history entries return through YooKassa (issue 30; the one rule, DECISIONS «Refunds through
 * YooKassa»): only money YooKassa's payment brought (`providerPaid`), never a staff member's record. Read in the order
 * of the history, each entry against the money YooKassa had brought by then less what was returned before it:
 * - a cancellation returns all of that (nothing, if the money came only later: that payment is then returned by its
 *   own entry, order-money.ts `lateOnlineRefund`);
 * - «Вернуть деньги» (or the server's return of a late payment) on YooKassa's payment returns its amount;
 * - a payment taken back by staff (the «payment» command marking it unpaid or lower: a return after delivery) while
 *   the order's payment was YooKassa's returns the difference; a cash or card payment taken back is the studio's to hand back.
 * Each is capped by what is left; an entry that returns nothing calls for no refund; the queue refuses past the payment too.
 */
export const refundsDue = (o: Pick<Order, 'id' | 'total' | 'online' | 'history'>, entries: readonly OrderChange[]): RefundDue[] => {
  const payment = o.online?.payment;
  const history = o.history ?? [];
  const provider = paymentsOf(history).filter((p) => providerPaid(p.paid) && !p.voidedBy);
  if (!payment || !provider.length) return [];
  const byProvider = new Set(provider.map((p) => p.entry.command));
  const moved = (e: OrderChange) => roubles(e.after.paid, o.total) - roubles(e.before.paid, o.total);
  const brought = provider.reduce((t, p) => t + Math.max(0, moved(p.entry)), 0);
  /** Roubles a staff «payment» entry took back of YooKassa's payment: the order's payment before it was the provider's. */
  const takenBack = (e: OrderChange): number => {
    if (!('paid' in e.after) || voidedPaymentField in e.after) return 0;
    const was = orderPayment.safeParse(e.before.paid);
    return was.success && providerPaid(was.data) ? Math.max(0, -moved(e)) : 0;
  };
  const wanted = new Set(entries.map((e) => e.command));
  const out: RefundDue[] = [];
  let came = 0;
  let returned = 0;
  for (const e of history) {
    if (byProvider.has(e.command)) came += Math.max(0, moved(e));
    const mark = refundMarkOf(e);
    const asked = mark ? (byProvider.has(mark.payment) ? mark.amount : 0) : e.after.status === 'cancelled' ? came - returned : takenBack(e);
    const amount = Math.max(0, Math.min(asked, came - returned));
    returned += amount;
    if (amount > 0 && wanted.has(e.command)) out.push({ id: refundIdOf(o.id, e.command), command: e.command, payment, amount, brought });
  }
  return out;
};

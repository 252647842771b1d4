import type { Order, OrderPayment, PaidMethod } from './order';
import type { OrderAction } from './order-command';
import { isEditable, statusName } from './order-lifecycle';
import { levelOf, reaches, type User } from './user';

/**
 * An order's money and who may decide it (issue 18, item 8; docs/DECISIONS.md «Money and cancelling»). A manager
 * manages money: a florist records only that the whole order was paid, and cancels only what the customer could
 * cancel themselves (before assembly) and nobody has paid for yet. The server refuses by `staffCommandIssue`
 * (server/orders/order-commands.ts), and the order page's buttons ask the same function.
 */
type Money = Pick<Order, 'total' | 'paid'>;

/** What the studio has received: the amount recorded, or the whole total of an order marked paid without one. */
export const received = (o: Money): number => o.paid?.amount ?? (o.paid?.status === 'paid' ? o.total : 0);

/** What is still owed: what the courier collects on delivery. */
export const owed = (o: Money): number => Math.max(0, o.total - received(o));

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

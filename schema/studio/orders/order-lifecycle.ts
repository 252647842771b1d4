import type { OrderStatus } from './order';

/**
 * The order's lifecycle (issue 10; docs/DECISIONS.md «Order lifecycle»):
 * «Новый» → «Подтверждён» → «Собирается» → «Готов» → «У курьера» → «Доставлен»; «Отменён» from any state before
 * «Доставлен», with a reason. Forward steps may be skipped (a showcase bouquet sold at the counter goes from new to
 * delivered). One step back is allowed until the courier has it (a mis-tap); «Доставлен» and «Отменён» are final.
 * A return after delivery is not a status: the order stays delivered and the refund is recorded as its payment.
 */
export const lifecycle: readonly OrderStatus[] = ['new', 'confirmed', 'assembling', 'ready', 'delivering', 'done'];

export const rank = (s: OrderStatus): number => (s === 'cancelled' ? lifecycle.length : lifecycle.indexOf(s));

/** Whether a status change is legal, and if not, why (Russian, shown as a 409). */
export const transitionIssue = (from: OrderStatus, to: OrderStatus): string | null => {
  if (from === to) return null;
  if (from === 'cancelled') return 'Отменённый заказ нельзя вернуть в работу — оформите новый';
  if (from === 'done') return 'Доставленный заказ закрыт: его статус больше не меняется';
  if (to === 'cancelled') return null;
  if (rank(to) > rank(from)) return null;
  if (rank(to) === rank(from) - 1 && rank(from) < rank('delivering')) return null;
  return `Нельзя перевести заказ из «${statusName(from)}» в «${statusName(to)}»`;
};

const names: Record<OrderStatus, string> = {
  new: 'Новый', confirmed: 'Подтверждён', assembling: 'Собирается', ready: 'Готов', delivering: 'У курьера', done: 'Доставлен', cancelled: 'Отменён',
};
export const statusName = (s: OrderStatus): string => names[s];

/** Lines, recipient, address, slot and postcard may be edited until assembly starts. */
export const isEditable = (s: OrderStatus): boolean => rank(s) < rank('assembling');

/**
 * Two devices moved one order offline (issue 10, item 7): the command says what status it saw (`from`). If the
 * order has moved on since, the status follows the lifecycle's furthest legal step: a move further along still
 * applies, one that would go back is not applied and its author is told. A cancellation applies only to the status
 * its author saw (issue 18, item 11): one made against a state that changed meanwhile (the courier has the bouquet
 * now) is refused, naming what replaced it and `who` made that change (the name, or the masked phone).
 */
export const concurrentStatus = (
  current: OrderStatus,
  seen: OrderStatus,
  to: OrderStatus,
  who = 'другой сотрудник',
): { apply: boolean; issue: string | null } => {
  if (current === to) return { apply: false, issue: current === seen ? transitionIssue(current, to) : null };
  if (current === seen) {
    const issue = transitionIssue(current, to);
    return { apply: !issue, issue };
  }
  if (to === 'cancelled')
    return { apply: false, issue: `Отмена не применена: заказ тем временем стал «${statusName(current)}» (изменил(а): ${who}). Если отменить всё же нужно, отмените снова` };
  if (rank(to) > rank(current) && !transitionIssue(current, to)) return { apply: true, issue: null };
  return { apply: false, issue: `Заказ уже «${statusName(current)}»: его изменил(а) ${who}` };
};

/**
 * Whoever starts assembling an order nobody has taken becomes its florist (issue 18, item 9; DECISIONS.md «Staff by
 * name»): the florist's phone a move to `to` by staff member `by` sets, or undefined. The server applies it; a device
 * shows it at once, offline too.
 */
export const assemblingFlorist = (florist: string | undefined, to: OrderStatus, by: string): string | undefined =>
  to === 'assembling' && !florist ? by : undefined;

/**
 * A customer cancels their own order in /my until assembly starts (issue 12); after that only the studio can,
 * by phone. The studio's reason for it is `customerCancelReason`.
 */
export const customerMayCancel = (s: OrderStatus): boolean => isEditable(s);
export const customerCancelReason = 'Отменён покупателем';

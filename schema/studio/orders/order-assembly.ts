import { rank } from './order-lifecycle';
import type { OrderChange, OrderStatus } from './order';

/**
 * When and by whom an order was first moved to «Собирается» or past it (a counter sale may skip straight to
 * «Доставлен»): the moment its bouquets took their stems. Undefined while it never got there, so an order cancelled
 * before assembly takes nothing. A step back afterwards (a mis-tap) or a cancellation does not undo it: the stems
 * were used.
 */
export const assemblyStart = (history: readonly Pick<OrderChange, 'by' | 'at' | 'after'>[] | undefined): { by: string; at: number } | undefined => {
  const entry = history?.find((h) => {
    const to = h.after.status as OrderStatus | undefined;
    return to !== undefined && to !== 'cancelled' && rank(to) >= rank('assembling');
  });
  return entry && { by: entry.by, at: entry.at };
};

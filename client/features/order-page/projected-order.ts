import type { Order } from '../../../schema/order';
import type { OrderCommandView } from '../../data/order-commands';

/**
 * The order as this device will have it once its pending commands are applied: what the page shows and acts on
 * offline (the florist confirms, then assembles, without waiting for the network). The server's copy stays the
 * truth: a command it refuses drops out of the projection and its reason is shown instead.
 */
export const projectedOrder = (order: Order, commands: readonly OrderCommandView[]): Order => {
  let o = order;
  for (const c of commands) {
    if (c.state !== 'pending') continue;
    const a = c.action;
    if (a.kind === 'status') o = { ...o, status: a.to, ...(a.to === 'cancelled' && a.reason ? { cancelReason: a.reason } : {}) };
    else if (a.kind === 'payment') o = { ...o, paid: { ...o.paid, status: a.status, ...(a.method ? { method: a.method } : {}), ...(a.amount !== undefined ? { amount: a.amount } : {}) } };
    else if (a.kind === 'assign') {
      const { florist: _f, courier: _c, ...rest } = o;
      const florist = a.florist === undefined ? o.florist : a.florist ?? undefined;
      const courier = a.courier === undefined ? o.courier : a.courier ?? undefined;
      o = { ...rest, ...(florist ? { florist } : {}), ...(courier ? { courier } : {}) };
    } else if (a.kind === 'edit') {
      const { kind: _k, seenUpdatedAt: _s, lines, ...fields } = a;
      const kept = lines ? o.lines.filter((l) => lines.some((n) => n.id === l.id && n.letterSize === l.letterSize)) : o.lines;
      const counted = lines ? kept.map((l) => ({ ...l, count: lines.find((n) => n.id === l.id && n.letterSize === l.letterSize)?.count ?? l.count })) : kept;
      o = { ...o, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)), lines: counted.map((l) => ({ ...l, sum: l.price * l.count })) };
    } else if (a.kind === 'photo') o = { ...o, photo: a.image };
  }
  return o;
};

/** The order's `updatedAt` an edit is based on: the server copy's (pending edits are not the server's yet). */
export const seenUpdatedAt = (order: Order): number => order.updatedAt;

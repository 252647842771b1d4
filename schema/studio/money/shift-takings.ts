import { today } from '../../shared/day';
import type { Order, PaidMethod } from '../orders/order';
import { received } from '../orders/order-money';

/** The ways money comes in, as the till counts them: cash and card are counted at the close, the rest only shown. */
export const tillMethods = ['cash', 'card', 'transfer', 'online'] as const satisfies readonly PaidMethod[];
type ByMethod = Record<PaidMethod, number>;

const noMoney = (): ByMethod => ({ cash: 0, card: 0, transfer: 0, online: 0 });

/** A cash charge of the day as the close counts it (schema/entities/charge.ts). */
export interface TillCharge {
  day: string;
  direction: 'out' | 'in';
  method: 'cash' | 'card' | 'transfer';
  amount: number;
}

export interface ShiftTakings {
  /** What came in on the day, by how it was paid. */
  byMethod: ByMethod;
  /** Orders paid on the day, and how many of them were counter sales (source «Витрина»). */
  orders: number;
  counterSales: number;
  /** Cash put into the till and taken out of it on the day (charges paid in cash). */
  cashIn: number;
  cashOut: number;
  /** What the till should hold: the cash at the start, the cash takings, what was put in, less what was taken out. */
  expectedCash: number;
  expectedCard: number;
}

/**
 * What a shift's close expects, per payment method, from the studio's orders and counter sales paid on that day
 * (Moscow) and the day's cash charges. An order counts on the day its payment was recorded, with all that was
 * received for it (schema/studio/orders/order-money.ts `received`); a cancelled order counts nothing, and a payment recorded without
 * a method (orders older than issue 10) is left out, as no till holds it.
 */
export const shiftTakings = (
  day: string,
  orders: Iterable<Pick<Order, 'status' | 'total' | 'paid' | 'source'>>,
  charges: Iterable<TillCharge>,
  opening = 0,
): ShiftTakings => {
  const byMethod = noMoney();
  let count = 0;
  let counterSales = 0;
  for (const o of orders) {
    const at = o.paid?.at;
    const method = o.paid?.method;
    if (o.status === 'cancelled' || at === undefined || !method || today(new Date(at)) !== day) continue;
    const sum = received(o);
    if (sum <= 0) continue;
    byMethod[method] += sum;
    count += 1;
    if (o.source === 'showcase') counterSales += 1;
  }
  let cashIn = 0;
  let cashOut = 0;
  for (const c of charges) {
    if (c.day !== day || c.method !== 'cash') continue;
    if (c.direction === 'in') cashIn += c.amount;
    else cashOut += c.amount;
  }
  return { byMethod, orders: count, counterSales, cashIn, cashOut, expectedCash: opening + byMethod.cash + cashIn - cashOut, expectedCard: byMethod.card };
};

/** All the day took in, every payment method together: what the quick close's «Выручка за смену» should read. */
export const takingsTotal = (t: Pick<ShiftTakings, 'byMethod'>): number => Object.values(t.byMethod).reduce((sum, v) => sum + v, 0);

/** Counted less expected: more in the till is positive, a shortage negative. */
export const shiftDifference = (expected: { cash: number; card: number }, counted: { cash: number; card: number }) => ({
  cash: counted.cash - expected.cash,
  card: counted.card - expected.card,
});

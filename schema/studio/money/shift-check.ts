import { z } from 'zod';
import { day } from '../../shared/day';
import type { ShiftTakings } from './shift-takings';

const money = z.number().int();
const till = z.strictObject({ cash: money, card: money });

/**
 * What the server expected of a day's till when the close arrived (server/money/shift-books.ts): `shiftTakings` over
 * the server's own orders and charges, with the cash at the start the florist counted. Stored by the server beside
 * the close, never inside it: a pushed close is stored as the device sent it.
 */
export const serverExpectation = z.strictObject({
  day,
  /** The server's clock when it was computed: the close's arrival. */
  at: z.number(),
  expected: till,
  takings: z.strictObject({ cash: money, card: money, transfer: money, online: money }),
  orders: z.number().int().min(0),
  cashIn: money,
  cashOut: money,
});
export type ServerExpectation = z.infer<typeof serverExpectation>;

/** A day's close for a manager: what the device showed beside what the server expected; `gap` is device − server, null when the server holds no expectation. */
const shiftCheck = z.strictObject({
  day,
  device: till,
  server: serverExpectation.nullable(),
  gap: till.nullable(),
});
export type ShiftCheck = z.infer<typeof shiftCheck>;

/** POST /api/shift-books/list's answer: the stored closes, newest first. */
export const shiftChecksAnswer = z.strictObject({ data: z.array(shiftCheck) });

/** The server's expectation of a day from its takings (schema/studio/money/shift-takings.ts) and the opening cash the florist counted. */
export const expectationOf = (d: string, at: number, t: ShiftTakings): ServerExpectation => ({
  day: d,
  at,
  expected: { cash: t.expectedCash, card: t.expectedCard },
  takings: t.byMethod,
  orders: t.orders,
  cashIn: t.cashIn,
  cashOut: t.cashOut,
});

/** A close's check: the device's expected sums against the server's, and what the device showed beyond the books. */
export const shiftCheckOf = (close: { day: string; expectedCash: number; expectedCard: number }, server: ServerExpectation | null): ShiftCheck => {
  const device = { cash: close.expectedCash, card: close.expectedCard };
  return { day: close.day, device, server, gap: server && { cash: device.cash - server.expected.cash, card: device.card - server.expected.card } };
};

/** Whether a manager should look: the device's expectation differs from the server's. */
export const checkDiffers = (c: ShiftCheck): boolean => !!c.gap && (c.gap.cash !== 0 || c.gap.card !== 0);

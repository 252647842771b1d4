import { z } from 'zod';

/** yyyy-MM-dd of a real calendar date. */
export const day = z
  .string({ error: 'Укажите дату' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Такой даты нет');

/**
 * The formatters, made once on first use: a new `Intl.DateTimeFormat` costs ~1 ms on a phone, and a board or a list
 * asks for today once a card (a florist's first open of /admin/orders spent 70 ms of a CPU profile making them).
 */
let moscowDay: Intl.DateTimeFormat | undefined;
let moscowTime: Intl.DateTimeFormat | undefined;

/** Today in Moscow, where the shop is — not in the browser's or server's zone. */
export const today = (now = new Date()): string => (moscowDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' })).format(now);

/** Minutes since midnight in Moscow. */
export const moscowMinutes = (now = new Date()): number => {
  const [h, m] = (moscowTime ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(now).split(':');
  return Number(h) * 60 + Number(m);
};

/** The day after `d` (yyyy-MM-dd). */
export const nextDay = (d: string): string => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The day `n` days after `d` (before it, for a negative `n`). */
export const addDays = (d: string, n: number): string => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

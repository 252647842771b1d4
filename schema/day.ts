import { z } from 'zod';

/** yyyy-MM-dd of a real calendar date. */
export const day = z
  .string({ error: 'Укажите дату' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Такой даты нет');

/** Today in Moscow, where the shop is — not in the browser's or server's zone. */
export const today = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now);

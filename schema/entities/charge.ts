import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';
import { paymentMethod, paymentMethods } from '../studio/orders/order';
import { refCode } from '../shared/ref-choice';
import { refDefaults } from './ref';

/** Money leaving the studio (an expense, a withdrawal from the till) or cash put into the till. */
export const chargeDirections = [
  { id: 'out', label: 'Расход' },
  { id: 'in', label: 'Внесение' },
] as const;
export const chargeDirection = z.enum(['out', 'in']);

/** A sum of a charge: whole roubles, more than nothing, however it was typed. */
const chargeAmount = z
  .number({ error: 'Сумма — число рублей' })
  .int('Сумма — целое число рублей')
  .positive('Сумма должна быть больше нуля')
  .max(10_000_000, 'Слишком большая сумма')
  .meta({ roubles: true });

/**
 * A charge (/admin/charges): rent, wages, couriers, a purchase at the market, a cash withdrawal, or cash put into the
 * till, with its category from the reference list `cash-reason`, the method and the day; who recorded it is the
 * record's author (stamped from the session). A fact: a mistake is corrected by a new charge. Office tier, so a
 * florist records what she paid from the till on her phone, offline too; the shift's close counts the cash ones
 * (schema/studio/money/shift-takings.ts).
 */
export const charge = defineEntity({
  type: 'charge',
  path: 'charges',
  labels: {
    one: 'Расход',
    many: 'Расходы',
    create: 'Новый расход',
    fields: { day: 'Дата', direction: 'Движение', category: 'Статья', amount: 'Сумма, ₽', method: 'Способ', note: 'Заметка' },
    values: {
      direction: Object.fromEntries(chargeDirections.map((d) => [d.id, d.label])),
      category: Object.fromEntries(refDefaults['cash-reason'].map((r) => [r.code, r.label])),
      method: Object.fromEntries(paymentMethods.map((m) => [m.id, m.label])),
    },
  },
  tier: 'office',
  write: 'fact',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: null },
  fields: z.strictObject({
    day,
    direction: chargeDirection.default('out'),
    category: refCode('cash-reason', 'Выберите статью'),
    amount: chargeAmount,
    method: paymentMethod.default('cash'),
    note: z.string().trim().max(500, 'Заметка длиннее 500 символов').default(''),
  }),
  list: { columns: ['day', 'direction', 'category', 'amount', 'method', 'note'], search: ['note'], sort: 'day', filters: ['direction', 'method'] },
  example: { day: '2026-11-25', direction: 'out', category: 'market', amount: 3500, method: 'cash', note: 'Эвкалипт на базе' },
  title: (c) => `${c.direction === 'in' ? 'Внесение' : 'Расход'} ${c.amount} ₽ от ${c.day}`,
  day: (c) => c.day,
  version: 1,
  // A fact: nobody changes it, so there is never anything to merge.
  merge: (server) => server.data,
});

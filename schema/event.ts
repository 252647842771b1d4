import { z } from 'zod';
import { day, today } from './day';
import { roubles } from './money';

export const eventTypes = [
  { id: 'order', label: 'Заказ' },
  { id: 'sell', label: 'Продажа' },
  { id: 'supply', label: 'Закупка' },
  { id: 'event', label: 'Событие' },
  { id: 'workday', label: 'Рабочий день' },
  { id: 'birthday', label: 'День рождения' },
] as const;
export const eventType = z.enum(['order', 'sell', 'supply', 'event', 'workday', 'birthday']);

/** A calendar event (spec §3). Staff create them offline; they replicate through /db/events. */
export const shopEvent = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Неверный идентификатор события'),
  source: z.string().max(40).default('admin'),
  title: z.string().trim().min(1, 'Укажите название').max(200),
  description: z.string().max(2000).default(''),
  day: day.default(() => today()),
  type: eventType,
  sum: roubles.default(0),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
  meta: z.strictObject({ author: z.string().max(20).default(''), createdAt: z.number().int().min(0) }),
});
export type ShopEvent = z.infer<typeof shopEvent>;

export const shiftCloseTitle = 'Закрытие смены';

/** The shift-closing dialog's fields. */
export const shiftClose = z.strictObject({
  amount: z.coerce.number({ error: 'Укажите сумму' }).int('Сумма — целое число рублей').positive('Укажите сумму'),
  date: day,
});

export const eventsListQuery = z.strictObject({
  month: z.number().int().min(1, 'Месяц от 1 до 12').max(12, 'Месяц от 1 до 12'),
  year: z.number().int().min(2000).max(2100),
});

export const eventDelete = z.union([z.strictObject({ id: shopEvent.shape.id }), shopEvent]);

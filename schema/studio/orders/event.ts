import { z } from 'zod';
import { day, today } from '../../shared/day';
import { roubles } from '../../shared/money';
import { isAdmin, type User } from '../../shared/user';
import { eventType, eventTypes } from './event-type';

export { eventType, eventTypes } from './event-type';

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

/**
 * Whether an event is the spec's quick close of a shift (the dialog's event, however written: the dialog, the calendar,
 * a push): its title says so. The server dates it as it dates the full close (server/db/events-rule.ts).
 */
export const isQuickClose = (event: { title?: unknown }): boolean => event.title === shiftCloseTitle;

/** The shift-closing dialog's fields. */
export const shiftClose = z.strictObject({
  amount: z.coerce.number({ error: 'Укажите сумму' }).int('Сумма — целое число рублей').positive('Укажите сумму'),
  date: day,
});

/**
 * An event as a device pushes it or /api/events/update receives it: without an id the server gives one, without
 * `meta` the server signs it from the session (it signs every event anyway; DECISIONS «Events and the calendar»).
 */
export const eventInput = shopEvent.extend({ id: shopEvent.shape.id.optional(), meta: shopEvent.shape.meta.optional() });
export type EventInput = z.infer<typeof eventInput>;

/** /api/events/delete: the event or its id (spec §7); a whole event may come without `meta`, as to update. */
export const eventDelete = z.union([z.strictObject({ id: shopEvent.shape.id }), eventInput.extend({ id: shopEvent.shape.id })]);

const monthNumber = z.number({ error: 'Месяц от 1 до 12' }).int('Месяц от 1 до 12').min(1, 'Месяц от 1 до 12').max(12, 'Месяц от 1 до 12');
const yearNumber = z.number({ error: 'Год от 2000 до 2100' }).int('Год от 2000 до 2100').min(2000, 'Год от 2000 до 2100').max(2100, 'Год от 2000 до 2100');

export const eventsListQuery = z.strictObject({ month: monthNumber, year: yearNumber });
export type EventsMonth = z.infer<typeof eventsListQuery>;

/** The days of a month as keys of `day` (yyyy-MM-dd): every event of the month sorts between the two. */
export const monthRange = ({ month, year }: EventsMonth): { first: string; last: string } => {
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  return { first: `${prefix}01`, last: `${prefix}31` };
};

/** Which month a day (yyyy-MM-dd) belongs to. */
export const monthOf = (d: string): EventsMonth => ({ year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)) });

export const eventTypeLabel = (type: ShopEvent['type']): string => eventTypes.find((t) => t.id === type)?.label ?? type;



/** An order's calendar entry: the server writes it with the order and nobody changes it through /db or /api/events. */
export const serverOwnedEvent = (id: string, source: unknown): boolean => id.startsWith('order-') || source === 'shop';

/** Who may change or delete a stored event: its author or an admin, and nobody the server's own (server/db/events-rule.ts). */
export const mayChangeEvent = (user: User, event: Pick<ShopEvent, 'id' | 'source' | 'meta'>): boolean =>
  !serverOwnedEvent(event.id, event.source) && (event.meta.author === user.phone || isAdmin(user));

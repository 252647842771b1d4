import { z } from 'zod';
import { eventType } from '../../../../schema/studio/orders/event-type';

/** The calendar's state in the address: month and year shown, the day opened. Anything malformed falls back to today's month. */
export const calendarSearch = z.object({
  month: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  /** Only events of this type (spec §3's types): the legend's filter. */
  type: eventType.optional().catch(undefined),
});
export type CalendarSearch = z.infer<typeof calendarSearch>;

/** /admin/events/list: the month shown and its filters, in the address. */
export const eventsListSearch = calendarSearch.pick({ month: true, year: true, type: true }).extend({
  source: z.string().max(40).optional().catch(undefined),
});
export type EventsListSearch = z.infer<typeof eventsListSearch>;

/** /admin/events: a new event (on `day`, by default today) or the event `id`. */
export const eventFormSearch = z.object({
  id: z.string().max(64).optional().catch(undefined),
  day: calendarSearch.shape.day,
});

import { z } from 'zod';
import { eventType } from '../../../schema/event';
import { calendarSearch } from './month-grid';

/** /admin/events/list: the month shown and its filters, in the address. */
export const eventsListSearch = calendarSearch.pick({ month: true, year: true }).extend({
  type: eventType.optional().catch(undefined),
  source: z.string().max(40).optional().catch(undefined),
});
export type EventsListSearch = z.infer<typeof eventsListSearch>;

/** /admin/events: a new event (on `day`, by default today) or the event `id`. */
export const eventFormSearch = z.object({
  id: z.string().max(64).optional().catch(undefined),
  day: calendarSearch.shape.day,
});

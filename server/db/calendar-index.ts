import { monthRange, type EventsMonth, type ShopEvent } from '../../schema/studio/orders/event';
import { upsert, type Stored } from './docs';
import { fromSynced } from './synced';

/**
 * The calendar's index: a CouchDB view of `events` by day, so a month is read as one key range and not by reading
 * every event ever written. A view is a design document and works alike on PouchDB (the embedded store) and CouchDB.
 * Devices never see it: the gateway leaves design documents out of every pull (`server/db/gateway.ts`).
 */
const designId = '_design/calendar';
const view = 'calendar/by-day';
const byDay = {
  views: { 'by-day': { map: "function (doc) { if (typeof doc.day === 'string') emit(doc.day, null); }" } },
  language: 'javascript',
};

/** Writes the view once per store (every app server calls it at start; the same content is not written again). */
export const ensureCalendarIndex = async (events: PouchDB.Database): Promise<void> => {
  await upsert<object>(events, designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(byDay.views) ? null : byDay));
};

/** The events from `first` to `last` (days, both included), by day, read through the view. */
const eventsBetween = async (events: PouchDB.Database, first: string, last: string): Promise<ShopEvent[]> => {
  const { rows } = await events.query<Omit<ShopEvent, 'id'>>(view, { startkey: first, endkey: last, include_docs: true });
  return rows.flatMap((r) => (r.doc ? [fromSynced<ShopEvent>(r.doc as Stored<Omit<ShopEvent, 'id'>>)] : []));
};

/** The events of one month, by day. */
export const eventsOfMonth = (events: PouchDB.Database, month: EventsMonth): Promise<ShopEvent[]> => {
  const { first, last } = monthRange(month);
  return eventsBetween(events, first, last);
};

/** The events of one day. */
export const eventsOfDay = (events: PouchDB.Database, day: string): Promise<ShopEvent[]> => eventsBetween(events, day, day);

import type { RxCollection } from 'rxdb';
import { monthRange, shopEvent, type EventInput, type EventsMonth, type ShopEvent } from '../../schema/studio/orders/event';
import { call, ApiError } from '../lib/api';
import { calendarFactTypes, factEvents } from '../../schema/studio/orders/fact-events';
import type { OfficeRecord } from '../../schema/shared/record';
import { randomId } from '../lib/random-id';

/** Where a month's events came from: the server, or the device's copy (offline, or the server out of reach). */
export interface MonthEvents {
  events: ShopEvent[];
  from: 'server' | 'device';
}

const byDay = (a: ShopEvent, b: ShopEvent) => a.day.localeCompare(b.day) || a.meta.createdAt - b.meta.createdAt;

/** One month of the device's copy of the calendar, through its index by day. */
export const deviceMonth = async (events: RxCollection<ShopEvent>, month: EventsMonth): Promise<ShopEvent[]> => {
  const { first, last } = monthRange(month);
  const docs = await events.find({ selector: { day: { $gte: first, $lte: last } }, sort: [{ day: 'asc' }] }).exec();
  return docs.map((d) => d.toMutableJSON()).sort(byDay);
};

/**
 * The month's entries made from the books this device holds (schema/studio/orders/fact-events.ts): supplies, write-offs,
 * shift closes, offline too. Never stored as events: read from the office records each time.
 */
export const deviceFacts = async (office: RxCollection<OfficeRecord>, month: EventsMonth): Promise<ShopEvent[]> => {
  const docs = await office.find({ selector: { type: { $in: [...calendarFactTypes] } } }).exec();
  return factEvents(docs.map((d) => d.toMutableJSON()), month);
};

/** A network that is down or a server out of reach: the device's copy answers instead. */
const unreachable = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status >= 500);

/**
 * The calendar's month (spec §7: /api/events/list with month and year, no cache): the server's answer online, the
 * device's copy (pulled from /db/events) offline. Events written on this device and not pushed yet are shown too.
 */
export const loadMonth = async (
  events: RxCollection<ShopEvent>,
  month: EventsMonth,
  ask = (m: EventsMonth) => call('POST /api/events/list', m),
  facts: (m: EventsMonth) => Promise<ShopEvent[]> = async () => [],
): Promise<MonthEvents> => {
  const local = [...(await deviceMonth(events, month)), ...(await facts(month))].sort(byDay);
  if (globalThis.navigator?.onLine === false) return { events: local, from: 'device' };
  try {
    const server = await ask(month);
    const known = new Set(server.map((e) => e.id));
    return { events: [...server, ...local.filter((e) => !known.has(e.id))].sort(byDay), from: 'server' };
  } catch (e) {
    if (unreachable(e)) return { events: local, from: 'device' };
    throw e;
  }
};

/**
 * Creates or changes an event: online through /api/events/update (the server signs it), offline into the device's
 * calendar, which the sync pushes when the network returns (the server signs it then). A refusal (4xx) is shown, not kept.
 */
export const saveEvent = async (
  events: RxCollection<ShopEvent>,
  input: EventInput,
  author: string,
  send = (e: ShopEvent) => call('POST /api/events/update', e),
): Promise<{ event: ShopEvent; sent: boolean }> => {
  const stored = input.id ? await events.findOne(input.id).exec() : null;
  const event = shopEvent.parse({ ...input, id: input.id ?? randomId(), meta: stored?.meta ?? input.meta ?? { author, createdAt: Date.now() } });
  if (globalThis.navigator?.onLine !== false) {
    try {
      await send(event);
      return { event, sent: true };
    } catch (e) {
      if (!unreachable(e)) throw e;
    }
  }
  await events.upsert(event);
  return { event, sent: false };
};

/** Deletes an event: online through /api/events/delete, offline as a deletion the sync pushes. */
export const deleteEvent = async (events: RxCollection<ShopEvent>, id: string, send = (eventId: string) => call('POST /api/events/delete', { id: eventId })): Promise<void> => {
  if (globalThis.navigator?.onLine !== false) {
    try {
      await send(id);
      return;
    } catch (e) {
      if (!unreachable(e)) throw e;
    }
  }
  const doc = await events.findOne(id).exec();
  if (!doc) throw new ApiError(404, 'Событие не найдено на этом устройстве');
  await doc.remove();
};

import { today } from '../../../../schema/shared/day';
import { eventType, monthOf, type EventsMonth, type ShopEvent } from '../../../../schema/studio/orders/event';
import type { CalendarSearch } from './events-search';

/** The month a search shows: today's (in Moscow) when none is given. */
export const shownMonth = (s: CalendarSearch, now = new Date()): EventsMonth => {
  const current = monthOf(today(now));
  return { month: s.month ?? current.month, year: s.year ?? current.year };
};

/** The month before or after. */
export const stepMonth = ({ month, year }: EventsMonth, by: -1 | 1): EventsMonth => {
  const m = month + by;
  return m < 1 ? { month: 12, year: year - 1 } : m > 12 ? { month: 1, year: year + 1 } : { month: m, year };
};

export const monthNames = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'] as const;
/** Monday first, as a Russian calendar is. */
export const weekdayNames = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

const dayKey = ({ month, year }: EventsMonth, d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The weeks of a month, Monday first; days outside the month are null. */
export const monthWeeks = (m: EventsMonth): (string | null)[][] => {
  const days = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(m.year, m.month - 1, 1)).getUTCDay() + 6) % 7;
  const cells = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => dayKey(m, i + 1))];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
};

interface DaySummary {
  events: ShopEvent[];
  count: number;
  sum: number;
  /** The types present that day, in the spec's order. */
  types: ShopEvent['type'][];
}

/** Events grouped by day (spec §2: «events for a month and year, grouped by day»), with a count and a sum per day. */
export const groupByDay = (events: readonly ShopEvent[]): Map<string, DaySummary> => {
  const days = new Map<string, DaySummary>();
  for (const e of events) {
    const d = days.get(e.day) ?? { events: [], count: 0, sum: 0, types: [] };
    d.events.push(e);
    d.count += 1;
    d.sum += e.sum;
    days.set(e.day, d);
  }
  for (const d of days.values()) d.types = eventType.options.filter((t) => d.events.some((e) => e.type === t));
  return days;
};

import { z } from 'zod';
import { day } from '../../shared/day';
import { officeRecord, type OfficeRecord } from '../../shared/record';
import { shopEvent } from './event';

/** The dashboard shows this many of today's tasks; the rest are a link away. */
export const dashboardTasks = 20;

/**
 * The tasks the dashboard lists for `today` (one rule for the device's reading and the server's snapshot): due today
 * whatever their status, and those of earlier days not done yet; undone first, then by time. `records` are the tasks
 * due today or before (the device's query, the server's view by status and day).
 */
export const todayTasks = <R extends Pick<OfficeRecord, 'day' | 'data'>>(records: readonly R[], today: string): R[] =>
  records
    .filter((t) => !!t.day && (t.day === today || (t.day < today && t.data.status !== 'done')))
    .sort((a, b) => Number(a.data.status === 'done') - Number(b.data.status === 'done') || String(a.data.dueTime ?? '').localeCompare(String(b.data.dueTime ?? '')));

/**
 * The dashboard's first content (issue 32, item 1): today's (Moscow) calendar events and the first `dashboardTasks`
 * of the tasks it lists (`todayTasks`) with how many there are in all, as the server holds them in `events` and
 * `office`, written into the page of staff who may read both, so `/admin` shows them before the device's store has
 * opened and pulled. `day` is the day they are of: the tab uses them on that day only.
 */
export const dashboardSnapshot = z.object({
  day,
  events: z.array(shopEvent),
  tasks: z.array(officeRecord).max(dashboardTasks),
  /** How many tasks `todayTasks` lists in all (the «Ещё N» link). */
  total: z.number().int().min(0),
});
export type DashboardSnapshot = z.infer<typeof dashboardSnapshot>;

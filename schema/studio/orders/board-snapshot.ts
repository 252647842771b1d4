import { z } from 'zod';
import { day } from '../../shared/day';
import { order } from './order';
import type { WriteOffSnapshot } from '../stock/write-off-snapshot';
import type { DashboardSnapshot } from './dashboard-snapshot';

/** More orders than this on the asked days and the server draws none: the board waits for the device as before. */
export const boardSnapshotMax = 300;

/**
 * The orders board's first content (issue 32, item 1): the studio's orders of the days its address shows, as the
 * server holds them in `studio-orders`, written into the page of a signed-in staff member who may read that database,
 * so the board shows before the device's store has opened and pulled. The tab parses it and uses it for these days
 * only, until the device's own copy holds the studio's orders.
 */
export const boardSnapshot = z.object({
  from: day,
  to: day,
  orders: z.array(order).max(boardSnapshotMax),
});
export type BoardSnapshot = z.infer<typeof boardSnapshot>;

import { drawnScreens, type DrawnScreen } from './staff-snapshot-ids';

export { boardSnapshotElementId, orderSnapshotElementId, drawnScreens, type DrawnScreen } from './staff-snapshot-ids';

/**
 * An order page's first content (issue 32, item 1): the order the address names (by id or number), as the server
 * holds it in `studio-orders`, written into the page of staff who may read that database, so the page shows before
 * the device has pulled it. `key` is the address's, so the tab uses it for that address only.
 */
export const orderSnapshot = z.object({ key: z.string(), order });
export type OrderSnapshot = z.infer<typeof orderSnapshot>;

/** What a staff page may carry: the board's days, one order, the dashboard's today or the write-off form's choices, each under its own element. */
export type StaffSnapshot = { board: BoardSnapshot } | { order: OrderSnapshot } | { dashboard: DashboardSnapshot } | { writeOff: WriteOffSnapshot };

/** The screen a staff page's snapshot is drawn as (`drawnScreens`), or `null` for none. */
export const drawnScreenOf = (snapshot: StaffSnapshot): DrawnScreen | null => drawnScreens.find((screen) => screen in snapshot) ?? null;

import { z } from 'zod';
import { day } from '../../shared/day';
import { order } from './order';

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

/** The id of the `<script type="application/json">` that carries it. */
export const boardSnapshotElementId = 'board-snapshot';

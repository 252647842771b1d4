import { dashboardSnapshot, type DashboardSnapshot } from '../../../schema/studio/orders/dashboard-snapshot';
import { dashboardSnapshotElementId } from '../../../schema/studio/orders/staff-snapshot-ids';
import { drawnSnapshot } from '../../lib/drawn-snapshot';

const page = drawnSnapshot(dashboardSnapshotElementId, dashboardSnapshot);

/** The server's renderer gives the screen its snapshot (client/entry-server.tsx); `undefined` forgets it after that page. */
export const drawDashboardWith = page.drawWith;

/**
 * Today's events and tasks the server wrote into this page (server/render/board-snapshot.ts), or `null`: the
 * dashboard shows them until the device's store is open, has pulled the studio's data and answered (issue 32, item 1).
 * Another day (a page drawn before Moscow's midnight) has none.
 */
export const drawnDashboard = (day: string): DashboardSnapshot | null => {
  const drawn = page.read();
  return drawn && drawn.day === day ? drawn : null;
};

import { dashboardSnapshot, type DashboardSnapshot } from '../../../schema/studio/orders/dashboard-snapshot';
import { dashboardSnapshotElementId } from '../../../schema/studio/orders/staff-snapshot-ids';

let read: DashboardSnapshot | null | undefined;

/**
 * The server's renderer gives the dashboard the events and tasks it draws the page with (client/entry-server.tsx), as
 * the tab reads them from the page; `undefined` forgets them after that page.
 */
export const drawDashboardWith = (snapshot: DashboardSnapshot | undefined): void => {
  read = snapshot;
};

const readOnce = (): DashboardSnapshot | null => {
  if (read !== undefined) return read;
  const text = typeof document === 'undefined' ? null : document.getElementById(dashboardSnapshotElementId)?.textContent;
  if (!text) return (read = null);
  try {
    const parsed = dashboardSnapshot.safeParse(JSON.parse(text));
    return (read = parsed.success ? parsed.data : null);
  } catch {
    return (read = null);
  }
};

/**
 * Today's events and tasks the server wrote into this page (server/render/board-snapshot.ts), or `null`: the
 * dashboard shows them until the device's store is open, has pulled the studio's data and answered (issue 32, item 1).
 * Another day (a page drawn before Moscow's midnight) has none.
 */
export const drawnDashboard = (day: string): DashboardSnapshot | null => {
  const drawn = readOnce();
  return drawn && drawn.day === day ? drawn : null;
};

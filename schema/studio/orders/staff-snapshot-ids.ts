/**
 * The ids of the `<script type="application/json">` elements that carry a staff page's first content (issue 32,
 * item 1): the board's days, one order. Apart from their schemas, so the app's entry can tell such a page without
 * loading them.
 */
export const boardSnapshotElementId = 'board-snapshot';
export const orderSnapshotElementId = 'order-snapshot';

/**
 * The user a staff screen the server drew was drawn for (the session's): the tab starts its session with that user,
 * so its first render is the server's (the menu, the buttons this user may press) and hydrates it.
 */
export const staffUserElementId = 'staff-user';

/** The dashboard's today: events and tasks (schema/studio/orders/dashboard-snapshot.ts). */
export const dashboardSnapshotElementId = 'dashboard-snapshot';

/** The write-off form's choices (schema/studio/stock/write-off-snapshot.ts). */
export const writeOffSnapshotElementId = 'write-off-snapshot';

/**
 * The staff screens the server draws as HTML for their staff member and the tab hydrates (issue 32, item 1), named by
 * the snapshot each is drawn from: the orders board, an order page, the dashboard and the write-off form. Each is a route (client/entry-server.tsx `drawnRoutes`), a snapshot and the chunks it hydrates with
 * (client/lib/later-code.ts `drawnScreenModules`, `later-files.json` `drawn`).
 */
export const drawnScreens = ['board', 'order', 'dashboard', 'writeOff'] as const;
export type DrawnScreen = (typeof drawnScreens)[number];

/** The element ids of the drawn screens' snapshots. */
export const drawnSnapshotElementIds: Record<DrawnScreen, string> = {
  board: boardSnapshotElementId,
  order: orderSnapshotElementId,
  dashboard: dashboardSnapshotElementId,
  writeOff: writeOffSnapshotElementId,
};

/**
 * Every element a staff page's first content may come under (the drawn screens'): a page
 * carrying one is a staff screen the server wrote for its staff member, which the tab opens its store for by the
 * storefront's rule (client/main.tsx) and the service worker never keeps (client/lib/kept-pages.ts, whose pattern
 * must name each: the worker's code is written out without imports, and its test reads this list).
 */
export const staffSnapshotElementIds: readonly string[] = Object.values(drawnSnapshotElementIds);

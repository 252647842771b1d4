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

/** The write-off form's choices (schema/studio/stock/write-off-snapshot.ts). */
export const writeOffSnapshotElementId = 'write-off-snapshot';

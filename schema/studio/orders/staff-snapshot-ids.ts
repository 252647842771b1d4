/**
 * The ids of the `<script type="application/json">` elements that carry a staff page's first content (issue 32,
 * item 1): the board's days, one order. Apart from their schemas, so the app's entry can tell such a page without
 * loading them.
 */
export const boardSnapshotElementId = 'board-snapshot';
export const orderSnapshotElementId = 'order-snapshot';

import { orderSnapshot, orderSnapshotElementId, type OrderSnapshot } from '../../../../schema/studio/orders/board-snapshot';
import type { Order } from '../../../../schema/studio/orders/order';

let read: OrderSnapshot | null | undefined;

/**
 * The server's renderer gives the order page the order it draws the page with (client/entry-server.tsx), as the tab
 * reads it from the page; `undefined` forgets it after that page.
 */
export const drawOrderWith = (snapshot: OrderSnapshot | undefined): void => {
  read = snapshot;
};

const readOnce = (): OrderSnapshot | null => {
  if (read !== undefined) return read;
  const text = typeof document === 'undefined' ? null : document.getElementById(orderSnapshotElementId)?.textContent;
  if (!text) return (read = null);
  try {
    const parsed = orderSnapshot.safeParse(JSON.parse(text));
    return (read = parsed.success ? parsed.data : null);
  } catch {
    return (read = null);
  }
};

/**
 * The order the server wrote into this page for this address (server/render/board-snapshot.ts), or `null`: the order
 * page shows it until the device's store holds the order (issue 32, item 1). Another address has none.
 */
export const drawnOrder = (key: string): Order | null => {
  const drawn = readOnce();
  return drawn && drawn.key === key ? drawn.order : null;
};

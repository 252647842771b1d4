import { boardSnapshot, boardSnapshotElementId, type BoardSnapshot } from '../../../../schema/studio/orders/board-snapshot';
import type { Order } from '../../../../schema/studio/orders/order';

let read: BoardSnapshot | null | undefined;

/**
 * The server's renderer gives the board the orders it draws the page with (client/entry-server.tsx), as the tab reads
 * them from the page; `undefined` forgets them after that page.
 */
export const drawBoardWith = (snapshot: BoardSnapshot | undefined): void => {
  read = snapshot;
};

const readOnce = (): BoardSnapshot | null => {
  if (read !== undefined) return read;
  const text = typeof document === 'undefined' ? null : document.getElementById(boardSnapshotElementId)?.textContent;
  if (!text) return (read = null);
  try {
    const parsed = boardSnapshot.safeParse(JSON.parse(text));
    return (read = parsed.success ? parsed.data : null);
  } catch {
    return (read = null);
  }
};

/**
 * The orders the server wrote into this page for these days (server/render/board-snapshot.ts), or `null`: the board
 * shows them until the device's store holds the studio's orders (issue 32, item 1). Other days have none.
 */
export const drawnOrders = (from: string, to: string): Order[] | null => {
  const drawn = readOnce();
  return drawn && drawn.from === from && drawn.to === to ? drawn.orders : null;
};

import { boardSnapshot, boardSnapshotElementId } from '../../../../schema/studio/orders/board-snapshot';
import type { Order } from '../../../../schema/studio/orders/order';
import { drawnSnapshot } from '../../../lib/drawn-snapshot';

const page = drawnSnapshot(boardSnapshotElementId, boardSnapshot);

/** The server's renderer gives the screen its snapshot (client/entry-server.tsx); `undefined` forgets it after that page. */
export const drawBoardWith = page.drawWith;

/**
 * The orders the server wrote into this page for these days (server/render/board-snapshot.ts), or `null`: the board
 * shows them until the device's store holds the studio's orders (issue 32, item 1). Other days have none.
 */
export const drawnOrders = (from: string, to: string): Order[] | null => {
  const drawn = page.read();
  return drawn && drawn.from === from && drawn.to === to ? drawn.orders : null;
};

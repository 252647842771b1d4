import { orderSnapshot, orderSnapshotElementId } from '../../../../schema/studio/orders/board-snapshot';
import type { Order } from '../../../../schema/studio/orders/order';
import { drawnSnapshot } from '../../../lib/drawn-snapshot';

const page = drawnSnapshot(orderSnapshotElementId, orderSnapshot);

/** The server's renderer gives the screen its snapshot (client/entry-server.tsx); `undefined` forgets it after that page. */
export const drawOrderWith = page.drawWith;

/**
 * The order the server wrote into this page for this address (server/render/board-snapshot.ts), or `null`: the order
 * page shows it until the device's store holds the order (issue 32, item 1). Another address has none.
 */
export const drawnOrder = (key: string): Order | null => {
  const drawn = page.read();
  return drawn && drawn.key === key ? drawn.order : null;
};

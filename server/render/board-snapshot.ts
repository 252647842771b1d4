import { z } from 'zod';
import { canReadDb } from '../../schema/shared/databases';
import { day } from '../../schema/shared/day';
import { order } from '../../schema/studio/orders/order';
import { boardDays } from '../../schema/studio/orders/board-days';
import { boardSnapshotElementId, boardSnapshotMax, type BoardSnapshot } from '../../schema/studio/orders/board-snapshot';
import type { Shop } from '../context';
import { sessionOf } from '../auth/session-cookie';
import { followDb } from '../db/follow';
import { fromSynced } from '../db/synced';
import { studioOrdersDb } from '../orders/spread';
import { routerQuery } from './router-query';
import { scriptSafe } from './renderer';

const dated = z.object({ date: day });

/**
 * The orders board's first content for the page of `/admin/orders` (issue 32, item 1): the studio's orders of the
 * days the address shows, read from `studio-orders` (what the board's device pulls) through an index of its orders'
 * days kept in this app server, so a page reads its days' orders only. Drawn only for a session whose user may read
 * that database (staff), and only up to `boardSnapshotMax` orders; `null` otherwise, and the board waits for the
 * device's store as before.
 */
export const boardSnapshotOf = (shop: Shop) => {
  const days = new Map<string, string>();
  const sync = followDb(shop.storage, studioOrdersDb, (id, doc, deleted) => {
    const d = !deleted && doc ? dated.safeParse(doc) : null;
    if (d?.success) days.set(id, d.data.date);
    else days.delete(id);
  });
  return async (pathname: string, search: URLSearchParams, cookies: string | undefined): Promise<BoardSnapshot | null> => {
    if (pathname.replace(/\/+$/, '') !== '/admin/orders') return null;
    const session = await sessionOf(shop, cookies);
    if (!session || !canReadDb(session.user, studioOrdersDb)) return null;
    const query = routerQuery(search);
    const { from, to } = boardDays({ from: day.safeParse(query.from).data, to: day.safeParse(query.to).data });
    await sync();
    const ids = [...days].filter(([, d]) => d >= from && d <= to).map(([id]) => id);
    if (ids.length > boardSnapshotMax) return null;
    const read = ids.length ? await shop.storage.db(studioOrdersDb).allDocs<object>({ keys: ids, include_docs: true }) : { rows: [] };
    const orders = read.rows.flatMap((row) => {
      const doc = 'doc' in row && row.doc ? order.safeParse(fromSynced<{ id: string }>(row.doc)) : null;
      return doc?.success ? [doc.data] : [];
    });
    return { from, to, orders };
  };
};
export type BoardSnapshotOf = ReturnType<typeof boardSnapshotOf>;

/** The page with the board's first content beside #root, for the tab to read (client/studio/orders/board/drawn-board.ts). */
export const withBoardSnapshot = (html: string, snapshot: BoardSnapshot): string =>
  html.replace('<div id="root"></div>', () => `<div id="root"></div>\n    <script id="${boardSnapshotElementId}" type="application/json">${scriptSafe(snapshot)}</script>`);

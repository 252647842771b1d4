import { z } from 'zod';
import { canReadDb } from '../../schema/shared/databases';
import { day, today } from '../../schema/shared/day';
import { shopEvent } from '../../schema/studio/orders/event';
import { order } from '../../schema/studio/orders/order';
import { boardDays } from '../../schema/studio/orders/board-days';
import { boardSnapshotMax, type StaffSnapshot } from '../../schema/studio/orders/board-snapshot';
import { slip } from '../../schema/entities/slip';
import { can } from '../../schema/shared/access';
import type { StockProjection } from '../stock/stock-projection';
import { writeOffSnapshotOf } from './write-off-snapshot';
import { eventsOfDay } from '../db/calendar-index';
import { readTodayTasks } from '../records/today-tasks';
import { tierDatabases } from '../../schema/shared/databases';
import { task } from '../../schema/entities/task';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { sessionOf } from '../auth/session-cookie';
import { followDb } from '../db/follow';
import { fromSynced } from '../db/synced';
import { studioOrdersDb } from '../orders/spread';
import { routerQuery } from './router-query';
import { staffSnapshotScript } from './renderer';

/** A path segment as the router reads it; a malformed one stays as written (and names no order). */
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const dated = z.object({ date: day, number: z.number().int().optional() });

/**
 * The orders board's first content for the page of `/admin/orders` (issue 32, item 1): the studio's orders of the
 * days the address shows (an order page's, `/admin/orders/{id}`: that order), read from `studio-orders` (what the board's device pulls) through an index of its orders'
 * days kept in this app server, so a page reads its days' orders only. Drawn only for a session whose user may read
 * that database (staff), and only up to `boardSnapshotMax` orders; `null` otherwise, and the board waits for the
 * device's store as before.
 */
/** A staff page's first content and the staff member it is for (the server draws the board for that user). */
export interface StaffPage {
  user: User;
  snapshot: StaffSnapshot;
}

export const boardSnapshotOf = (shop: Shop, stock: StockProjection) => {
  const days = new Map<string, string>();
  // Order numbers (as people say them, «заказ 1042») to ids, for an order page's address.
  const numbers = new Map<number, string>();
  const sync = followDb(shop.storage, studioOrdersDb, (id, doc, deleted) => {
    const d = !deleted && doc ? dated.safeParse(doc) : null;
    if (d?.success) days.set(id, d.data.date);
    else days.delete(id);
    if (d?.success && d.data.number) numbers.set(d.data.number, id);
  });
  const readOrders = async (ids: string[]) => {
    const read = ids.length ? await shop.storage.db(studioOrdersDb).allDocs<object>({ keys: ids, include_docs: true }) : { rows: [] };
    return read.rows.flatMap((row) => {
      const doc = 'doc' in row && row.doc ? order.safeParse(fromSynced<{ id: string }>(row.doc)) : null;
      return doc?.success ? [doc.data] : [];
    });
  };
  /** An order page (`/admin/orders/{id or number}`): that order alone, as `useOrder` finds it on the device. */
  const orderPage = async (key: string): Promise<StaffSnapshot | null> => {
    await sync();
    const id = /^\d{1,9}$/.test(key) && !days.has(key) ? numbers.get(Number(key)) : key;
    const [found] = id ? await readOrders([id]) : [];
    return found ? { order: { key, order: found } } : null;
  };
  /**
   * The dashboard (`/admin`): today's (Moscow) events through the calendar's view by day, and the tasks it lists through
   * the office's view of tasks by status and day, never a read of either database whole.
   */
  const dashboard = async (): Promise<StaffSnapshot> => {
    const date = today();
    const [events, { tasks, total }] = await Promise.all([eventsOfDay(shop.storage.db('events'), date), readTodayTasks(shop.storage, date)]);
    return { dashboard: { day: date, events: events.flatMap((e) => shopEvent.safeParse(e).data ?? []), tasks, total } };
  };
  return async (pathname: string, search: URLSearchParams, cookies: string | undefined): Promise<StaffPage | null> => {
    const path = pathname.replace(/\/+$/, '');
    const orderKey = /^\/admin\/orders\/([^/]+)$/.exec(path)?.[1];
    const writeOff = path === '/admin/slips/new';
    const desk = path === '/admin';
    if (path !== '/admin/orders' && !orderKey && !writeOff && !desk) return null;
    const session = await sessionOf(shop, cookies);
    const user = session?.user;
    // The dashboard's today: for whoever may read both the calendar and the tasks (the access table's databases); the
    // route's guard then decides whether it is drawn (client/entry-server.tsx).
    if (desk) return user && canReadDb(user, 'events') && canReadDb(user, tierDatabases[task.tier]) ? { user, snapshot: await dashboard() } : null;
    // The write-off form's choices: for whoever may write a write-off (the access table's rule for `slip`).
    if (writeOff) {
      const snapshot = user && can(user, 'create', slip) ? await writeOffSnapshotOf(stock) : null;
      return user && snapshot ? { user, snapshot: { writeOff: snapshot } } : null;
    }
    if (!user || !canReadDb(user, studioOrdersDb)) return null;
    if (orderKey) {
      const snapshot = await orderPage(decoded(orderKey));
      return snapshot && { user, snapshot };
    }
    const query = routerQuery(search);
    const { from, to } = boardDays({ from: day.safeParse(query.from).data, to: day.safeParse(query.to).data });
    await sync();
    const ids = [...days].filter(([, d]) => d >= from && d <= to).map(([id]) => id);
    if (ids.length > boardSnapshotMax) return null;
    return { user, snapshot: { board: { from, to, orders: await readOrders(ids) } } };
  };
};
export type BoardSnapshotOf = ReturnType<typeof boardSnapshotOf>;

/**
 * The page with the board's or the order's first content beside #root, for the tab to read
 * (client/studio/orders/board/drawn-board.ts, client/studio/orders/order-page/drawn-order.ts).
 */
export const withBoardSnapshot = (html: string, snapshot: StaffSnapshot): string =>
  html.replace('<div id="root"></div>', () => `<div id="root"></div>\n    ${staffSnapshotScript(snapshot)}`);

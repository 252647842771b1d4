import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLocalData } from '../client/data/database';
import { sampleOrder } from '../client/data/sample-orders';
import { dayOrdersQuery, plainOrder } from '../client/studio/orders/board/day-orders';
import { filterOrders, groupBySlot, statusCounts } from '../client/studio/orders/board/board-orders';
import { nextDay } from '../schema/shared/day';
import type { Order } from '../schema/studio/orders/order';
import { median, row, timed } from './load';

const request = <T>(r: IDBRequest<T>) => new Promise<T>((ok, ko) => Object.assign(r, { onsuccess: () => ok(r.result), onerror: () => ko(r.error) }));

/** The same index read one document at a time, as RxDB's Dexie storage reads a query's range. */
const cursorRead = (index: IDBIndex, range: IDBKeyRange) =>
  new Promise<unknown[]>((ok, ko) => {
    const docs: unknown[] = [];
    const cursor = index.openCursor(range);
    cursor.onsuccess = () => {
      if (!cursor.result) return ok(docs);
      docs.push(cursor.result.value);
      cursor.result.continue();
    };
    cursor.onerror = () => ko(cursor.error);
  });

/**
 * The board opening a day of `perDay` orders on a staff device holding `total` (issue 10): the board's own indexed
 * query and what it computes before rendering (plain copies, filters, slot groups, counts), on RxDB over
 * fake-indexeddb; beside a plain IndexedDB read of the same day's orders through an index on the delivery day,
 * the same documents in a bare object store: one getAll, and a cursor stepping through them (how RxDB's Dexie
 * storage reads a range). Each of `runs` days is read once on every side (no cache helps).
 */
export const benchBoardDay = async (total = 20_000, perDay = 300, runs = 5) => {
  const days: string[] = [];
  for (let d = '2026-10-01'; days.length < Math.ceil(total / perDay); d = nextDay(d)) days.push(d);
  const measured = days.slice(10, 10 + runs);
  // `perDay` orders on each measured day, the rest spread over the other days.
  const others = days.filter((d) => !measured.includes(d));
  const orders: Order[] = Array.from({ length: total }, (_, i) =>
    sampleOrder(i, i < perDay * runs ? measured[Math.floor(i / perDay)] : others[i % others.length]),
  );

  const data = await openLocalData(`board${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, false, { multiInstance: false });
  for (let i = 0; i < orders.length; i += 1000) await data.shop.orders.bulkInsert(orders.slice(i, i + 1000));

  const plain = new IDBFactory();
  const db = await new Promise<IDBDatabase>((ok, ko) => {
    const open = plain.open('plain-orders', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('orders', { keyPath: 'id' }).createIndex('date', 'date');
    open.onsuccess = () => ok(open.result);
    open.onerror = () => ko(open.error);
  });
  for (let i = 0; i < orders.length; i += 1000) {
    const tx = db.transaction('orders', 'readwrite');
    orders.slice(i, i + 1000).forEach((o) => tx.objectStore('orders').put(o));
    await new Promise((ok) => (tx.oncomplete = ok));
  }

  const board: number[] = [];
  const raw: number[] = [];
  const cursor: number[] = [];
  for (const day of measured) {
    const [ms, shown] = await timed(async () => {
      const docs = (await dayOrdersQuery(data.shop.orders, day, day).exec()).map(plainOrder);
      const groups = groupBySlot(filterOrders(docs, {}));
      statusCounts(docs);
      return groups.reduce((n, g) => n + g.orders.length, 0);
    });
    if (shown !== perDay) throw new Error(`the board showed ${shown} orders of ${day}, not ${perDay}`);
    board.push(ms);
    const [rawMs, read] = await timed(() => request(db.transaction('orders').objectStore('orders').index('date').getAll(IDBKeyRange.only(day))));
    if (read.length !== perDay) throw new Error(`read ${read.length} orders of ${day}`);
    raw.push(rawMs);
    const [cursorMs, stepped] = await timed(() => cursorRead(db.transaction('orders').objectStore('orders').index('date'), IDBKeyRange.only(day)));
    if (stepped.length !== perDay) throw new Error(`stepped through ${stepped.length} orders of ${day}`);
    cursor.push(cursorMs);
  }
  db.close();
  await data.shop.close();
  await data.dataSources.close();
  row(`board: a day of ${perDay} of ${total} orders (median of ${runs})`, `${median(board).toFixed(0)} ms`, 'plain IndexedDB getAll by a date index', `${median(raw).toFixed(0)} ms`, median(board) / median(raw));
  row('  same', `${median(board).toFixed(0)} ms`, 'plain IndexedDB cursor over that index', `${median(cursor).toFixed(0)} ms`, median(board) / median(cursor));
};

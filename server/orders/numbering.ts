import { upsert } from '../db/docs';
import { oneAtATime } from '../db/one-at-a-time';

/**
 * Human order numbers: one counter document in the server-only `counters` database, written against the revision
 * read, so processes sharing one store never hand out a number twice. A number is taken only once an order's units
 * are held; one taken by a request that then loses a race stays unused (gaps, never repeats).
 */
export const orderNumbers = (counters: PouchDB.Database) => {
  const queue = oneAtATime();
  return {
    next: () =>
      queue('order-number', async () => (await upsert<{ value: number }>(counters, 'order-number', (c) => ({ value: (c?.value ?? 0) + 1 })))!.value),
  };
};

import type { Storage } from './storage';
import type { Stored } from './docs';

/** Changes read per request while catching up. */
const batch = 500;

/**
 * A projection of one database in this app server: `take` sees every document as its changes come (the winning
 * revision, or its deletion), from sequence 0 on the first read; `current()` catches up with every change stored
 * before the call, so whatever any app server or device wrote is in it. A cache derived from the store, never state
 * (as the stock projection: server/stock/stock-projection.ts).
 */
export const followDb = (storage: Storage, name: string, take: (id: string, doc: Stored<object> | undefined, deleted: boolean) => void) => {
  let since: string | number = 0;
  let chain: Promise<void> = Promise.resolve();
  const catchUp = async () => {
    for (;;) {
      const changes = await storage.db(name).changes<object>({ since, include_docs: true, limit: batch, batch_size: batch, seq_interval: batch });
      for (const change of changes.results) take(change.id, change.doc, change.deleted === true);
      since = changes.last_seq;
      if (changes.results.length < batch) return;
    }
  };
  /** One catch-up at a time, each after the one before. */
  return (): Promise<void> => {
    const next = chain.then(catchUp);
    chain = next.catch(() => undefined);
    return next;
  };
};

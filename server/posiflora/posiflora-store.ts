import { z } from 'zod';
import { posifloraRun, type PosifloraKind, type PosifloraRun } from '../../schema/studio/reports/posiflora';
import { archivedOrder, type ArchivedOrder } from '../../schema/studio/reports/posiflora-mapping';
import { getDoc, upsert } from '../db/docs';
import type { Storage } from '../db/storage';

/** The server-only database of the Posiflora connection: the account and its tokens, each kind's cursor, the runs, the orders' archive. Never served through /db. */
export const posifloraDb = 'posiflora';

const posifloraAccount = z.object({
  url: z.string(),
  username: z.string(),
  password: z.string(),
  accessToken: z.string().default(''),
  refreshToken: z.string().default(''),
  expireAt: z.number().default(0),
  connectedBy: z.string(),
  connectedAt: z.number(),
});
export type PosifloraAccount = z.infer<typeof posifloraAccount>;

/**
 * Where a kind's import stands: `since` is the start of the last finished pass (the next asks for changes after it);
 * `pass` is a pass under way: its start and the next page, so a run cut short goes on from there.
 */
const posifloraCursor = z.object({
  since: z.string().nullable().default(null),
  pass: z.object({ startedAt: z.string(), page: z.number().int().min(1) }).nullable().default(null),
});
type PosifloraCursor = z.infer<typeof posifloraCursor>;

const strip = <T extends object>(doc: T & { _id?: string; _rev?: string }) => {
  const { _id, _rev, ...rest } = doc;
  return rest;
};

export const posifloraStore = (storage: Storage) => {
  const db = () => storage.db(posifloraDb);
  return {
    async account(): Promise<PosifloraAccount | null> {
      const doc = await getDoc<PosifloraAccount>(db(), 'account');
      const parsed = doc && !('_deleted' in doc) ? posifloraAccount.safeParse(strip(doc)) : null;
      return parsed?.success ? parsed.data : null;
    },
    async saveAccount(account: PosifloraAccount | null): Promise<void> {
      // Nothing stored (never connected, or disconnected already in another tab) is nothing to end: a deletion
      // written without a revision over a deleted document is refused as a conflict, every time.
      await upsert<PosifloraAccount | { _deleted: true }>(db(), 'account', (current) => account ?? (current ? { _deleted: true } : null));
    },
    async cursor(kind: PosifloraKind): Promise<PosifloraCursor> {
      const doc = await getDoc<PosifloraCursor>(db(), `cursor-${kind}`);
      const parsed = posifloraCursor.safeParse(doc ? strip(doc) : {});
      return parsed.success ? parsed.data : { since: null, pass: null };
    },
    async saveCursor(kind: PosifloraKind, cursor: PosifloraCursor): Promise<void> {
      await upsert<PosifloraCursor>(db(), `cursor-${kind}`, () => cursor);
    },
    async clearCursors(kinds: readonly PosifloraKind[]): Promise<void> {
      for (const kind of kinds) await upsert<PosifloraCursor>(db(), `cursor-${kind}`, () => ({ since: null, pass: null }));
    },
    async saveRun(run: PosifloraRun): Promise<void> {
      await upsert<PosifloraRun>(db(), `run-${run.id}`, () => run);
    },
    async runs(limit = 20): Promise<PosifloraRun[]> {
      const { rows } = await db().allDocs({ startkey: 'run-\uffff', endkey: 'run-', descending: true, limit, include_docs: true });
      return rows.flatMap((r) => {
        const parsed = 'doc' in r && r.doc ? posifloraRun.safeParse(strip(r.doc)) : null;
        return parsed?.success ? [parsed.data] : [];
      });
    },
    async saveOrder(order: ArchivedOrder): Promise<void> {
      await upsert<ArchivedOrder>(db(), `order-${order.id}`, () => order);
    },
    async orders(): Promise<ArchivedOrder[]> {
      const { rows } = await db().allDocs({ startkey: 'order-', endkey: 'order-\uffff', include_docs: true });
      return rows.flatMap((r) => {
        const parsed = 'doc' in r && r.doc ? archivedOrder.safeParse(strip(r.doc)) : null;
        return parsed?.success ? [parsed.data] : [];
      });
    },
  };
};

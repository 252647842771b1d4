import { claim, dropLeaf, isCouch, shortWrites, writeDoc, type WriteOutcome } from './claim';
import { log } from '../ops/log';

/** Small helpers over PouchDB documents that the server keeps for itself (sessions, codes, users, stock). */

export type Stored<T> = T & { _id: string; _rev?: string };

export const isNotFound = (e: unknown) => (e as { status?: number }).status === 404;
export const isConflict = (e: unknown) => (e as { status?: number }).status === 409;

export const getDoc = async <T extends object>(db: PouchDB.Database, id: string): Promise<Stored<T> | null> => {
  try {
    return (await db.get(id)) as unknown as Stored<T>;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
};

/**
 * Whether `id` was stored and is now only a tombstone (deleted, or a refused command ended: server/records/ended-commands.ts),
 * as against never stored. Read as `get` reads (a quorum on CouchDB), every leaf: a live branch beside a deleted one is live.
 * The reason of a 404 does not tell: CouchDB says «deleted», express-pouchdb «missing».
 */
export const isTombstoned = async (db: PouchDB.Database, id: string): Promise<boolean> => {
  try {
    const leaves = await db.get(id, { open_revs: 'all' });
    return leaves.length > 0 && leaves.every((leaf) => 'ok' in leaf && '_deleted' in leaf.ok && leaf.ok._deleted === true);
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
};

/** Tries before `upsert` gives up; with the waits below that is several seconds of steady contention. */
const maxAttempts = 40;
/**
 * How long the same conflict branches must stay before a writer resolves them. A branch is normally a cluster
 * writer's lost write (a 202) that its writer takes out within half a second (server/db/claim.ts), so
 * nobody builds on it meanwhile; one still there after this was left by a writer that died before it could.
 */
export const branchGraceMs = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Exponential backoff with full jitter, 2 ms doubling up to 250 ms: writers that collided spread out instead of colliding again. */
export const backoff = (attempt: number) => sleep(Math.random() * Math.min(250, 2 * 2 ** attempt));

/** Every live leaf of a document: the winner first, then its conflict branches. */
const leavesOf = async <T extends object>(db: PouchDB.Database, id: string): Promise<Stored<T>[]> => {
  const doc = await db.get(id, { conflicts: true }).catch((e: unknown) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!doc) return [];
  const revs = (doc as { _conflicts?: string[] })._conflicts ?? [];
  // A branch ended (or compacted) between the two reads is simply gone.
  const others = await Promise.all(
    revs.map((rev) =>
      db.get(id, { rev }).catch((e: unknown) => {
        if (isNotFound(e)) return null;
        throw e;
      }),
    ),
  );
  return [doc, ...others.filter((d) => d !== null)].map((d) => d as unknown as Stored<T>);
};

/**
 * How the leaves of a document left by a writer that died mid-way become one body (written over the winner, the
 * other leaves ended). By default the winner stays: for a document whose writes each replace the whole, one
 * of the writes that raced is lost either way. A document of facts merges them instead.
 */
type ResolveBranches<T> = (leaves: Stored<T>[]) => T | Promise<T>;

const resolveBranches = async <T extends object>(db: PouchDB.Database, id: string, leaves: Stored<T>[], resolve?: ResolveBranches<T>) => {
  const [winner, ...others] = leaves;
  const body = resolve ? await resolve(leaves) : stripMeta(winner);
  const written = await writeDoc(db, { ...(stripMeta(body) as Record<string, unknown>), _id: id, _rev: winner._rev }, resolve ? 'keep' : 'end');
  if (written.won) for (const leaf of others) await dropLeaf(db, id, leaf._rev!);
};

/** Pending merges by database, then document: a shop that closes its databases cancels theirs (`cancelMerges`). */
const merging = new WeakMap<PouchDB.Database, Map<string, NodeJS.Timeout>>();
/** Databases being closed: a merge asked for afterwards is not started, and one already running fails quietly. */
const closed = new WeakSet<PouchDB.Database>();

/**
 * A document of facts written on a cluster may have a branch its writer did not see (claim.ts `Rivals`): once the
 * grace has passed since its last change it is merged by its own rule, then `after` runs, so branches do not wait for
 * the next change. One merge per document after its last change: a rush of writes to one merges once. The owner of a
 * document written with a merge rule calls this after each change; nothing to do on the embedded store.
 */
export const mergeLater = <T extends object>(db: PouchDB.Database, id: string, resolve: ResolveBranches<T>, after?: () => Promise<void>) => {
  if (!isCouch(db) || closed.has(db)) return;
  const pending = merging.get(db) ?? merging.set(db, new Map()).get(db)!;
  clearTimeout(pending.get(id));
  const timer = setTimeout(() => {
    pending.delete(id);
    void upsert<T>(db, id, () => null, { resolve })
      .then(() => after?.())
      .catch((e: unknown) => {
        if (!closed.has(db)) log.error({ err: e }, `branches of ${id} not merged yet`);
      });
  }, branchGraceMs + 1000);
  timer.unref();
  pending.set(id, timer);
};

/** The merges still waiting on a database are dropped: it is being closed (the next change or start merges them). */
export const cancelMerges = (db: PouchDB.Database) => {
  closed.add(db);
  for (const timer of merging.get(db)?.values() ?? []) clearTimeout(timer);
  merging.delete(db);
};

interface UpsertOptions<T> {
  /** How branches become one (a document of facts); without it the winner stays. */
  resolve?: ResolveBranches<T>;
  /** Told of the write that stored the change (not called when `change` left the document as it was). */
  onWritten?: (written: WriteOutcome & { won: true }) => void;
}

/**
 * Read, change and write one document, starting again (after a random, growing pause) when another writer
 * stored it first. `change` returns the new body, or null to leave the document as it is; it may be async,
 * and it runs again on every attempt, so it must only read. A write counts only when it won (server/db/claim.ts),
 * and a document with conflict branches is not built on: see `branchGraceMs` and `resolve`.
 */
export const upsert = async <T extends object>(
  db: PouchDB.Database,
  id: string,
  change: (current: Stored<T> | null) => T | null | Promise<T | null>,
  { resolve, onWritten }: UpsertOptions<T> = {},
): Promise<T | null> => {
  let branches = { revs: '', since: 0 };
  const count = shortWrites();
  // Waiting out branches counts against the attempts only past the grace: a live writer's takes milliseconds.
  for (let attempt = 0, reads = 0; attempt < maxAttempts && reads < maxAttempts * 10; reads++) {
    if (reads) await backoff(Math.min(reads, 8));
    const leaves = await leavesOf<T>(db, id);
    if (leaves.length > 1) {
      const revs = leaves.map((l) => l._rev).sort().join();
      // Branches that all say the same (a 202 writer stepped aside by copying the other) are one at once.
      const same = new Set(leaves.map((l) => JSON.stringify(stripMeta(l)))).size === 1;
      if (revs !== branches.revs) branches = { revs, since: Date.now() };
      if (same || Date.now() - branches.since >= branchGraceMs) {
        attempt++;
        await resolveBranches(db, id, leaves, resolve);
      }
      continue;
    }
    attempt++;
    const current = leaves[0] ?? null;
    const next = await change(current);
    if (!next) return current;
    const written = count(await writeDoc(db, { ...(next as Record<string, unknown>), _id: id, ...(current?._rev ? { _rev: current._rev } : {}) }, resolve ? 'keep' : 'end'));
    if (written.won) {
      onWritten?.(written);
      return next;
    }
  }
  throw new Error(`upsert ${id}: too many conflicts`);
};

/** Writes the document only if there is none under that id. Answers whether this call wrote it (server/db/claim.ts). */
export const createIfMissing = <T extends object>(db: PouchDB.Database, id: string, body: T): Promise<boolean> => claim(db, id, body);

export const removeDoc = async (db: PouchDB.Database, id: string): Promise<void> => {
  const current = await getDoc(db, id);
  if (!current?._rev) return;
  try {
    await db.remove(id, current._rev);
  } catch (e) {
    if (!isConflict(e) && !isNotFound(e)) throw e;
  }
};

/** Every live document of a database, as stored. */
export const allDocs = async <T extends object>(db: PouchDB.Database): Promise<Stored<T>[]> => {
  const { rows } = await db.allDocs({ include_docs: true });
  return rows.filter((r) => r.doc && !r.id.startsWith('_design/')).map((r) => r.doc as unknown as Stored<T>);
};

export const stripMeta = <T extends object>(doc: T): T => {
  const { _id, _rev, _deleted, _attachments, _conflicts, ...rest } = doc as Record<string, unknown>;
  return rest as T;
};

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

/** Tries before `upsert` gives up; with the waits below that is several seconds of steady contention. */
const maxAttempts = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Exponential backoff with full jitter, 2 ms doubling up to 250 ms: writers that collided spread out instead of colliding again. */
export const backoff = (attempt: number) => sleep(Math.random() * Math.min(250, 2 * 2 ** attempt));

/**
 * Read, change and write one document, starting again (after a random, growing pause) when another writer
 * stored it first. `change` returns the new body, or null to leave the document as it is; it may be async,
 * and it runs again on every attempt, so it must only read.
 */
export const upsert = async <T extends object>(
  db: PouchDB.Database,
  id: string,
  change: (current: Stored<T> | null) => T | null | Promise<T | null>,
): Promise<T | null> => {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (attempt) await backoff(attempt);
    const current = await getDoc<T>(db, id);
    const next = await change(current);
    if (!next) return current;
    try {
      await db.put({ ...next, _id: id, ...(current?._rev ? { _rev: current._rev } : {}) });
      return next;
    } catch (e) {
      if (!isConflict(e)) throw e;
    }
  }
  throw new Error(`upsert ${id}: too many conflicts`);
};

/** Writes the document only if there is none under that id. Answers whether this call wrote it. */
export const createIfMissing = async <T extends object>(db: PouchDB.Database, id: string, body: T): Promise<boolean> => {
  try {
    await db.put({ ...body, _id: id });
    return true;
  } catch (e) {
    if (isConflict(e)) return false;
    throw e;
  }
};

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

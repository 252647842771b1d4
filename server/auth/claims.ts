import { shortWrites, writeDoc } from '../db/claim';
import { isConflict } from '../db/docs';

/**
 * Numbered places that each request must take before it acts: `{prefix}{n}` for n = 1..max, taken by creating
 * the document. Creating an id that exists is a 409, so however many requests arrive at once, on however many
 * processes sharing the store, at most `max` hold a place. No document is ever rewritten, so there is no
 * read-modify-write to lose; on a CouchDB cluster a place counts only when its write won (server/db/claim.ts).
 */

const place = (n: number) => String(n).padStart(5, '0');

export interface Claim {
  /** 1..max */
  n: number;
  /** Gives the place back, for an attempt that did not happen after all. */
  release(): Promise<void>;
}

/** The places taken under a prefix. */
export const countClaims = async (db: PouchDB.Database, prefix: string): Promise<number> =>
  (await db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` })).rows.length;

/** Takes the first free place under `prefix`, or answers null when all `max` are taken. */
export const claim = async (db: PouchDB.Database, prefix: string, max: number, expiresAt: number): Promise<Claim | null> => {
  // Each round reads which places are taken and tries the free ones; a 409 means another request was quicker.
  // A store that takes no write on enough copies cannot count: 503 after a few, never a place after place (claim.ts).
  const count = shortWrites();
  for (let round = 0; round < 5; round++) {
    const { rows } = await db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` });
    const taken = new Set(rows.map((r) => r.id));
    const free = Array.from({ length: max }, (_, i) => i + 1).filter((n) => !taken.has(prefix + place(n)));
    if (!free.length) return null;
    // Starting at a random free place spreads a burst over the places instead of queueing it on the first.
    const start = Math.floor(Math.random() * free.length);
    for (const n of [...free.slice(start), ...free.slice(0, start)]) {
      const id = prefix + place(n);
      const written = count(await writeDoc(db, { _id: id, expiresAt }));
      if (!written.won) continue;
      return {
        n,
        release: async () => {
          try {
            await db.remove(id, written.rev);
          } catch (e) {
            if (!isConflict(e)) throw e;
          }
        },
      };
    }
  }
  // A round is lost only when others took every place it saw free; without releases the next round finds none.
  // Five lost rounds under releases and a burst: refuse rather than loop.
  return null;
};

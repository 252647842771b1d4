import { z } from 'zod';
import { claim, shortWrites } from '../db/claim';
import { oneAtATime } from '../db/one-at-a-time';

const numberId = (n: number) => `number:${String(n).padStart(10, '0')}`;
/** A store that never answers 201 (most copies away) fails the order rather than loop. */
const maxTries = 200;
const legacyCounter = z.object({ value: z.number().int().min(0) });
const claimDoc = z.object({ order: z.string() });
/**
 * How far above the highest claimed number a former number is still honoured: the orders a shop takes between its last
 * backup and a restore stay well under it, and a device cannot push the numbering far ahead.
 */
export const formerNumberReach = 1000;

/**
 * Human order numbers, by claim: number N is the document `number:{N, zero-padded}` in the server-only `counters`
 * database, naming its order, created only if missing (server/db/claim.ts: won only on 201, a 202 taken out again).
 * The next number is one past the highest live claim; a claim lost to another writer tries the next. So two app
 * servers, on one store or on the copies of a cluster, never hand out one number twice; a number claimed by a
 * request that then loses a race, or by a writer that heard 202, stays unused (gaps, never repeats).
 * Before claims the shop kept one counter document (`order-number`); numbering goes on above it.
 */
export const orderNumbers = (counters: PouchDB.Database) => {
  const queue = oneAtATime();

  const highest = async (): Promise<number> => {
    const [claims, legacy] = await Promise.all([
      counters.allDocs({ startkey: 'number:\ufff0', endkey: 'number:', descending: true, limit: 1 }),
      counters.allDocs({ keys: ['order-number'], include_docs: true }),
    ]);
    const claimed = claims.rows[0] ? Number(claims.rows[0].id.slice('number:'.length)) : 0;
    const row = legacy.rows[0];
    const counted = legacyCounter.safeParse(row && 'doc' in row ? row.doc : null);
    return Math.max(claimed, counted.success ? counted.data.value : 0);
  };

  /** The order a number's claim names, if it can be read (the same order sent to two app servers at once claims it once). */
  const claimedFor = async (n: number): Promise<string | null> =>
    claimDoc.safeParse(await counters.get(numberId(n)).catch(() => null)).data?.order ?? null;

  return {
    /**
     * Claims a number for the order `order` and answers it: `former` (the number a device knew the order by before a
     * restore) if it is free and within reach of the highest, else the next.
     */
    next: (order: string, former?: number) =>
      queue('order-number', async () => {
        // On a cluster the listing may lag behind the copies that decide: a taken number is a 409, and the next is tried.
        let n = await highest();
        const count = shortWrites();
        if (former && former <= n + formerNumberReach && ((await claim(counters, numberId(former), { order }, count)) || (await claimedFor(former)) === order)) return former;
        for (let tries = 0; tries < maxTries; tries++) {
          n = Math.max(n + 1, tries % 10 === 9 ? (await highest()) + 1 : 0);
          if (await claim(counters, numberId(n), { order }, count)) return n;
        }
        throw new Error(`order numbers: no claim won in ${maxTries} tries`);
      }),
  };
};

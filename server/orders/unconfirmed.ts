import { z } from 'zod';
import { claim, shortWrites } from '../db/claim';
import { backoff, isConflict, isNotFound } from '../db/docs';
import type { OrderRecord } from './order-record';

const placeDoc = z.object({ order: z.string() });

/** Still waiting for the florist's call: refused drafts and orders past 'new' free their place. */
const waiting = (r: OrderRecord | null) => !!r && (r.stage === 'placing' || (r.stage === 'placed' && r.status === 'new'));

const isGone = (e: unknown) => isConflict(e) || isNotFound(e);

/**
 * At most `limit` orders per customer not yet confirmed by the studio: each holds a place, a document
 * `unconfirmed:{phone}:{i}` (i < limit) in `counters`, claimed (server/db/claim.ts: only a write that won counts),
 * so concurrent orders cannot take the same place, in one process or several, on one store or a cluster. A place
 * whose order has moved on is freed lazily, by the next order that needs one.
 */
export const unconfirmedPlaces = (counters: PouchDB.Database, recordOf: (id: string) => Promise<OrderRecord | null>, limit: number) => ({
  async claim(r: OrderRecord): Promise<boolean> {
    const prefix = `unconfirmed:${r.customer}:`;
    const count = shortWrites();
    for (let round = 0; round < 10; round++) {
      if (round) await backoff(round);
      const { rows } = await counters.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
      const used = new Set<string>();
      for (const row of rows) {
        const place = placeDoc.safeParse(row.doc);
        if (place.success && place.data.order === r.id) return true;
        if (place.success && waiting(await recordOf(place.data.order))) {
          used.add(row.id);
          continue;
        }
        await counters.remove(row.id, row.value.rev).catch((e: unknown) => {
          if (!isGone(e)) throw e;
        });
      }
      const free = Array.from({ length: limit }, (_, i) => `${prefix}${i}`).filter((id) => !used.has(id));
      if (!free.length) return false;
      // Every free place in turn: a round is lost only when orders sent at the same moment took all of them.
      for (const id of free) {
        if (await claim(counters, id, { order: r.id }, count)) return true;
        // The same draft sent again at the same moment may have won this place: then the order holds one, not two.
        const won = placeDoc.safeParse(await counters.get(id).catch(() => null));
        if (won.success && won.data.order === r.id) return true;
      }
    }
    return false;
  },
});

import { z } from 'zod';
import { createIfMissing, getDoc, isConflict } from '../db/docs';
import type { OrderRecord } from './order-record';

const slotDoc = z.object({ order: z.string() });

/** Still waiting for the florist's call: refused drafts and orders past 'new' free their place. */
const waiting = (r: OrderRecord | null) => !!r && (r.stage === 'placing' || (r.stage === 'placed' && r.status === 'new'));

/**
 * At most `limit` orders per customer not yet confirmed by the studio: each is a document `unconfirmed:{phone}:{i}`
 * (i < limit) in `counters`, created only if missing, so concurrent orders cannot take the same place, in one
 * process or several. A place whose order has moved on is freed lazily, by the next order that needs it.
 */
export const unconfirmedPlaces = (counters: PouchDB.Database, recordOf: (id: string) => Promise<OrderRecord | null>, limit: number) => ({
  async claim(r: OrderRecord): Promise<boolean> {
    const ids = Array.from({ length: limit }, (_, i) => `unconfirmed:${r.customer}:${i}`);
    const { rows } = await counters.allDocs({ keys: ids, include_docs: true });
    const taken = new Map<string, { order: string; rev: string }>();
    for (const row of rows) {
      const parsed = 'doc' in row && row.doc ? slotDoc.safeParse(row.doc) : null;
      if (parsed?.success && 'value' in row) taken.set(row.id, { order: parsed.data.order, rev: row.value.rev });
    }
    if ([...taken.values()].some((t) => t.order === r.id)) return true;
    for (const id of ids) {
      const held = taken.get(id);
      if (held) {
        if (waiting(await recordOf(held.order))) continue;
        try {
          await counters.remove(id, held.rev);
        } catch (e) {
          if (!isConflict(e) && (e as { status?: number }).status !== 404) throw e;
        }
      }
      if (await createIfMissing(counters, id, { order: r.id })) return true;
      if ((await getDoc<{ order: string }>(counters, id))?.order === r.id) return true;
    }
    return false;
  },
});

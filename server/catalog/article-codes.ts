import { z } from 'zod';
import type { Product } from '../../schema/shop/product';
import { claim, shortWrites, TooFewCopies } from '../db/claim';
import { getDoc, isConflict, isNotFound } from '../db/docs';
import type { Storage } from '../db/storage';
import { getSynced } from '../db/synced';
import { HttpError } from '../http/errors';

const claimDoc = z.object({ item: z.string(), at: z.number() });
const claimId = (art: string) => `art:${art}`;

/**
 * How long a claim whose item does not hold its code still stands: the item is being written by the request that
 * claimed it. Past that it is a leftover (a crash between an item's write and giving its old code back) and is freed.
 */
const inFlightMs = 60_000;

/**
 * Rounds of reading the claim and claiming. A claim lost with nobody holding the code (a 202 taken out by its own
 * writer, every racer's taken out) reads and claims again: only a holder found refuses. Giving up after a few lost
 * claims refused the code with nobody holding it, while the other writer had been refused by this one's 202 branch,
 * read as a claim in flight: nobody got the code. A cluster that keeps answering 202 ends it with `TooFewCopies`
 * (`shortWrites`, 503), races with their pauses long before this bound (then also 503: nobody holds it).
 */
const rounds = 12;
/** Leftovers freed in one call: a leftover freed, then claimed by another, then left again is not ours to chase. */
const freedAtMost = 2;

const taken = (art: string, by?: string) => new HttpError(409, by ? `Артикул ${art} уже занят товаром «${by}»` : `Артикул ${art} уже занят`);

/**
 * An article code belongs to one catalogue item: the document `art:{code}` in the server-only `counters` naming it,
 * claimed (first writer wins, server/db/claim.ts), so two app servers giving one code to two items at the same
 * instant cannot both succeed, on one store or on a cluster. An item renamed or deleted gives its old code back;
 * items stored before claims hold their codes by the catalogue itself (`item-service.ts` reads it first).
 */
export const articleCodes = (storage: Storage) => {
  const counters = storage.db('counters');
  const catalog = storage.db('catalog');

  const free = async (doc: { _id: string; _rev?: string }) =>
    counters.remove(doc._id, doc._rev!).catch((e: unknown) => {
      if (!isConflict(e) && !isNotFound(e)) throw e;
    });

  return {
    /**
     * Takes `art` for the item `id`, or finds it is already the item's; else 409 «Артикул … уже занят». Answers whether
     * this call claimed it (then a write of the item that fails gives it back).
     */
    async claim(art: string, id: string): Promise<boolean> {
      const count = shortWrites();
      for (let round = 0, freed = 0; round < rounds; round++) {
        const held = await getDoc<object>(counters, claimId(art));
        if (!held) {
          if (await claim(counters, claimId(art), { item: id, at: Date.now() }, count)) return true;
          continue;
        }
        const by = claimDoc.safeParse(held);
        if (by.success && by.data.item === id) return false;
        const holder = by.success ? await getSynced<Product>(catalog, by.data.item) : null;
        if (holder?.art === art) throw taken(art, holder.name);
        if ((by.success && Date.now() - by.data.at < inFlightMs) || freed++ >= freedAtMost) throw taken(art);
        await free(held);
      }
      throw new TooFewCopies();
    },

    /** Gives `art` back if the item `id` holds its claim (renamed, deleted, or its write failed). */
    async release(art: string, id: string): Promise<void> {
      const held = await getDoc<object>(counters, claimId(art));
      if (held && claimDoc.safeParse(held).data?.item === id) await free(held);
    },
  };
};

import { tierDatabases } from '../../schema/shared/databases';
import type { Tier } from '../../schema/shared/entity';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { shortWrites, writeDoc } from '../db/claim';
import type { Storage } from '../db/storage';
import { getDoc, isConflict, type Stored } from '../db/docs';
import { fromSynced, toSynced } from '../db/synced';

type PutResult = 'ok' | 'stale';

/** A stored document read back as a record, or null when it is not one (a design document, a damaged write). */
export const readRecord = (doc: Stored<object>): OfficeRecord | null => {
  const parsed = officeRecord.safeParse(fromSynced(doc as Stored<Omit<OfficeRecord, 'id'>>));
  return parsed.success ? parsed.data : null;
};

/**
 * The records of each tier, in that tier's database (office: replicated to staff devices; admin: server-only).
 * Documents are kept as RxDB replicates them (`_id` is the record's id), so the record API and the devices share them.
 * Writes are optimistic on `updatedAt`: a write made from a copy read before someone else's change is refused.
 */
export const tierStore = (storage: Storage) => {
  const db = (tier: Tier) => storage.db(tierDatabases[tier]);

  return {
    async all(tier: Tier, type: string): Promise<OfficeRecord[]> {
      const { rows } = await db(tier).allDocs({ include_docs: true });
      return rows.flatMap((r) => {
        const record = r.doc && !r.id.startsWith('_') ? readRecord(r.doc) : null;
        return record && record.type === type ? [record] : [];
      });
    },

    /** One record of the type; a record of another type is not found, as if it did not exist. */
    async get(tier: Tier, type: string, id: string): Promise<OfficeRecord | null> {
      const doc = await getDoc(db(tier), id);
      const record = doc && readRecord(doc);
      return record && record.type === type ? record : null;
    },

    /**
     * Stores the record if the stored one is still the one read: `seen` is its updatedAt, null for a new record
     * (then any stored document with the id is a clash). Another process writing in between makes the put conflict,
     * and the check runs again on what it wrote.
     */
    async put(tier: Tier, record: OfficeRecord, seen: number | null): Promise<PutResult> {
      const count = shortWrites();
      for (let attempt = 0; attempt < 20; attempt++) {
        const current = await getDoc<Omit<OfficeRecord, 'id'>>(db(tier), record.id);
        const still = seen === null ? current === null : current !== null && current.type === record.type && current.updatedAt === seen;
        if (!still) return 'stale';
        // Won only when the store says so: on a CouchDB cluster a 202 is a write that lost (server/db/claim.ts).
        if (count(await writeDoc(db(tier), { ...toSynced(record), _id: record.id, ...(current?._rev ? { _rev: current._rev } : {}) })).won) return 'ok';
      }
      throw new Error(`record ${record.id}: too many conflicts`);
    },

    /**
     * Removes the record if it is still the one read (same updatedAt). The tombstone keeps the last content, as a
     * device's own deletion does, so every replica reads it as a deleted record of its type.
     */
    async remove(tier: Tier, record: OfficeRecord): Promise<PutResult> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const current = await getDoc<Omit<OfficeRecord, 'id'>>(db(tier), record.id);
        if (!current || current.updatedAt !== record.updatedAt || !current._rev) return 'stale';
        try {
          await db(tier).put({ ...current, _deleted: true });
          return 'ok';
        } catch (e) {
          if (!isConflict(e)) throw e;
        }
      }
      throw new Error(`record ${record.id}: too many conflicts`);
    },
  };
};
export type TierStore = ReturnType<typeof tierStore>;

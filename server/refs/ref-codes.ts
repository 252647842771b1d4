import { z } from 'zod';
import { tierDatabases } from '../../schema/databases';
import type { AnyEntity } from '../../schema/entities';
import { ref, refCodeIssue, refEntries, refId, refList, type RefEntry, type RefList } from '../../schema/entities/ref';
import type { OfficeRecord } from '../../schema/record';
import type { Storage } from '../db/storage';
import type { TierStore } from '../records/tier-store';

/** A stored ref document as `refEntries` reads it (it parses the data itself). */
const storedRef = z.object({ type: z.string(), v: z.number().optional(), data: z.record(z.string(), z.unknown()) });

/**
 * One reference list as the store holds it now (its records, keyed `ref-{list}-{code}`, read at each call: an admin's
 * change on one app server counts on every other at once), or its defaults while none of it is stored.
 */
export const storedRefEntries = async (storage: Storage, list: RefList): Promise<RefEntry[]> => {
  const prefix = refId(list, '');
  const { rows } = await storage.db(tierDatabases[ref.tier]).allDocs({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` });
  return refEntries(
    rows.flatMap((r) => {
      const parsed = storedRef.safeParse(r.doc);
      return parsed.success ? [parsed.data] : [];
    }),
    list,
  );
};

/** The top-level fields of an object that store a code of a reference list (`refCode`), with their lists. */
const refFields = (fields: z.ZodObject): [string, RefList][] =>
  Object.entries(fields.shape as Record<string, z.ZodType>).flatMap(([name, schema]) => {
    let inner = schema;
    while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
    const list = refList.safeParse((inner.meta() as { ref?: unknown } | undefined)?.ref);
    return list.success && inner instanceof z.ZodString ? [[name, list.data] as [string, RefList]] : [];
  });

/**
 * The record API's check (EntityHooks `check`) of every field that stores a code of a reference list: the code must
 * be a registered, active entry of the studio's list, or the one the stored record already held (refCodeIssue).
 * Undefined for an entity without such fields.
 */
export const refCodesCheck = (storage: Storage, store: TierStore, entity: AnyEntity): ((record: OfficeRecord) => Promise<string | undefined>) | undefined => {
  const fields = refFields(entity.fields);
  if (!fields.length) return undefined;
  return async (record) => {
    const before = await store.get(entity.tier, entity.type, record.id);
    for (const [name, list] of fields) {
      const code = record.data[name];
      if (typeof code !== 'string') continue;
      const held = before?.data[name];
      const issue = refCodeIssue(await storedRefEntries(storage, list), list, code, typeof held === 'string' ? held : undefined);
      if (issue) return `${entity.labels.fields[name as keyof typeof entity.labels.fields] ?? name}: ${issue}`;
    }
    return undefined;
  };
};

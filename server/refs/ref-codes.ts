import { z } from 'zod';
import { tierDatabases } from '../../schema/databases';
import { entities, type AnyEntity } from '../../schema/entities';
import { ref, refCodeIssue, refEntries, refId, refList, type RefEntry, type RefList } from '../../schema/entities/ref';
import type { OfficeRecord } from '../../schema/record';
import { refuse, type BatchPushRule, type PushedDoc } from '../db/push-rule';
import type { Storage } from '../db/storage';
import type { TierStore } from '../records/tier-store';

/** A stored ref document as `refEntries` reads it (it parses the data itself). */
const storedRef = z.object({ type: z.string(), v: z.number().optional(), data: z.record(z.string(), z.unknown()) });

/**
 * One reference list as the store holds it now (its records, keyed `ref-{list}-{code}`, read at each call: an admin's
 * change on one app server counts on every other at once), or its defaults while none of it is stored.
 */
export const storedRefEntries = (storage: Storage, list: RefList): Promise<RefEntry[]> => refEntriesIn(storage.db(tierDatabases[ref.tier]), list);

/** One list as a database (the office one) holds it, with entries pushed alongside counted too (made offline just before). */
const refEntriesIn = async (db: PouchDB.Database, list: RefList, alongside: readonly unknown[] = []): Promise<RefEntry[]> => {
  const prefix = refId(list, '');
  const { rows } = await db.allDocs({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` });
  const pushed = new Set(alongside.map((d) => (d as { _id?: unknown })._id));
  return refEntries(
    [...rows.filter((r) => !pushed.has(r.id)).map((r) => r.doc), ...alongside].flatMap((d) => {
      const parsed = storedRef.safeParse(d);
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

/**
 * Wraps the office's rule: a pushed record (a flower, a charge) whose reference code is not a registered, active
 * entry of its list, nor the one its stored copy held, is refused with the reason; the rest of the batch goes on. Each
 * list is read once per batch; entries pushed in the same batch count.
 */
export const withRefCodes =
  (inner: BatchPushRule): BatchPushRule =>
  async (db, user, docs) => {
    const rule = await inner(db, user, docs);
    const checked = docs.flatMap((d) => {
      const entity = entityOf(d);
      const fields = entity ? refFields(entity.fields) : [];
      return entity && !d._deleted && fields.length ? [{ doc: d, entity, fields }] : [];
    });
    if (!checked.length) return rule;
    const pushedRefs = docs.filter((d) => d.type === ref.type && !d._deleted);
    const lists = new Map<RefList, RefEntry[]>();
    for (const list of new Set(checked.flatMap((c) => c.fields.map(([, l]) => l)))) lists.set(list, await refEntriesIn(db, list, pushedRefs));
    return (who, incoming, existing) => {
      const verdict = rule(who, incoming, existing);
      const found = checked.find((c) => c.doc === incoming);
      if (!verdict.ok || !found) return verdict;
      const data = fieldsOf.safeParse(incoming.data).data ?? {};
      const held = fieldsOf.safeParse(existing?.data).data ?? {};
      for (const [name, list] of found.fields) {
        const code = data[name];
        const before = held[name];
        if (typeof code !== 'string') continue;
        const issue = refCodeIssue(lists.get(list) ?? [], list, code, typeof before === 'string' ? before : undefined);
        if (issue) return refuse(`${found.entity.labels.one}: ${issue}`);
      }
      return verdict;
    };
  };

/** A document's data as a plain object, or nothing. */
const fieldsOf = z.record(z.string(), z.unknown());

const entityOf = (doc: PushedDoc): AnyEntity | undefined => Object.values(entities).find((e) => e.type === doc.type);

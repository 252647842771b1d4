import type { z } from 'zod';
import { wrappedValidateStorageFactory, type RxJsonSchema, type RxStorage } from 'rxdb';

/** A collection's fields, without RxDB's own (`_deleted`, `_rev`, `_meta`, `_attachments`). */
const ownFields = (names: Iterable<string>) => [...names].filter((n) => !n.startsWith('_')).sort().join(',');

/**
 * Storage that checks every write — the app's own and replication's — with the zod schema the collection
 * was derived from. RxDB's dev-mode requires a validating storage; this one speaks zod instead of ajv.
 * Deleted documents (tombstones from the server) carry no fields and are let through.
 */
export const zodValidatedStorage = <I, O>(storage: RxStorage<I, O>, schemas: z.ZodType[]): RxStorage<I, O> => {
  const byFields = new Map<string, z.ZodType>();
  for (const s of schemas) {
    const shape = (s as unknown as { shape?: Record<string, unknown> }).shape;
    if (shape) byFields.set(ownFields(Object.keys(shape)), s);
  }
  const getValidator = (schema: RxJsonSchema<unknown>) => {
    const zod = byFields.get(ownFields(Object.keys(schema.properties)));
    // RxDB's internal stores have schemas of their own: not ours to check.
    if (!zod) return () => [];
    return (doc: Record<string, unknown>) => {
      if (doc._deleted) return [];
      const fields = Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_')));
      const checked = zod.safeParse(fields);
      return checked.success ? [] : checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    };
  };
  return wrappedValidateStorageFactory(getValidator, 'zod')({ storage });
};

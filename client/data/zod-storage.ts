import type { z } from 'zod';
import { wrappedValidateStorageFactory, type RxJsonSchema, type RxStorage } from 'rxdb';

/**
 * Storage that checks every write — the app's own and replication's — with the zod schema the collection
 * was derived from, picked by the collection's name (the derived schema's title, `rx-schema.ts`): two
 * collections with the same fields are still checked each with its own rules. RxDB's dev-mode requires a
 * validating storage; this one speaks zod instead of ajv. Deleted documents (tombstones from the server)
 * carry no fields and are let through.
 */
export const zodValidatedStorage = <I, O>(storage: RxStorage<I, O>, byCollection: Record<string, z.ZodType>): RxStorage<I, O> => {
  const getValidator = (schema: RxJsonSchema<unknown>) => {
    const zod = schema.title !== undefined && Object.hasOwn(byCollection, schema.title) ? byCollection[schema.title] : undefined;
    // RxDB's internal stores, and a collection's store as an older version wrote it, are not ours to check.
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

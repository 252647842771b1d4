import { z } from 'zod';
import { refDefaults, type RefList } from './entities/ref';

/**
 * A field that stores the code of one entry of a reference list (schema/entities/ref.ts): a charge's category from
 * `cash-reason`. The meta `ref` tells the generic form to offer the list's entries (the device's records of it,
 * falling back to `refDefaults`), and lists to show the entry's label.
 */
export const refCode = (list: RefList, message: string) =>
  z.string({ error: message }).regex(/^[a-z0-9-]{1,40}$/, message).meta({ ref: list });

/** The reference list a field picks from, when it is a `refCode`. */
export const refListOf = (field: z.ZodType): RefList | undefined => {
  const ref = (field.meta() as { ref?: unknown } | undefined)?.ref;
  return typeof ref === 'string' && ref in refDefaults ? (ref as RefList) : undefined;
};

export interface RefEntry {
  code: string;
  label: string;
  position?: number;
  active?: boolean;
}

/**
 * What a choice of the list offers: the studio's entries of it (active ones, in their order) once the device holds
 * any, otherwise the defaults. A code stored on a record but no longer offered keeps its label (`refLabel`).
 */
export const refOptions = (list: RefList, entries: readonly RefEntry[]): { id: string; label: string }[] => {
  const own = entries.filter((e) => e.active !== false).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  return (own.length ? own : refDefaults[list]).map((e) => ({ id: e.code, label: e.label }));
};

/** The label of a code of the list: the studio's entry, the default one, or the code itself. */
export const refLabel = (list: RefList, code: string, entries: readonly RefEntry[] = []): string =>
  entries.find((e) => e.code === code)?.label ?? refDefaults[list].find((e) => e.code === code)?.label ?? code;

import { z } from 'zod';
import { tierDatabases } from '../../schema/shared/databases';
import type { AnyEntity } from '../../schema/entities';
import { ref, refCodeIssue, refEntries, refId, refList, type RefEntry, type RefList } from '../../schema/entities/ref';
import type { OfficeRecord } from '../../schema/shared/record';
import type { Storage } from '../db/storage';
import { frozenReason } from '../records/record-service';
import { createIfMissing, getDoc } from '../db/docs';
import { toSynced } from '../db/synced';
import { defaultRefRecord } from '../seed/refs';

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

/**
 * A place in an entity's data that stores a code of a reference list (`refCode`): a top-level field (a flower's unit),
 * or a field of every row of a list of lines (an invoice line's unit, a write-off line's reason). `builtIn`: codes
 * the field takes beyond the list's, by their names (a write-off line's `assembly`), which only the server writes.
 */
interface RefPlace {
  field: string;
  row?: string;
  list: RefList;
  builtIn: Readonly<Record<string, string>>;
  /**
   * Copied from stored records (refCode's `copied`): an entry switched off since stands, one the list lacks does not;
   * `'draft'`: so only while the record is no fact yet (a draft invoice's line, its flower's unit).
   */
  copied: boolean | 'draft';
}

/** The field without its optional, default and nullable wrappers. */
const unwrapped = (schema: z.ZodType): z.ZodType => {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  return inner;
};

/** What refCode's meta says of a field. */
const refMeta = z.object({ ref: refList, builtIn: z.record(z.string(), z.string()).default({}), copied: z.union([z.boolean(), z.literal('draft')]).default(false) });

/** A field's list, built-in codes and whether it is a copy, when it stores a reference code; else nothing. */
const refOf = (schema: z.ZodType): Pick<RefPlace, 'list' | 'builtIn' | 'copied'> | undefined => {
  const inner = unwrapped(schema);
  const meta = refMeta.safeParse(inner.meta());
  return meta.success && inner instanceof z.ZodString ? { list: meta.data.ref, builtIn: meta.data.builtIn, copied: meta.data.copied } : undefined;
};

/** Every place of an entity's fields that stores a reference code: its top-level fields and its lists' row fields. */
const placesOf = new WeakMap<z.ZodObject, RefPlace[]>();
export const refPlaces = (fields: z.ZodObject): RefPlace[] => {
  let places = placesOf.get(fields);
  if (!places) placesOf.set(fields, (places = findRefPlaces(fields)));
  return places;
};

const findRefPlaces = (fields: z.ZodObject): RefPlace[] =>
  Object.entries(fields.shape as Record<string, z.ZodType>).flatMap(([field, schema]) => {
    const top = refOf(schema);
    if (top) return [{ field, ...top }];
    const inner = unwrapped(schema);
    const rows = inner instanceof z.ZodArray && inner.element instanceof z.ZodObject ? (inner.element.shape as Record<string, z.ZodType>) : {};
    return Object.entries(rows).flatMap(([row, s]) => {
      const ref = refOf(s);
      return ref ? [{ field, row, ...ref }] : [];
    });
  });

/** A record's data as a plain object (unparsed: a stored copy may be of any age), or nothing. */
const fieldsOf = z.record(z.string(), z.unknown());
const rowsOf = z.array(z.unknown()).catch([]);

/** The codes a record's data holds at one place, each with where it stands (the row's number, counted from 1). */
const codesAt = (data: Record<string, unknown>, place: RefPlace): { code: string; row?: number }[] => {
  const value = data[place.field];
  if (place.row === undefined) return typeof value === 'string' ? [{ code: value }] : [];
  const row = place.row;
  return rowsOf.parse(value).flatMap((r, i) => {
    const code = fieldsOf.safeParse(r).data?.[row];
    return typeof code === 'string' ? [{ code, row: i + 1 }] : [];
  });
};

/** The name of a field's built-in code (`assembly`: «Сборка заказа»), or undefined for any other code. */
const builtInName = (place: RefPlace, code: string): string | undefined => (Object.hasOwn(place.builtIn, code) ? place.builtIn[code] : undefined);

/** The codes of `list` a record's data names at its places (built-in codes aside): what a batch looks for in the list. */
export const namedCodes = (places: readonly RefPlace[], data: Record<string, unknown>, list: RefList): string[] =>
  places.flatMap((place) => (place.list === list ? codesAt(data, place).flatMap(({ code }) => (builtInName(place, code) === undefined ? [code] : [])) : []));

/**
 * Why an entity's data may not take the reference codes it holds, in Russian, or undefined: each code, at the top
 * level or in any row of a list of lines, must be a registered, active entry of the studio's list, or one the stored
 * record already held at that place (refCodeIssue: a write-off line keeps a reason switched off since), or a copy
 * (`copied`; `'draft'` while the record is no fact: a draft invoice keeps its flowers' units switched off, posting it
 * needs them on, whatever the draft held). A built-in code of the field (a write-off line's `assembly`) is the
 * server's own: the server writes it straight to the store, so here, where staff write (the record API and
 * /db/office), it stands only where the stored record held it. One rule for the record API and /db/office.
 */
export const refPlacesIssue = (
  entity: AnyEntity,
  places: readonly RefPlace[],
  record: Pick<OfficeRecord, 'v' | 'data'>,
  held: Record<string, unknown>,
  entriesOf: (list: RefList) => readonly RefEntry[],
): string | undefined => {
  const labels: Record<string, string> = entity.labels.fields;
  const fact = places.some((p) => p.copied === 'draft') && !!frozenReason(entity, record);
  for (const place of places) {
    const kept = new Set(codesAt(held, place).map((c) => c.code));
    for (const { code, row } of codesAt(record.data, place)) {
      const builtIn = builtInName(place, code);
      if (builtIn !== undefined && kept.has(code)) continue;
      const keeps = place.copied === 'draft' ? !fact : place.copied || kept.has(code);
      const issue = builtIn !== undefined ? `значение «${builtIn}» ставит только сервер` : refCodeIssue(entriesOf(place.list), place.list, code, keeps ? code : undefined);
      const label = labels[place.field] ?? place.field;
      if (issue) return row === undefined ? `${label}: ${issue}` : `${label}, строка ${row} — ${issue}`;
    }
  }
  return undefined;
};

/**
 * Makes sure the studio's lists hold every reference code a record the server writes itself holds (a site customer's
 * card «Сайт», Posiflora's cards «Другое» and its flowers' units): called before such a write, which passes neither the
 * record API nor /db/office. A code an admin deleted from its list is stored again as the list's defaults have it
 * (`defaultRefRecord`, switched on: the shop uses it), so every card and flower names an entry the lists have and
 * stays editable and countable; one switched off stays off, as the admin left it. The entry's id is its key and the
 * first write wins, so two app servers register it once. Built-in codes (`assembly`) are no list's.
 */
export const registerOwnCodes = async (storage: Storage, entity: AnyEntity, data: Record<string, unknown>): Promise<void> => {
  const office = storage.db(tierDatabases[ref.tier]);
  for (const place of refPlaces(entity.fields))
    for (const { code } of codesAt(data, place)) {
      if (builtInName(place, code) !== undefined || (await getDoc(office, refId(place.list, code)))) continue;
      const record = defaultRefRecord(place.list, code, Date.now());
      await createIfMissing(office, record.id, toSynced(record));
    }
};


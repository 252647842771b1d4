import { z } from 'zod';

/** Which fields are references, and to which entity type (a registry of our own: the entity files cannot name the registry's types, which they make). */
const references = z.registry<{ entity: string }>();

/**
 * A field that holds the id of another back-office record (a write-off's warehouse, its lines' flower, an invoice's
 * supplier), naming the entity it points to (registered in `references`). The record API and /db/office take only an id of a stored
 * record of that entity, switched on (server/records/references.ts); the generic form offers a picker by name and
 * lists and papers show the record's title. `optional`: empty means none (an invoice without a supplier).
 */
export const reference = (entity: string, message: string) => z.string({ error: message }).min(1, message).max(64).register(references, { entity });
export const optionalReference = (entity: string, message: string) => z.string({ error: message }).max(64).register(references, { entity }).default('');

/** A place of an entity's fields that holds a reference: a top-level field, or a field of every row of a list of lines. */
export interface ReferencePlace {
  field: string;
  row?: string;
  /** The entity type it points to (schema/entities/registry.test.ts checks each is one). */
  entity: string;
}

const unwrapped = (schema: z.ZodType): z.ZodType => {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  return inner;
};

/** The entity a field points to, when it is a reference (see `reference`); else undefined. */
export const referenceOf = (schema: z.ZodType): string | undefined => {
  const inner = unwrapped(schema);
  return references.get(inner)?.entity;
};

/** The rows' fields of a list of lines (an invoice's lines), when a field is one; else none. */
export const rowShape = (schema: z.ZodType): Record<string, z.ZodType> => {
  let inner = unwrapped(schema);
  if (!(inner instanceof z.ZodArray)) return {};
  inner = inner.element as z.ZodType;
  // A row with a rule over its fields (a tech card's line: a flower or a card) is a ZodPipe of its object.
  while (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>) : {};
};

const placesOf = new WeakMap<z.ZodType, ReferencePlace[]>();
/** Every place of an entity's fields that holds a reference: its top-level fields and its lists' row fields. */
export const referencePlaces = (fields: z.ZodType): ReferencePlace[] => {
  let places = placesOf.get(fields);
  if (!places) {
    let object = fields;
    while (object instanceof z.ZodPipe) object = object.in as z.ZodType;
    const shape = object instanceof z.ZodObject ? (object.shape as Record<string, z.ZodType>) : {};
    places = Object.entries(shape).flatMap(([field, schema]): ReferencePlace[] => {
      const top = referenceOf(schema);
      if (top) return [{ field, entity: top }];
      return Object.entries(rowShape(schema)).flatMap(([row, s]) => {
        const entity = referenceOf(s);
        return entity ? [{ field, row, entity }] : [];
      });
    });
    placesOf.set(fields, places);
  }
  return places;
};

const fieldsOf = z.record(z.string(), z.unknown());
const rowsOf = z.array(z.unknown()).catch([]);

/** The ids a record's data (unparsed: a stored copy may be of any age) holds at one place, with their row (from 1). Empty ones are none. */
export const idsAt = (data: unknown, place: ReferencePlace): { id: string; row?: number }[] => {
  const value = fieldsOf.safeParse(data).data?.[place.field];
  if (place.row === undefined) return typeof value === 'string' && value ? [{ id: value }] : [];
  const row = place.row;
  return rowsOf.parse(value).flatMap((r, i) => {
    const id = fieldsOf.safeParse(r).data?.[row];
    return typeof id === 'string' && id ? [{ id, row: i + 1 }] : [];
  });
};

/** Whether a record is switched off: its entity has an `active` field (a warehouse, a flower, a tech card, a courier) and it is false. */
export const switchedOff = (data: unknown): boolean => fieldsOf.safeParse(data).data?.active === false;

import { z } from 'zod';
import { day } from './day';
import { pageSize } from './api';
import { entityTypes, type AnyEntity, type EntityType } from '../entities';

/**
 * What a record's `type` looks like: an entity's type name. The device's office collection stores any such name, so its
 * RxDB schema does not list the registry's types and adding or removing an entity never changes it (no version bump,
 * no DB6 on every florist's phone; docs/DECISIONS.md «An entity is one file»).
 */
export const recordTypeName = z.string().regex(/^[a-z][a-zA-Z-]{1,40}$/, 'Неверный вид записи');

/** A type name of a registered entity, typed as one; anything else is refused in Russian. */
export const registeredType = recordTypeName.transform((name, ctx): EntityType => {
  const type = entityTypes.find((t) => t === name);
  if (type) return type;
  ctx.addIssue({ code: 'custom', message: `Неизвестный вид записи «${name}»`, input: name });
  return z.NEVER;
});

const envelope = {
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Неверный идентификатор записи'),
  type: recordTypeName,
  /** The entity's data version this was written with. */
  v: z.number().int().min(1),
  /** What lists and references show: the entity's title(data). */
  title: z.string().max(200),
  day: day.optional(),
  createdBy: z.string().max(20),
  createdAt: z.number().int().min(0),
  updatedBy: z.string().max(20),
  updatedAt: z.number().int().min(0),
  data: z.record(z.string(), z.unknown()),
  /**
   * Set by the device that resolved a conflict when its result replaced another staff member's version:
   * whose version (phone) and which (its updatedAt). That device's user is told when it pulls this.
   */
  replaced: z.strictObject({ by: z.string().max(20), at: z.number().int().min(0) }).optional(),
};

/**
 * The envelope as a staff device stores it (client/data/collections.ts derives the office collection's RxDB schema
 * from it): `type` is any type name, so a build that does not know an entity still stores its records.
 */
export const officeEnvelope = z.strictObject(envelope);

/**
 * The envelope every back-office record has, in the office database (and on staff devices) or the admin one.
 * `data` is checked with the entity's own fields; the envelope itself never changes when an entity gains a field,
 * so the device's RxDB schema of the office collection stays put.
 * createdBy/updatedBy are phones: stamped by the server from the session on /api writes, and checked against the
 * session on pushes (a device writes its signed-in phone as updatedBy, keeps createdBy/createdAt; docs/DECISIONS.md).
 */
export const officeRecord = z.strictObject({ ...envelope, type: registeredType });
export type OfficeRecord = z.infer<typeof officeRecord>;

/** A record of one entity, its data typed by the entity's fields. */
export type RecordOf<E extends AnyEntity> = Omit<OfficeRecord, 'type' | 'data'> & { type: E['type']; data: z.infer<E['fields']> };

/** Fields every record has, sortable in any list beside the entity's columns. */
const envelopeSorts = ['title', 'createdAt', 'updatedAt'] as const;

/** What a list may be sorted by: a column or an envelope field, `-` before it for descending. */
export const sortKeys = (entity: AnyEntity): string[] => {
  const keys = [...new Set<string>([...entity.list.columns, ...envelopeSorts])];
  return [...keys, ...keys.map((k) => `-${k}`)];
};

/**
 * The filter's own field schema without its default: a filter is either given or absent. A yes/no filter also
 * takes 'true'/'false', as a list screen keeps its filters in the address.
 */
const filterField = (field: z.ZodType): z.ZodType => {
  let inner = field;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodBoolean) return z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional();
  return inner.optional();
};

/**
 * Body of POST /api/{path}/list (spec §7: params, query, body). 20 a page by default (§9); `query.search` looks in the
 * entity's `list.search` fields, case-insensitively; the other query fields are the entity's `list.filters`.
 */
export const recordListRequest = (entity: AnyEntity) => {
  const filters = Object.fromEntries((entity.list.filters ?? []).map((f) => [f, filterField((entity.fields.shape as Record<string, z.ZodType>)[f])]));
  const views = (entity as { views?: { id: string }[] }).views?.map((v) => v.id) ?? [];
  const view = views.length ? { view: z.enum(views as [string, ...string[]], 'Нет такого отбора').optional() } : {};
  return z.strictObject({
    params: z
      .strictObject({
        skip: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(200).default(pageSize),
        sort: z.enum(sortKeys(entity) as [string, ...string[]], 'Нет такой колонки для сортировки').optional(),
      })
      .default({ skip: 0, limit: pageSize }),
    query: z.strictObject({ search: z.string().trim().max(200).optional(), ...view, ...filters }).default({}),
    body: z.strictObject({}).optional(),
  });
};
export type RecordListRequest = z.infer<ReturnType<typeof recordListRequest>>;

/**
 * Body of POST /api/{path}/update. Without `id` it creates a record and the answer carries the id the server gave;
 * with one it edits, and `updatedAt` must be the one the record was read at: a record changed since is refused (409).
 */
export const recordSaveRequest = <E extends AnyEntity>(entity: E) =>
  z
    .strictObject({
      id: officeRecord.shape.id.optional(),
      updatedAt: z.number().int().min(0).optional(),
      data: entity.fields as E['fields'],
    })
    .refine((r) => r.id === undefined || r.updatedAt !== undefined, {
      message: 'Нужна дата изменения, с которой запись открыта (updatedAt)',
      path: ['updatedAt'],
    });
export type RecordSaveRequest<E extends AnyEntity = AnyEntity> = z.infer<ReturnType<typeof recordSaveRequest<E>>>;

/** Body of POST /api/{path}/get and /delete. */
export const recordIdRequest = z.strictObject({ id: officeRecord.shape.id });

/**
 * A stored record's data as the entity's current version reads it: lifted by `upgrade` when written by an older
 * version, then parsed with the fields (defaults filled). null when it does not parse.
 */
export const recordData = <E extends AnyEntity>(entity: E, record: Pick<OfficeRecord, 'v' | 'data'>): z.infer<E['fields']> | null => {
  const lifted = record.v < entity.version && entity.upgrade ? entity.upgrade(record.data, record.v) : record.data;
  const parsed = entity.fields.safeParse(lifted);
  return parsed.success ? (parsed.data as z.infer<E['fields']>) : null;
};

/** The envelope fields derived from a record's data: what lists show and the day a calendar-like record belongs to. */
export const derivedFields = <E extends AnyEntity>(entity: E, data: z.infer<E['fields']>): Pick<OfficeRecord, 'v' | 'title' | 'day'> => {
  const title = (entity.title as (d: typeof data) => string)(data).slice(0, 200);
  const day = (entity as { day?: (d: typeof data) => string | undefined }).day?.(data);
  return { v: entity.version, title, ...(day ? { day } : {}) };
};

/**
 * A stored record as the entity's current version reads it, and its data: the data lifted by `upgrade` and parsed
 * (defaults filled), the envelope's title, day and version derived from it; the record as stored (and data null) when
 * it does not parse. The record API answers with it on the server and the device's reader of office records reads it,
 * so a record written by an older version lists, filters and opens alike on both.
 */
export const currentRecord = <E extends AnyEntity>(entity: E, record: OfficeRecord): { record: OfficeRecord; data: z.infer<E['fields']> | null } => {
  const data = recordData(entity, record);
  return { record: data ? { ...record, ...derivedFields(entity, data), data } : record, data };
};

import type { AnyEntity } from '../entities';
import type { OfficeRecord, RecordListRequest } from './record';
import { pageOf, type ListAnswer } from './api';
import { today } from './day';

type Value = unknown;

/** What a list sorts by: a record, or as much of one as its sortable columns (an index's row). */
export type SortableRecord = Pick<OfficeRecord, 'id' | 'title' | 'createdAt' | 'updatedAt' | 'data'>;

/** A column's value: the entity's own field, else the envelope's (title, createdAt, updatedAt). */
const valueOf = (record: SortableRecord, key: string): Value => {
  if (Object.hasOwn(record.data, key)) return record.data[key];
  return key === 'title' ? record.title : key === 'createdAt' ? record.createdAt : key === 'updatedAt' ? record.updatedAt : undefined;
};

const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });

/** Empty values go last in either direction; numbers and booleans by value; text as a Russian reader orders it. */
const compare = (a: Value, b: Value): number => {
  const emptyA = a === undefined || a === null || a === '';
  const emptyB = b === undefined || b === null || b === '';
  if (emptyA || emptyB) return Number(emptyA) - Number(emptyB);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
};

/** Whether the search text occurs in one of the entity's search fields, case-insensitively; phones match by digits. */
const matchesSearch = (entity: AnyEntity, search: string) => {
  const needle = search.toLocaleLowerCase('ru');
  const digits = search.replace(/\D/g, '');
  return (record: OfficeRecord) =>
    (entity.list.search as string[]).some((field) => {
      const value = record.data[field];
      if (value === undefined || value === null) return false;
      const text = String(value);
      return text.toLocaleLowerCase('ru').includes(needle) || (digits.length >= 3 && text.split(/,\s*/).some((t) => /^\d+$/.test(t) && t.includes(digits)));
    });
};

/**
 * One page of an entity's records: searched, filtered, sorted (stable by id), 20 a page unless asked otherwise.
 * The record API answers with it on the server, and a staff device with it from its own copy, so both agree.
 */
export const listPage = (entity: AnyEntity, records: OfficeRecord[], { params, query }: RecordListRequest, day = today()): ListAnswer<OfficeRecord> => {
  const { search, view: viewId, ...filters } = query as RecordListRequest['query'] & { view?: string };
  const wanted = Object.entries(filters).filter(([, v]) => v !== undefined);
  const views = (entity as { views?: { id: string; test: (data: never, today: string) => boolean }[] }).views ?? [];
  const view = views.find((v) => v.id === viewId);
  const found = records
    .filter((r) => wanted.every(([k, v]) => r.data[k] === v))
    .filter((r) => !view || view.test(r.data as never, day))
    .filter(search ? matchesSearch(entity, search) : () => true);
  return sortedPage(entity, found, params);
};

/** One page of rows in the list's order (the column asked, else the entity's; stable by id): `listPage`'s last step. */
export const sortedPage = <R extends SortableRecord>(entity: AnyEntity, rows: R[], params: RecordListRequest['params']): ListAnswer<R> => {
  const sort = params.sort ?? entity.list.sort;
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const sorted = rows.sort((a, b) => {
    const byValue = compare(valueOf(a, key), valueOf(b, key));
    const empties = [valueOf(a, key), valueOf(b, key)].some((v) => v === undefined || v === null || v === '');
    return (descending && !empties ? -byValue : byValue) || a.id.localeCompare(b.id);
  });
  return pageOf(sorted, params);
};

/** The column a list is sorted by (the one asked, else the entity's), without its direction. */
export const sortColumn = (entity: AnyEntity, params: RecordListRequest['params']): string => (params.sort ?? entity.list.sort).replace(/^-/, '');

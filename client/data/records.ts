import { useEffect, useMemo, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { AnyEntity } from '../../schema/entities';
import { officeRecord, recordListRequest, recordSaveRequest, sortKeys, type OfficeRecord } from '../../schema/shared/record';
import { listPage } from '../../schema/shared/record-page';
import { pageSize } from '../../schema/shared/api';

export { pageSize };
import { recordCall, refusedHere } from '../lib/record-call';
import { randomId } from '../lib/random-id';
import { cacheKey, type CacheRecord } from '../../schema/shared/cache-record';
import { loadDataSource } from './data-source';
import { useOfficeOf } from './office-of';
import { rulesOf } from './entity-rules';

/** What a list screen asks for: one page (20 records, spec §9), a search, an order and filters on enums and booleans. */
export interface RecordQuery {
  page: number;
  search?: string;
  sort?: string;
  desc?: boolean;
  filters?: Record<string, string>;
}


export interface RecordPage {
  items: OfficeRecord[];
  total: number;
  /** Set when the page came from the device's cache of an online-only list: when the server gave it. */
  fetchedAt?: number;
  /** Set when the server could not be asked: the page shown is the cached one (or none). */
  error?: string;
  loading: boolean;
}

/**
 * The page of records a query shows, from all records of one entity, by the same rule the record API answers with
 * (schema/shared/record-page.ts). Studio scale (thousands): the device filters and sorts in memory, which is as quick as an
 * index here and keeps the collection's schema fixed. A sort or filter the entity does not offer (an address typed by
 * hand) is left out rather than refused.
 */
export const pickPage = (entity: AnyEntity, all: OfficeRecord[], q: RecordQuery): { items: OfficeRecord[]; total: number } => {
  const offered: readonly string[] = entity.list.filters ?? [];
  const sortable = sortKeys(entity);
  const wanted = {
    ...q,
    sort: q.sort && sortable.includes(q.sort) ? q.sort : undefined,
    filters: Object.fromEntries(Object.entries(q.filters ?? {}).filter(([f]) => offered.includes(f))),
  };
  const request = recordListRequest(entity);
  const parsed = request.safeParse(listBody(wanted));
  const asked = parsed.success ? parsed.data : request.parse(listBody({ page: wanted.page, search: wanted.search }));
  return listPage(entity, all, asked).data;
};

/** The same value until its content changes: a query object made afresh each render keeps its effect still. */
const useStable = <T>(value: T): T => {
  const [kept, setKept] = useState(value);
  if (JSON.stringify(kept) === JSON.stringify(value)) return kept;
  setKept(value);
  return value;
};

/** An office-tier list page, live from the device (useOfficeOf): works offline, follows replication. */
export const useOfficeRecords = (office: RxCollection<OfficeRecord>, entity: AnyEntity, q: RecordQuery, on = true): RecordPage => {
  const query = useStable(q);
  const all = useOfficeOf(office, entity, on);
  return useMemo(() => (all.loading ? { items: [], total: 0, loading: true } : { ...pickPage(entity, all.records, query), loading: false }), [all, entity, query]);
};

/** Spec §7's list body for a query: params (page, order) and query (search, filters). */
const listBody = (q: RecordQuery) => ({
  params: { skip: (Math.max(1, q.page) - 1) * pageSize, limit: pageSize, ...(q.sort ? { sort: q.desc ? `-${q.sort}` : q.sort } : {}) },
  // Filters come from the address as text; the API takes booleans as booleans.
  query: {
    ...(q.search ? { search: q.search } : {}),
    ...Object.fromEntries(Object.entries(q.filters ?? {}).filter(([, v]) => v !== '').map(([k, v]) => [k, v === 'true' ? true : v === 'false' ? false : v])),
  },
});


/**
 * An admin-tier list: online only, through the record API; the last answer is kept in DataSources (spec §4)
 * and shown first, and offline with the time it was fetched.
 */
export const useRemoteRecords = (cache: RxCollection<CacheRecord>, entity: AnyEntity, q: RecordQuery, on = true): RecordPage => {
  const query = useStable(q);
  const [page, setPage] = useState<RecordPage & { for: RecordQuery | null }>({ items: [], total: 0, loading: true, for: null });
  useEffect(() => {
    if (!on) return;
    let current = true;
    const url = `/api/${entity.path}/list`;
    const body = listBody(query);
    const source = { url, params: body };
    void loadDataSource(
      cache,
      source,
      () => recordCall(entity, 'list', body),
      async (state) => {
        const cached = state.error ? (await cache.findOne(cacheKey(source)).exec())?.timestamp : undefined;
        if (!current) return;
        setPage({
          items: (state.data?.data.items ?? []).filter((r) => officeRecord.safeParse(r).success),
          total: state.data?.data.total ?? 0,
          loading: false,
          for: query,
          ...(state.error ? { error: state.error.message } : {}),
          ...(cached ? { fetchedAt: cached } : {}),
        });
      },
    );
    return () => {
      current = false;
    };
  }, [cache, entity, query, on]);
  return page.for === query ? page : { items: [], total: 0, loading: true };
};

/** The envelope's derived fields for entity data: what lists show, the day, the data version. */
const derived = (entity: AnyEntity, data: Record<string, unknown>) => {
  const rules = rulesOf(entity);
  const day = rules.day(data);
  return { v: entity.version, title: rules.title(data), ...(day ? { day } : {}) };
};

/**
 * Writes an office record on the device; replication takes it to the server when there is a network.
 * `data` must have been parsed with the entity's fields. The author is the signed-in phone (the server checks it).
 * Answers the record's id.
 */
export const saveOfficeRecord = async (office: RxCollection<OfficeRecord>, entity: AnyEntity, author: string, data: Record<string, unknown>, id?: string): Promise<string> => {
  const now = Date.now();
  const existing = id ? await office.findOne(id).exec() : null;
  if (existing) {
    await existing.incrementalModify((doc) => {
      const { day: _day, replaced: _replaced, ...kept } = doc; // RxDB's own fields stay; the day follows the data; a new edit replaces nobody
      const next = officeRecord.parse({
        id: doc.id, type: doc.type, createdBy: doc.createdBy, createdAt: doc.createdAt, ...derived(entity, data), updatedBy: author, updatedAt: Math.max(now, doc.updatedAt + 1), data,
      });
      return { ...kept, ...next };
    });
    return existing.id;
  }
  // A keyed entity (a reference entry: `ref-{list}-{code}`) is stored under its key, as the server holds it to: one
  // entry per key on every device, and a key this device already holds is taken.
  const key = entity.key as { id: (d: unknown) => string; taken: string } | undefined;
  const keyed = !id && key ? key.id(data) : undefined;
  if (keyed && key && (await office.findOne(keyed).exec())) throw new Error(key.taken);
  const record = officeRecord.parse({ id: id ?? keyed ?? randomId(), type: entity.type, ...derived(entity, data), createdBy: author, createdAt: now, updatedBy: author, updatedAt: now, data });
  await office.insert(record);
  return record.id;
};

export const removeOfficeRecord = async (office: RxCollection<OfficeRecord>, id: string): Promise<void> => {
  await (await office.findOne(id).exec())?.remove();
};

/**
 * Saves an admin-tier record through the record API (online only); `updatedAt` is the version the form was read at.
 * The form's values are parsed by the entity's fields first, as the server will: a refusal names the same fields.
 */
export const saveRemoteRecord = async (entity: AnyEntity, data: Record<string, unknown>, record?: { id: string; updatedAt: number }): Promise<string> => {
  const body = recordSaveRequest(entity).safeParse({ ...(record ? { id: record.id, updatedAt: record.updatedAt } : {}), data });
  if (!body.success) throw refusedHere(body.error);
  const answer = await recordCall(entity, 'update', body.data);
  return answer.data.id;
};

export const removeRemoteRecord = async (entity: AnyEntity, id: string): Promise<void> => {
  await recordCall(entity, 'delete', { id });
};

export const getRemoteRecord = async (entity: AnyEntity, id: string): Promise<OfficeRecord> =>
  officeRecord.parse((await recordCall(entity, 'get', { id })).data);

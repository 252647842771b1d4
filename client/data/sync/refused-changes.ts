import { useSyncExternalStore } from 'react';
import { isBackOfficePath } from '../../../schema/shared/back-office-routes';
import { entities } from '../../../schema/entities';

/**
 * A document of staff data the server refused on push, kept on the device with what was typed in it: RxDB takes the
 * server's side, so a refused new record (a write-off act of 12 lines) would be gone with everything in it. Kept in
 * localStorage (not a collection: the device keeps to 8), the last 50, newest first; only the office and calendar
 * databases (a customer's orders have their own outbox and refusal path).
 */
export interface RefusedChange {
  db: 'office' | 'events';
  id: string;
  /** The office record's entity type, or the calendar event's type. */
  type: string;
  title: string;
  reason: string;
  at: number;
  /** Who pushed it (the record's `updatedBy`, the event's author): a shared device shows each staff member their own. */
  by: string;
  /** The office record's data, or the whole calendar event (without CouchDB's `_id` and `_rev`). */
  data: Record<string, unknown>;
  /** The push carried no revision: a new document the server never held, so opening it again makes a new record. */
  fresh: boolean;
}

const key = 'refused-changes';
const kept = 50;
const dbs = new Set<string>(['office', 'events']);

/** localStorage where there is one (a browser); in Node (tests) and where it throws, the process's memory. */
let memory: RefusedChange[] = [];
const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: RefusedChange[] } | null = null;

/** Every kept refused change, newest first. */
export const refusedChanges = (): RefusedChange[] => {
  const s = storage();
  if (!s) return memory;
  const raw = s.getItem(key);
  if (cache?.raw === raw) return cache.list;
  let list: RefusedChange[] = [];
  try {
    const read = raw ? (JSON.parse(raw) as unknown) : [];
    list = Array.isArray(read) ? (read as RefusedChange[]) : [];
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
};

const write = (list: RefusedChange[]) => {
  const s = storage();
  if (s) {
    try {
      s.setItem(key, JSON.stringify(list));
    } catch {
      memory = list;
    }
  } else memory = list;
  listeners.forEach((l) => l());
};

/** The kept change of one document, if any. */
export const refusedChange = (db: string, id: string): RefusedChange | undefined => refusedChanges().find((c) => c.db === db && c.id === id);

/** Forgets a kept change: it was saved again. */
export const forgetRefused = (db: string, id: string): void => write(refusedChanges().filter((c) => !(c.db === db && c.id === id)));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Keeps each refused document of a `_bulk_docs` push as it was sent (`body`, the request's JSON) with its reason.
 * A deletion is not kept: nothing typed is lost with it. A document sent again under the same id replaces its copy.
 */
export const keepRefused = (db: string, body: unknown, refused: { id: string; reason: string }[], at = Date.now()): RefusedChange[] => {
  if (!dbs.has(db) || !refused.length || typeof body !== 'string') return [];
  let docs: unknown;
  try {
    docs = (JSON.parse(body) as { docs?: unknown }).docs;
  } catch {
    return [];
  }
  if (!Array.isArray(docs)) return [];
  const sent = new Map(docs.filter(isObject).map((d) => [String(d._id), d]));
  const fresh: RefusedChange[] = [];
  for (const r of refused) {
    const doc = sent.get(r.id);
    if (!doc || doc._deleted === true) continue;
    const { _id: _i, _rev: rev, _deleted: _d, _attachments: _a, _meta: _m, ...rest } = doc;
    const office = db === 'office';
    const data = office ? (isObject(rest.data) ? rest.data : {}) : rest;
    const by = office ? rest.updatedBy : isObject(rest.meta) ? rest.meta.author : '';
    fresh.push({
      db: db as RefusedChange['db'],
      id: r.id,
      type: typeof rest.type === 'string' ? rest.type : '',
      title: typeof rest.title === 'string' ? rest.title : '',
      reason: r.reason,
      at,
      by: typeof by === 'string' ? by : '',
      data,
      fresh: rev === undefined,
    });
  }
  if (!fresh.length) return [];
  const ids = new Set(fresh.map((c) => `${c.db}:${c.id}`));
  write([...fresh, ...refusedChanges().filter((c) => !ids.has(`${c.db}:${c.id}`))].slice(0, kept));
  return fresh;
};

/**
 * Where a kept change opens again as a new record (`/admin/{path}/new?from={id}`): a new office record of an entity
 * with a back-office screen. An edit is not opened as new (it would be a second record), nor an order command (its
 * refusal is told on the order) or a calendar event.
 */
export const reopenPath = (change: RefusedChange): string | undefined => {
  if (change.db !== 'office' || !change.fresh || !Object.hasOwn(entities, change.type)) return undefined;
  const { path } = entities[change.type as keyof typeof entities];
  return isBackOfficePath(`/admin/${path}`) ? path : undefined;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab (the leader, which pushes) writes the same key.
  const other = (e: StorageEvent) => {
    if (e.key === key) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', other);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', other);
  };
};

/** The kept change of one document, as it changes; undefined when none is kept. */
export const useRefusedChange = (db: string, id: string | undefined): RefusedChange | undefined =>
  useSyncExternalStore(subscribe, () => (id ? refusedChange(db, id) : undefined), () => undefined);

/** Every kept refused change, newest first, as the list changes. */
export const useRefusedChanges = (): RefusedChange[] => useSyncExternalStore(subscribe, refusedChanges, () => memory);

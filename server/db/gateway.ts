import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { shopEvent } from '../../schema/event';
import type { User } from '../../schema/user';
import { canPushDb, canReadDb } from '../../schema/databases';
import { officePushRule } from '../records/office-push-rule';
import type { Storage } from './storage';

/** What each pushable database accepts: the same zod schema the client validates with before writing locally. */
const pushSchemas: Record<string, z.ZodType> = { events: shopEvent };

/** Databases whose documents are checked against the stored one (who wrote it, what it was). */
const pushRules: Record<string, (user: User | null, incoming: PushedDoc, existing: PushedDoc | null) => { ok: true } | { ok: false; reason: string }> = {
  office: officePushRule,
};

type Call = 'info' | 'changes' | 'all_docs' | 'bulk_docs' | 'doc';

/** The only calls RxDB's CouchDB replication makes (and a document read). Everything else is closed. */
const classify = (method: string, rest: string): Call | null => {
  if (method !== 'GET' && method !== 'POST') return null;
  if (rest === '') return method === 'GET' ? 'info' : null;
  if (rest === '_changes') return 'changes';
  if (rest === '_all_docs') return 'all_docs';
  if (rest === '_bulk_docs') return method === 'POST' ? 'bulk_docs' : null;
  return method === 'GET' && !rest.startsWith('_') && !rest.includes('/') ? 'doc' : null;
};

/** The database and the call after it, from /db/{db}/{rest}. */
const target = (req: Request) => ({ db: req.params[0], rest: req.params[1] ?? '' });

const couchError = (res: Response, status: number, error: string, reason: string) => void res.status(status).json({ error, reason });

interface PushedDoc {
  _id?: unknown;
  _rev?: string;
  _deleted?: boolean;
  [field: string]: unknown;
}

/** Why the server refuses one pushed document, or null when it accepts it. */
const refusal = (user: User | null, dbName: string, doc: PushedDoc, existing: Map<string, PushedDoc>): string | null => {
  if (!canPushDb(user, dbName)) return 'Недостаточно прав для изменения этих данных';
  if (typeof doc._id !== 'string' || doc._id.startsWith('_')) return 'Недопустимый идентификатор документа';
  const rule = pushRules[dbName];
  if (rule) {
    const verdict = rule(user, doc, existing.get(doc._id) ?? null);
    return verdict.ok ? null : verdict.reason;
  }
  if (doc._deleted) return null;
  const { _id, _rev, _deleted, ...fields } = doc;
  const checked = pushSchemas[dbName].safeParse({ ...fields, id: _id });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Неверные данные');
};

/** The stored documents the pushed ones would replace, by id (a deleted one as its tombstone). */
const storedDocs = async (db: PouchDB.Database, docs: unknown[]): Promise<Map<string, PushedDoc>> => {
  const ids = docs.flatMap((d) => (d && typeof d === 'object' && typeof (d as PushedDoc)._id === 'string' ? [(d as PushedDoc)._id as string] : []));
  if (!ids.length) return new Map();
  const { rows } = await db.allDocs({ keys: ids, include_docs: true });
  return new Map(rows.flatMap((r) => ('doc' in r && r.doc ? [[r.id, r.doc as unknown as PushedDoc] as const] : [])));
};

/**
 * Refused documents are answered as conflicts, never as errors: RxDB would retry an errored batch forever.
 * It then reads the server's version (see allDocsForConflicts) and its conflict handler reverts or drops the local copy.
 * `rejected` and `reason` let the client tell the user why.
 */
const bulkDocs = (storage: Storage): RequestHandler => async (req, res, next) => {
  try {
    const { docs, new_edits } = (req.body ?? {}) as { docs?: unknown; new_edits?: unknown };
    if (!Array.isArray(docs) || new_edits === false) return couchError(res, 400, 'bad_request', 'Ожидается {docs: [...]}');
    const name = target(req).db;
    const existing = pushRules[name] ? await storedDocs(storage.db(name), docs) : new Map<string, PushedDoc>();
    const verdicts = docs.map((d: PushedDoc) => ({ doc: d, why: d && typeof d === 'object' ? refusal(res.locals.user, name, d, existing) : 'Неверные данные' }));
    const accepted = verdicts.filter((v) => !v.why).map((v) => v.doc);
    const written = accepted.length ? await storage.db(name).bulkDocs(accepted as PouchDB.Core.PutDocument<object>[]) : [];
    let w = 0;
    // PouchDB reports a stale revision as {error: true, status: 409}; RxDB needs CouchDB's {error: 'conflict'} to merge.
    const row = (r: PouchDB.Core.Response | PouchDB.Core.Error) => ('ok' in r && r.ok ? r : { id: r.id, error: 'conflict', reason: 'Документ уже изменён на сервере' });
    res.status(201).json(verdicts.map((v) => (v.why ? { id: String(v.doc?._id ?? ''), error: 'conflict', reason: v.why, rejected: true } : row(written[w++]))));
  } catch (e) {
    next(e);
  }
};

/**
 * GET _all_docs?keys=[..]&include_docs=true is how RxDB reads the server's side of a conflict.
 * CouchDB answers doc:null for a document it does not have, which RxDB cannot resolve; we answer a tombstone,
 * so the local copy of a refused new document is dropped instead of blocking the sync.
 */
const allDocsForConflicts = (storage: Storage): RequestHandler => async (req, res, next) => {
  try {
    const keys = JSON.parse(String(req.query.keys)) as unknown;
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) return couchError(res, 400, 'bad_request', 'keys: список строк');
    const { rows, total_rows } = await storage.db(target(req).db).allDocs({ keys, include_docs: true });
    const filled = rows.map((r) => {
      if ('doc' in r && r.doc) return r;
      const rev = 'value' in r && r.value ? r.value.rev : '0-0';
      return { id: r.key, key: r.key, value: { rev, deleted: true }, doc: { _id: r.key, _rev: rev, _deleted: true } };
    });
    res.json({ total_rows, offset: 0, rows: filled });
  } catch (e) {
    next(e);
  }
};

const guard: RequestHandler = (req, res, next) => {
  const { db, rest } = target(req);
  const call = classify(req.method, rest);
  if (!call) return couchError(res, 404, 'not_found', 'Этот вызов недоступен');
  const user = res.locals.user;
  if (call !== 'bulk_docs' && !canReadDb(user, db)) {
    return couchError(res, user ? 403 : 401, user ? 'forbidden' : 'unauthorized', user ? 'Нет доступа к этой базе' : 'Войдите по номеру телефона');
  }
  if (call === 'changes' && (req.query.filter || !['normal', 'longpoll', undefined].includes(req.query.feed as string | undefined))) {
    return couchError(res, 400, 'bad_request', 'Поддерживаются только feed=normal и feed=longpoll без фильтров');
  }
  next();
};

/**
 * /db: the CouchDB-compatible sync endpoint. Only known databases and the calls replication needs get through;
 * reads pass on to express-pouchdb, pushes are checked here document by document.
 */
export const dbGateway = (storage: Storage, knownDb: (name: string) => boolean, pouchApp: RequestHandler): Router => {
  const gateway = Router();
  const path = /^\/([a-z][a-z0-9-]{0,60})\/?(.*)$/;
  gateway.all(path, (req, res, next) => {
    const { db } = target(req);
    if (!knownDb(db)) return couchError(res, 404, 'not_found', 'Нет такой базы');
    storage.db(db);
    guard(req, res, next);
  });
  gateway.post(path, (req: Request, res, next) => {
    if (target(req).rest !== '_bulk_docs') return next();
    express.json({ limit: '2mb' })(req, res, (err?: unknown) => (err ? next(err) : bulkDocs(storage)(req, res, next)));
  });
  gateway.get(path, (req, res, next) =>
    target(req).rest === '_all_docs' && req.query.keys && req.query.include_docs === 'true' ? allDocsForConflicts(storage)(req, res, next) : next(),
  );
  gateway.all(path, pouchApp);
  gateway.use((_req, res) => couchError(res, 404, 'not_found', 'Этот вызов недоступен'));
  return gateway;
};

import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { canPushDb, canReadDb, isCustomerOrdersDb, pushBatchOf } from '../../schema/databases';
import type { User } from '../../schema/user';
import { kilobytes } from '../http/body-limit';
import { storeAway } from '../http/errors';
import { isCouch, TooFewCopies, writeDocs } from './claim';
import type { ReadRightNow } from '../auth/read-right';
import type { ChangesHub } from './changes-hub';
import type { DbPushRule, PushedDoc, PushVerdict, StoredDoc } from './push-rule';
import { StorageBusy, type Storage } from './storage';
import { clientAddress } from '../auth/client-address';

/** Each pushable database's rule, by name (server/books.ts). */
export type PushRules = Readonly<Record<string, DbPushRule>>;

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

/**
 * The largest body each call takes. A push is at most 200 events (the client's batch) of a few kilobytes;
 * key lists are at most 1000 ids. Other calls take no body: a stray one is read no further than 1 KB
 * (so a closed call still answers 404).
 */
const bodyLimits: Partial<Record<Call, number>> = { bulk_docs: kilobytes(2048), all_docs: kilobytes(64), changes: kilobytes(64) };

/** Office pushes may carry photos (schema/databases.ts `pushBatchOf`): a full batch of them fits. */
const officeBulkLimit = kilobytes(1600) * pushBatchOf('office') + kilobytes(512);

const dbPath = /^\/([a-z][a-z0-9-]{0,60})\/?(.*)$/;

/** The body limit of a /db request (its path relative to /db), for server/http/body-limit.ts. */
export const dbBodyLimit = (method: string, path: string): number => {
  const match = dbPath.exec(path);
  const call = match && classify(method, match[2]);
  if (call === 'bulk_docs' && method === 'POST' && match?.[1] === 'office') return officeBulkLimit;
  return (call && method === 'POST' && bodyLimits[call]) || kilobytes(1);
};

/** The database and the call after it, from /db/{db}/{rest}. */
const target = (req: Request) => ({ db: req.params[0], rest: req.params[1] ?? '' });

const couchError = (res: Response, status: number, error: string, reason: string) => void res.status(status).json({ error, reason });

/**
 * Long-polls are answered within `longpollMs` whatever `timeout` asks, heartbeats come no oftener than
 * `heartbeatFloorMs`, and one address holds at most `longpollsPerClient` at once. The shop's own client never
 * long-polls (it waits for the SSE signal, then asks briefly); these bound what anyone else can hold open.
 */
export interface GatewayLimits {
  longpollMs: number;
  heartbeatFloorMs: number;
  longpollsPerClient: number;
}
export const defaultGatewayLimits: GatewayLimits = { longpollMs: 30_000, heartbeatFloorMs: 10_000, longpollsPerClient: 6 };

// ---- what the read calls accept: anything else is a 400, never a 500 from deep inside PouchDB ----

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const count = (max: number) => z.string().regex(/^\d{1,9}$/, 'Ожидается целое число').transform(Number).pipe(z.number().max(max, `Не больше ${max}`));
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .max(70_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Ожидается JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
const docId = z.string().min(1).max(200);
const rev = z.string().regex(/^[1-9]\d{0,9}-[0-9a-f]{1,64}$/, 'Неверная ревизия');
const keyList = z.array(docId).max(1000, 'Не больше 1000 ключей');
const seq = z.string().max(1000).regex(/^(now|\d+(-[A-Za-z0-9_-]+)?)$/, 'Неверный номер изменения');

const changesQuery = z.strictObject({
  feed: z.enum(['normal', 'longpoll'], 'Поддерживаются только feed=normal и feed=longpoll').optional(),
  since: seq.optional(),
  limit: count(1000).optional(),
  include_docs: flag.optional(),
  style: z.enum(['all_docs', 'main_only']).optional(),
  heartbeat: z.union([count(3_600_000), z.literal('true')]).optional(),
  timeout: count(3_600_000).optional(),
  seq_interval: count(100_000).optional(),
  descending: flag.optional(),
  conflicts: flag.optional(),
});
const changesBody = z.strictObject({ doc_ids: keyList.optional() });

const allDocsQuery = z.strictObject({
  keys: json(keyList).optional(),
  key: json(docId).optional(),
  startkey: json(z.string().max(200)).optional(),
  endkey: json(z.string().max(200)).optional(),
  start_key: json(z.string().max(200)).optional(),
  end_key: json(z.string().max(200)).optional(),
  include_docs: flag.optional(),
  conflicts: flag.optional(),
  descending: flag.optional(),
  inclusive_end: flag.optional(),
  update_seq: flag.optional(),
  limit: count(10_000).optional(),
  skip: count(100_000).optional(),
});
const allDocsBody = z.strictObject({
  keys: keyList.optional(),
  include_docs: z.boolean().optional(),
  conflicts: z.boolean().optional(),
  deleted: z.literal('ok').optional(),
});

const docQuery = z.strictObject({
  rev: rev.optional(),
  revs: flag.optional(),
  revs_info: flag.optional(),
  conflicts: flag.optional(),
  deleted_conflicts: flag.optional(),
  latest: flag.optional(),
  local_seq: flag.optional(),
  open_revs: z.union([z.literal('all'), json(z.array(rev).min(1).max(100))]).optional(),
});

const queryOf: Partial<Record<Call, z.ZodType>> = { changes: changesQuery, all_docs: allDocsQuery, doc: docQuery, info: z.strictObject({}), bulk_docs: z.strictObject({}) };
const bodyOf: Partial<Record<Call, z.ZodType>> = { changes: changesBody, all_docs: allDocsBody };

const badRequest = (res: Response, error: z.ZodError) => {
  const issue = error.issues[0];
  couchError(res, 400, 'bad_request', `Неверный запрос: ${issue?.path.join('.') || 'параметры'} — ${issue?.message ?? 'проверьте параметры'}`);
};

// ---- answers written here ----

type ChangesQuery = z.infer<typeof changesQuery>;

interface ChangesAnswer {
  results: unknown[];
  last_seq: number | string;
}

/** A customer's database that does not exist yet reads as empty: it is created only when the server writes an order. */
const readChanges = async (db: PouchDB.Database | null, q: ChangesQuery, docIds?: string[]): Promise<ChangesAnswer> => {
  if (!db) return { results: [], last_seq: 0 };
  const { results, last_seq } = await db.changes({
    since: q.since === undefined ? 0 : /^\d+$/.test(q.since) ? Number(q.since) : q.since,
    limit: q.limit,
    include_docs: q.include_docs,
    style: q.style,
    descending: q.descending,
    conflicts: q.conflicts,
    ...(docIds ? { doc_ids: docIds } : {}),
  });
  // Design documents (the calendar's index) are the server's: a device's collection has no place for them.
  return { results: results.filter((r) => !r.id.startsWith('_design/')), last_seq };
};

/** Only what a client needs of a database's info: no adapter, host or storage address. */
const infoAnswer = async (name: string, db: PouchDB.Database | null) => {
  const info = db ? await db.info() : { doc_count: 0, update_seq: 0 };
  return { db_name: name, doc_count: info.doc_count, update_seq: info.update_seq, instance_start_time: '0' };
};

/** The CouchDB error an express-pouchdb answer of this status becomes: its own text may carry paths or stacks. */
const safeError = (status: number) =>
  status === 400 ? { error: 'bad_request', reason: 'Неверный запрос' }
  : status === 404 ? { error: 'not_found', reason: 'Не найдено' }
  : status === 409 ? { error: 'conflict', reason: 'Документ уже изменён' }
  : status < 500 ? { error: 'bad_request', reason: 'Запрос не выполнен' }
  : { error: 'internal_error', reason: 'Внутренняя ошибка сервера, попробуйте ещё раз' };

/** express-pouchdb's answer when PouchDB could not reach CouchDB: the http adapter's error is node-fetch's FetchError. */
const storeAwayAnswer = (body: unknown) => String(body).includes('"error":"FetchError"');

const scrubErrors = (res: Response) => {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    if (res.statusCode < 400) return send(body);
    if (storeAwayAnswer(body)) {
      console.error('/db: store out of reach', String(body).slice(0, 300));
      res.status(503).type('json');
      return send(JSON.stringify({ error: 'unavailable', reason: storeAway().message }));
    }
    if (res.statusCode >= 500) console.error('/db answered', res.statusCode, String(body).slice(0, 500));
    res.type('json');
    return send(JSON.stringify(safeError(res.statusCode)));
  };
};

// ---- pushes ----

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** The checks every database shares: a plain document with a usable id and revision and no special fields. */
const pushShape = (raw: unknown): { ok: true; doc: PushedDoc; rev?: string } | { ok: false; id: string; reason: string } => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, id: '', reason: 'Документ должен быть объектом' };
  const { _id, _rev, _deleted, ...rest } = raw as Record<string, unknown>;
  const id = typeof _id === 'string' ? _id.slice(0, 200) : '';
  if (typeof _id !== 'string' || !idPattern.test(_id)) return { ok: false, id, reason: 'Недопустимый идентификатор документа' };
  if (_rev !== undefined && !rev.safeParse(_rev).success) return { ok: false, id, reason: 'Неверная ревизия документа' };
  if (_deleted !== undefined && typeof _deleted !== 'boolean') return { ok: false, id, reason: 'Неверная отметка удаления' };
  if (Object.keys(rest).some((k) => k.startsWith('_'))) return { ok: false, id, reason: 'Служебные поля документа не принимаются' };
  return { ok: true, doc: { _id, ...rest, ...(_deleted ? { _deleted: true as const } : {}) }, rev: _rev as string | undefined };
};

type Row = { ok: true; id: string; rev: string } | { id: string; error: 'conflict'; reason: string; rejected?: true };

const refusedRow = (id: string, reason: string): Row => ({ id, error: 'conflict', reason, rejected: true });

/** A written document's row, with nothing of PouchDB's error object (it carries a stack with server paths). */
const writtenRow = (id: string, result: PouchDB.Core.Response | PouchDB.Core.Error): Row =>
  'ok' in result && result.ok ? { ok: true, id, rev: result.rev }
  : (result as PouchDB.Core.Error).status === 409 ? { id, error: 'conflict', reason: 'Документ уже изменён на сервере' }
  : refusedRow(id, 'Документ не удалось сохранить');

/**
 * Writes the batch; should PouchDB fail it as a whole, each document is written alone so one cannot sink the rest.
 * On CouchDB a cluster answers `_bulk_docs` 202 with every row ok when some copies refused a document (a device
 * that pushed from the same revision through another app server), so the device would drop an edit that lost:
 * there the batch is judged by `writeDocs` (server/db/claim.ts), and a lost document is answered as a conflict;
 * the device reads the server's version and resolves it.
 */
const writeAll = async (db: PouchDB.Database, docs: (Record<string, unknown> & { _id: string; _rev?: string })[]): Promise<(PouchDB.Core.Response | PouchDB.Core.Error)[]> => {
  if (isCouch(db)) {
    // CouchDB out of reach, or a document that reached too few copies, fails the push as a whole with 503, which
    // the device sends again; refusing its documents instead would make the device drop new ones.
    const outcomes = await writeDocs(db, docs, { quorum: true }).catch((e: unknown) => {
      if (e instanceof TooFewCopies) throw e;
      console.error('push to CouchDB failed', e);
      throw new StorageBusy();
    });
    return outcomes.map((w, i) => (!w ? { status: 500, error: true } : w.won ? { ok: true, id: docs[i]._id, rev: w.rev } : { status: 409, error: true }));
  }
  try {
    return await db.bulkDocs(docs);
  } catch (e) {
    console.error('bulkDocs failed as a whole; writing one by one', e);
    return Promise.all(
      docs.map((d) =>
        db.bulkDocs([d]).then(
          ([r]) => r,
          () => ({ status: 500, error: true }) as PouchDB.Core.Error,
        ),
      ),
    );
  }
};

/**
 * Each pushed document gets its own verdict: the database's rule (validation, ownership, stamping) against the stored
 * document. Refused ones are answered as conflicts, never as errors: RxDB would retry an errored batch forever.
 * It then reads the server's version (see conflictsRead) and its conflict handler reverts or drops the local copy.
 * `rejected` and `reason` let the client tell the user why.
 */
const pushDocs = async (storage: Storage, rules: PushRules, name: string, user: User | null, raw: unknown[]): Promise<Row[]> => {
  const shaped = raw.map(pushShape);
  const rule = Object.hasOwn(rules, name) ? rules[name] : null;
  const why = !canPushDb(user, name) || !user ? 'Недостаточно прав для изменения этих данных' : !rule ? 'Эта база не принимает изменения' : null;
  if (why || !user || !rule) return shaped.map((s) => refusedRow(s.ok ? s.doc._id : s.id, why ?? ''));

  const db = storage.db(name);
  const ids = shaped.flatMap((s) => (s.ok ? [s.doc._id] : []));
  const stored = new Map<string, StoredDoc>();
  if (ids.length) {
    for (const row of (await db.allDocs({ keys: ids, include_docs: true })).rows) {
      if ('doc' in row && row.doc) {
        const { _rev, ...doc } = row.doc as unknown as StoredDoc & { _rev?: string };
        stored.set(row.key, doc);
      }
    }
  }
  const judge = await rule.judge(db, user, shaped.flatMap((s) => (s.ok ? [s.doc] : [])));
  const verdicts = shaped.map((s): { id: string; verdict: PushVerdict; rev?: string } => {
    if (!s.ok) return { id: s.id, verdict: { ok: false, reason: s.reason } };
    try {
      return { id: s.doc._id, verdict: judge(user, s.doc, stored.get(s.doc._id) ?? null), rev: s.rev };
    } catch (e) {
      console.error(`push rule of ${name} failed on ${s.doc._id}`, e);
      return { id: s.doc._id, verdict: { ok: false, reason: 'Документ не удалось проверить' } };
    }
  });
  // Refused documents the rule ends are stored as tombstones first, so a document of this batch that waits on one
  // (an order command following a refused one) finds it ended when its own write wakes the server. A tombstone already
  // there answers a conflict, which changes nothing: the row stays refused either way.
  const ended = verdicts.flatMap((v) => (!v.verdict.ok && v.verdict.end && !stored.has(v.id) ? [{ _id: v.id, _deleted: true }] : []));
  if (ended.length) await writeAll(db, ended);
  const accepted = verdicts.flatMap((v) => (v.verdict.ok ? [{ ...v.verdict.doc, _id: v.id, ...(v.rev ? { _rev: v.rev } : {}) }] : []));
  const written = accepted.length ? await writeAll(db, accepted) : [];
  const kept = accepted.filter((_, i) => 'ok' in written[i] && written[i].ok);
  // What follows from the stored documents is the server's own doing: a failure there is logged, the push stands.
  if (kept.length && rule.stored) await rule.stored(user, kept).catch((e: unknown) => console.error(`after a push to ${name}`, e));
  let w = 0;
  return verdicts.map((v) => (v.verdict.ok ? writtenRow(v.id, written[w++]) : refusedRow(v.id, v.verdict.reason)));
};

/**
 * GET _all_docs?keys=[..]&include_docs=true is how RxDB reads the server's side of a conflict.
 * CouchDB answers doc:null for a document it does not have, which RxDB cannot resolve; we answer a tombstone,
 * so the local copy of a refused new document is dropped instead of blocking the sync.
 */
const conflictsRead = async (db: PouchDB.Database | null, keys: string[]) => {
  const { rows, total_rows } = db ? await db.allDocs({ keys, include_docs: true }) : { rows: [], total_rows: 0 };
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const filled = keys.map((key) => {
    const r = byKey.get(key);
    if (r && 'doc' in r && r.doc) return r;
    const rev = r && 'value' in r && r.value ? r.value.rev : '0-0';
    return { id: key, key, value: { rev, deleted: true }, doc: { _id: key, _rev: rev, _deleted: true } };
  });
  return { total_rows, offset: 0, rows: filled };
};

/**
 * /db: the CouchDB-compatible sync endpoint. Only known databases and the calls replication needs get through, each
 * checked in this order before anything is opened: the call, the right to it, its query and body, the database's
 * existence. Refused requests open and create nothing. Pushes, info, changes and conflict reads are answered here;
 * the other reads pass on to express-pouchdb, with the database held open for the request and its errors scrubbed.
 */
export const dbGateway = (
  storage: Storage,
  hub: ChangesHub,
  knownDb: (name: string) => boolean,
  pouchApp: RequestHandler,
  rules: PushRules,
  mayRead: ReadRightNow,
  limits: GatewayLimits = defaultGatewayLimits,
): Router => {
  const gateway = Router();
  const longpolls = new Map<string, number>();

  /** The database for a request that passed every check, held open until the answer is sent; null: not created yet. */
  const openFor = async (name: string, res: Response): Promise<PouchDB.Database | null> => {
    if (isCustomerOrdersDb(name) && !(await storage.exists(name))) return null;
    const db = storage.db(name);
    const release = storage.hold(name);
    res.on('close', release);
    return db;
  };

  /** Waits for a change; when one wakes it, the session and read right are asked again before anything new is read. */
  const longpoll = async (req: Request, res: Response, name: string, db: PouchDB.Database | null, q: ChangesQuery, docIds?: string[]) => {
    const client = clientAddress(req);
    const holding = longpolls.get(client) ?? 0;
    if (holding >= limits.longpollsPerClient) return couchError(res, 429, 'too_many_requests', 'Слишком много ожидающих запросов с вашего адреса');
    longpolls.set(client, holding + 1);
    let signalled = false;
    let wake = () => {};
    const stopWatching = hub.watch(name, () => {
      signalled = true;
      wake();
    });
    const timers: NodeJS.Timeout[] = [];
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      stopWatching();
      timers.forEach(clearTimeout);
      const left = (longpolls.get(client) ?? 1) - 1;
      if (left > 0) longpolls.set(client, left);
      else longpolls.delete(client);
    };
    res.on('close', done);
    try {
      let answer = await readChanges(db, { ...q, since: q.since ?? 'now' }, docIds);
      if (!answer.results.length) {
        const wait = Math.min(q.timeout ?? limits.longpollMs, limits.longpollMs);
        const heartbeat = q.heartbeat === undefined ? null : Math.max(q.heartbeat === 'true' ? 60_000 : q.heartbeat, limits.heartbeatFloorMs);
        if (heartbeat !== null && heartbeat < wait) {
          timers.push(
            setInterval(() => {
              if (!res.headersSent) res.status(200).type('json');
              res.write('\n');
            }, heartbeat),
          );
        }
        if (!signalled) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            timers.push(setTimeout(resolve, wait));
            res.on('close', resolve);
          });
        }
        if (res.destroyed) return;
        if (signalled) {
          const right = await mayRead(res.locals.sessionToken, [name]);
          if (res.destroyed) return;
          if (right !== 'ok') {
            // A heartbeat already sent 200: the answer stays the empty one read before the wait.
            if (res.headersSent) return void res.end(JSON.stringify(answer));
            return right === 'signed-out' ? couchError(res, 401, 'unauthorized', 'Сессия завершена: войдите снова') : couchError(res, 403, 'forbidden', 'Нет доступа к этой базе');
          }
          answer = await readChanges(db ?? (await openFor(name, res)), { ...q, since: String(answer.last_seq) }, docIds);
        }
      }
      if (res.headersSent) res.end(JSON.stringify(answer));
      else res.json(answer);
    } finally {
      done();
    }
  };

  gateway.all(dbPath, async (req, res, next) => {
    try {
      const { db: name, rest } = target(req);
      if (!knownDb(name)) return couchError(res, 404, 'not_found', 'Нет такой базы');
      const call = classify(req.method, rest);
      if (!call) return couchError(res, 404, 'not_found', 'Этот вызов недоступен');
      const user: User | null = res.locals.user ?? null;
      if (call !== 'bulk_docs' && !canReadDb(user, name)) {
        return couchError(res, user ? 403 : 401, user ? 'forbidden' : 'unauthorized', user ? 'Нет доступа к этой базе' : 'Войдите по номеру телефона');
      }
      const query = (queryOf[call] ?? z.strictObject({})).safeParse(req.query);
      if (!query.success) return badRequest(res, query.error);
      const bodySchema = req.method === 'POST' ? bodyOf[call] : undefined;
      const body = bodySchema?.safeParse(req.body ?? {});
      if (body && !body.success) return badRequest(res, body.error);

      if (call === 'bulk_docs') {
        const { docs, new_edits } = (req.body ?? {}) as { docs?: unknown; new_edits?: unknown };
        if (!Array.isArray(docs) || new_edits === false) return couchError(res, 400, 'bad_request', 'Ожидается {docs: [...]}');
        if (docs.length > 1000) return couchError(res, 400, 'bad_request', 'Не больше 1000 документов за раз');
        return void res.status(201).json(await pushDocs(storage, rules, name, user, docs));
      }

      const db = await openFor(name, res);
      if (call === 'info') return void res.json(await infoAnswer(name, db));
      if (call === 'changes') {
        const q = query.data as ChangesQuery;
        const docIds = (body?.data as z.infer<typeof changesBody> | undefined)?.doc_ids;
        if (q.feed === 'longpoll') return await longpoll(req, res, name, db, q, docIds);
        return void res.json(await readChanges(db, q, docIds));
      }
      const q = query.data as Record<string, unknown>;
      if (call === 'all_docs' && req.method === 'GET' && Array.isArray(q.keys) && q.include_docs) {
        return void res.json(await conflictsRead(db, q.keys as string[]));
      }
      if (!db) {
        if (call === 'doc') return couchError(res, 404, 'not_found', 'Документ не найден');
        const keys = (q.keys ?? (body?.data as { keys?: string[] } | undefined)?.keys) as string[] | undefined;
        return void res.json({ total_rows: 0, offset: 0, rows: keys ? keys.map((key) => ({ key, error: 'not_found' })) : [] });
      }
      scrubErrors(res);
      pouchApp(req, res, next);
    } catch (e) {
      if (e instanceof StorageBusy || e instanceof TooFewCopies) return couchError(res, 503, 'unavailable', e.message);
      next(e);
    }
  });
  gateway.use((_req, res) => couchError(res, 404, 'not_found', 'Этот вызов недоступен'));
  return gateway;
};

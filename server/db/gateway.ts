import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { canReadDb, isCustomerOrdersDb } from '../../schema/shared/databases';
import type { User } from '../../schema/shared/user';
import { TooFewCopies } from './claim';
import type { ReadRightNow } from '../auth/read-right';
import type { ChangesHub } from './changes-hub';
import { StorageBusy, type Storage } from './storage';
import { badRequest, couchError, scrubErrors } from './couch-errors';
import { bodyOf, changesBody, classify, dbPath, queryOf, type ChangesQuery } from './gateway-calls';
import { conflictsRead, defaultGatewayLimits, infoAnswer, longpoller, readChanges } from './gateway-reads';
import type { GatewayLimits } from '../config';
import { pushDocs, type PushRules } from './gateway-pushes';

declare module 'express-serve-static-core' {
  interface Locals {
    /** What the database's rule noted as the push arrived (`DbPushRule.arrive`). */
    pushMark?: number;
  }
}

/**
 * The first middleware a push meets: a signed-in device's `POST /db/{db}/_bulk_docs` to a database whose rule notes
 * arrivals (the office: its catch-up read sent at once) is noted before its session and body are read, so that read
 * overlaps them. Only with a session cookie: a request without one is refused anyway and sends no read.
 */
export const pushArrivals =
  (rules: PushRules): RequestHandler =>
  (req, res, next) => {
    const db = req.method === 'POST' ? /^\/db\/([^/]+)\/_bulk_docs\/?$/.exec(req.path)?.[1] : undefined;
    const rule = db && Object.hasOwn(rules, db) ? rules[db] : undefined;
    if (rule?.arrive && /(?:^|;)\s*sid=/.test(req.headers.cookie ?? '')) res.locals.pushMark = rule.arrive();
    next();
  };

/** The database and the call after it, from /db/{db}/{rest}. */
const target = (req: Request) => ({ db: req.params[0], rest: req.params[1] ?? '' });

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

  /** The database for a request that passed every check, held open until the answer is sent; null: not created yet. */
  const openFor = async (name: string, res: Response): Promise<PouchDB.Database | null> => {
    if (isCustomerOrdersDb(name) && !(await storage.exists(name))) return null;
    const db = storage.db(name);
    const release = storage.hold(name);
    res.on('close', release);
    return db;
  };

  const longpoll = longpoller(hub, mayRead, limits, openFor);

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
        return void res.status(201).json(await pushDocs(storage, rules, name, user, docs, res.locals.pushMark));
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

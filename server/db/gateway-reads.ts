import type { Request, Response } from 'express';
import type { ReadRightNow } from '../auth/read-right';
import { clientAddress } from '../auth/client-address';
import type { ChangesHub } from './changes-hub';
import { couchError } from './couch-errors';
import type { ChangesQuery } from './gateway-calls';
import type { GatewayLimits } from '../config';

// The reads /db answers itself: info, changes (normal and long-poll) and the conflict reads of RxDB's replication.

export const defaultGatewayLimits: GatewayLimits = { longpollMs: 30_000, heartbeatFloorMs: 10_000, longpollsPerClient: 6 };

interface ChangesAnswer {
  results: unknown[];
  last_seq: number | string;
}

/** A customer's database that does not exist yet reads as empty: it is created only when the server writes an order. */
export const readChanges = async (db: PouchDB.Database | null, q: ChangesQuery, docIds?: string[]): Promise<ChangesAnswer> => {
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
export const infoAnswer = async (name: string, db: PouchDB.Database | null) => {
  const info = db ? await db.info() : { doc_count: 0, update_seq: 0 };
  return { db_name: name, doc_count: info.doc_count, update_seq: info.update_seq, instance_start_time: '0' };
};

/**
 * GET _all_docs?keys=[..]&include_docs=true is how RxDB reads the server's side of a conflict.
 * CouchDB answers doc:null for a document it does not have, which RxDB cannot resolve; we answer a tombstone,
 * so the local copy of a refused new document is dropped instead of blocking the sync.
 */
export const conflictsRead = async (db: PouchDB.Database | null, keys: string[]) => {
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
 * The long-poll of a gateway: waits for a change; when one wakes it, the session and read right are asked again
 * before anything new is read. Counts what each client address holds (`longpollsPerClient`).
 */
export const longpoller = (
  hub: ChangesHub,
  mayRead: ReadRightNow,
  limits: GatewayLimits,
  openFor: (name: string, res: Response) => Promise<PouchDB.Database | null>,
) => {
  const longpolls = new Map<string, number>();
  return async (req: Request, res: Response, name: string, db: PouchDB.Database | null, q: ChangesQuery, docIds?: string[]) => {
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
};

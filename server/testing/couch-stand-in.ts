import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb';

/** A document write the stand-in may split: its database, id, the revision it names, and whether it would be a 409. */
export interface DocWrite {
  db: string;
  id: string;
  rev?: string;
  wouldConflict: boolean;
}

export interface SplitOptions {
  /** The split branch shows only this long after the 202, as a write that one copy took reaches the others later. */
  lagMs?: number;
  /** The split branch ranks above its rivals (CouchDB's winner), as it does whenever its revision id is greater. */
  ranksFirst?: boolean;
}

/** PUT /{db}/{id} of a document (not a design or local one, not an attachment). */
const docPut = /^\/([^_/][^/]*)\/([^_/][^/]*)$/;
/** POST /{db}/_bulk_docs. */
const bulkDocs = /^\/([^_/][^/]*)\/_bulk_docs$/;

/**
 * A CouchDB-compatible server for tests of COUCHDB_URL: express-pouchdb on its own port and data directory,
 * standing in for an Apache CouchDB cluster (which Debian does not package).
 * `at` restarts one on the port and directory of an earlier one that was stopped, as a restarted CouchDB.
 *
 * `splitWrites(choose)` makes it behave as a cluster whose copies disagreed on a write: a chosen document PUT (or document of a `_bulk_docs`) is
 * answered 202 Accepted (which PouchDB's http adapter reports as success) and stored as its own branch from the
 * revision it named (`new_edits: false`, as internal replication stores another copy's write), so a write that
 * would have been a 409 leaves a conflict branch beside the one that won.
 */
export const startCouchStandIn = async (at?: { port: number; dir: string }) => {
  const dir = at?.dir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'couch-')));
  const handles = new Map<string, PouchDB.Database>();
  // express-pouchdb keeps its database objects in `__dbCacheMap`: the splits write through the same ones.
  const Pouch = Object.assign(PouchDB.defaults({ prefix: `${dir}/` }), { __dbCacheMap: handles }) as unknown as PouchDB.Static;
  let choose: ((w: DocWrite) => boolean) | null = null;
  let how: SplitOptions = {};
  let splits = 0;
  /** A status every batch write is answered with (a cluster in trouble), or none. */
  let failing: number | null = null;
  const handle = (name: string) => handles.get(name) ?? handles.set(name, new Pouch(name)).get(name)!;

  /** Stores `body` as a branch of its own from the revision it names, if `choose` picks it: answers that revision. */
  const splitOne = async (db: string, id: string, body: Record<string, unknown>, rev: string | undefined): Promise<string | null> => {
    if (!choose) return null;
    const current = await handle(db)
      .get(id)
      .catch(() => null);
    if (!choose({ db, id, rev, wouldConflict: current ? current._rev !== rev : !!rev })) return null;
    splits++;
    const hash = `${how.ranksFirst ? 'ffffffff' : crypto.randomBytes(4).toString('hex')}${crypto.randomBytes(12).toString('hex')}`;
    const [gen, parent] = rev ? [Number(rev.split('-')[0]) + 1, rev.split('-')[1]] : [1, null];
    const { _rev: _named, ...doc } = body;
    const store = () => handle(db).bulkDocs([{ ...doc, _id: id, _rev: `${gen}-${hash}`, _revisions: { start: gen, ids: parent ? [hash, parent] : [hash] } }], { new_edits: false });
    if (how.lagMs) setTimeout(() => void store().catch((e: unknown) => console.error('stand-in: a lagging split not stored', e)), how.lagMs);
    else await store();
    return `${gen}-${hash}`;
  };

  const split: express.RequestHandler = async (req, res, next) => {
    const match = docPut.exec(req.path);
    if (!choose || !match) return next();
    try {
      const [db, id] = [decodeURIComponent(match[1]), decodeURIComponent(match[2])];
      const body = req.body as Record<string, unknown>;
      const rev = typeof body._rev === 'string' ? body._rev : typeof req.query.rev === 'string' ? req.query.rev : undefined;
      const branch = await splitOne(db, id, body, rev);
      if (!branch) return next();
      res.status(202).json({ ok: true, id, rev: branch });
    } catch (e) {
      next(e);
    }
  };

  /**
   * `_bulk_docs` as a cluster answers it when some documents reached too few copies: 202 for the batch, and for
   * each document a row that says ok, whether it won or was split.
   */
  const splitBulk: express.RequestHandler = async (req, res, next) => {
    const match = bulkDocs.exec(req.path);
    const docs = (req.body as { docs?: Record<string, unknown>[]; new_edits?: boolean }).docs;
    if (failing && match && (req.body as { new_edits?: boolean }).new_edits !== false) return void res.status(failing).json({ error: 'unknown_error', reason: 'stand-in' });
    if (!choose || !match || !Array.isArray(docs) || (req.body as { new_edits?: boolean }).new_edits === false) return next();
    try {
      const db = decodeURIComponent(match[1]);
      let anySplit = false;
      const rows = [];
      for (const doc of docs) {
        const id = String(doc._id);
        const branch = await splitOne(db, id, doc, typeof doc._rev === 'string' ? doc._rev : undefined);
        if (branch) anySplit = true;
        rows.push(branch ? { ok: true, id, rev: branch } : (await handle(db).bulkDocs([doc as PouchDB.Core.PutDocument<object>]))[0]);
      }
      res.status(anySplit ? 202 : 201).json(rows.map((r) => ('ok' in r && r.ok ? { ok: true, id: r.id, rev: r.rev } : { id: (r as PouchDB.Core.Error).id, error: 'conflict', reason: 'Document update conflict.' })));
    } catch (e) {
      next(e);
    }
  };

  const app = express()
    .put(docPut, express.json({ limit: '16mb' }), split)
    .post(bulkDocs, express.json({ limit: '16mb' }), splitBulk)
    .use(expressPouchDB(Pouch, { mode: 'minimumForPouchDB', inMemoryConfig: true, logPath: path.join(dir, 'log.txt') }));
  const server = app.listen(at?.port ?? 0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  /** Stops answering (open connections are cut, as a process that died would); the data stays. */
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await Promise.all([...handles.values()].map((h) => h.close()));
    handles.clear();
  };
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    dir,
    stop,
    /** From now on, writes `choose` picks are split (null: none), as `options` says. */
    splitWrites(next: ((w: DocWrite) => boolean) | null, options: SplitOptions = {}) {
      choose = next;
      how = options;
    },
    /** From now on, every `_bulk_docs` of a device's kind is answered with this status (null: none). */
    failBatches(status: number | null) {
      failing = status;
    },
    /** How many writes were split so far. */
    splitCount: () => splits,
    async close() {
      await stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
};

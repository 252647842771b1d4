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

/** PUT /{db}/{id} of a document (not a design or local one, not an attachment). */
const docPut = /^\/([^_/][^/]*)\/([^_/][^/]*)$/;

/**
 * A CouchDB-compatible server for tests of COUCHDB_URL: express-pouchdb on its own port and data directory,
 * standing in for an Apache CouchDB cluster (which Debian does not package).
 * `at` restarts one on the port and directory of an earlier one that was stopped, as a restarted CouchDB.
 *
 * `splitWrites(choose)` makes it behave as a cluster whose copies disagreed on a write: a chosen document PUT is
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
  let splits = 0;
  const handle = (name: string) => handles.get(name) ?? handles.set(name, new Pouch(name)).get(name)!;

  const split: express.RequestHandler = async (req, res, next) => {
    const match = docPut.exec(req.path);
    if (!choose || !match) return next();
    try {
      const [db, id] = [decodeURIComponent(match[1]), decodeURIComponent(match[2])];
      const body = req.body as Record<string, unknown>;
      const rev = typeof body._rev === 'string' ? body._rev : typeof req.query.rev === 'string' ? req.query.rev : undefined;
      const current = await handle(db)
        .get(id)
        .catch(() => null);
      if (!choose({ db, id, rev, wouldConflict: current ? current._rev !== rev : !!rev })) return next();
      splits++;
      const hash = crypto.randomBytes(16).toString('hex');
      const [gen, parent] = rev ? [Number(rev.split('-')[0]) + 1, rev.split('-')[1]] : [1, null];
      const { _rev: _named, ...doc } = body;
      await handle(db).bulkDocs([{ ...doc, _id: id, _rev: `${gen}-${hash}`, _revisions: { start: gen, ids: parent ? [hash, parent] : [hash] } }], { new_edits: false });
      res.status(202).json({ ok: true, id, rev: `${gen}-${hash}` });
    } catch (e) {
      next(e);
    }
  };

  const app = express()
    .put(docPut, express.json({ limit: '16mb' }), split)
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
    /** From now on, writes `choose` picks are split (null: none). */
    splitWrites(next: ((w: DocWrite) => boolean) | null) {
      choose = next;
    },
    /** How many writes were split so far. */
    splitCount: () => splits,
    async close() {
      await stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
};

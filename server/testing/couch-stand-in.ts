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

interface SplitOptions {
  /** The split branch shows only this long after the 202, as a write that one copy took reaches the others later. */
  lagMs?: number;
  /** The split branch ranks above its rivals (CouchDB's winner), as it does whenever its revision id is greater. */
  ranksFirst?: boolean;
  /**
   * The splits are races on a healthy cluster: every node stays a member (`_membership`), and a write no copy would
   * have refused is split as one whose racer also heard 202 and has already ended its leaf (a tombstoned sibling).
   * Without it, while writes are split, the third node is away: a 202 is then too few copies.
   */
  race?: boolean;
  /**
   * A split PUT's 202 is sent only once this settles (its branch is stored at once): its writer is held between the
   * write and its judgement of it, while others read the branch it left.
   */
  answerAfter?: Promise<unknown>;
}

/** PUT /{db}/{id} of a document (not a design or local one, not an attachment). */
const docPut = /^\/([^_/][^/]*)\/([^_/][^/]*)$/;
/** GET /{db}/_shards/{id}. */
const docShards = /^\/([^_/][^/]*)\/_shards\/([^/]+)$/;
const nodes = ['node1@127.0.0.1', 'node2@127.0.0.1', 'node3@127.0.0.1'];
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
 * would have been a 409 leaves a conflict branch beside the one that won. `_membership` and `/{db}/_shards/{id}` answer
 * as a three-node cluster's coordinator does: while writes are split, as too few copies (a node away) unless the
 * options say the splits are races (`race`).
 */
export const startCouchStandIn = async (at?: { port: number; dir: string }, { admin }: { admin?: { name: string; password: string } } = {}) => {
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
    const wouldConflict = current ? current._rev !== rev : !!rev;
    if (!choose({ db, id, rev, wouldConflict })) return null;
    splits++;
    const hash = `${how.ranksFirst ? 'ffffffff' : crypto.randomBytes(4).toString('hex')}${crypto.randomBytes(12).toString('hex')}`;
    const [gen, parent] = rev ? [Number(rev.split('-')[0]) + 1, rev.split('-')[1]] : [1, null];
    const { _rev: _named, ...doc } = body;
    const branch = (h: string, fields: object) => ({ ...fields, _id: id, _rev: `${gen}-${h}`, _revisions: { start: gen, ids: parent ? [h, parent] : [h] } });
    if (how.race && !wouldConflict) {
      // The racer that made some copies refuse this write: it heard 202 too and has ended its leaf.
      const rival = `0${crypto.randomBytes(15).toString('hex')}`;
      const end = crypto.randomBytes(16).toString('hex');
      await handle(db).bulkDocs([branch(rival, doc), { _id: id, _deleted: true, _rev: `${gen + 1}-${end}`, _revisions: { start: gen + 1, ids: [end, rival] } }], { new_edits: false });
    }
    const store = () => handle(db).bulkDocs([branch(hash, doc)], { new_edits: false });
    if (how.lagMs) setTimeout(() => void store().catch((e: unknown) => console.error('stand-in: a lagging split not stored', e)), how.lagMs);
    else await store();
    return `${gen}-${hash}`;
  };

  /**
   * While writes are split, the writes of one document are judged one at a time, each until it is stored, as each
   * copy of a cluster decides on a write at once: else writers from one revision could all be judged against it
   * before the first one stored (all 409s but one, and no split), and a test of races would test none.
   */
  const turns = new Map<string, Promise<void>>();
  const inTurn = async (key: string): Promise<() => void> => {
    const before = turns.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((r) => (done = r));
    const chain = before.then(() => mine);
    turns.set(key, chain);
    await before;
    return () => {
      done();
      if (turns.get(key) === chain) turns.delete(key);
    };
  };

  const split: express.RequestHandler = async (req, res, next) => {
    const match = docPut.exec(req.path);
    if (!choose || !match) return next();
    const [db, id] = [decodeURIComponent(match[1]), decodeURIComponent(match[2])];
    const release = await inTurn(`${db}/${id}`);
    try {
      const body = req.body as Record<string, unknown>;
      const rev = typeof body._rev === 'string' ? body._rev : typeof req.query.rev === 'string' ? req.query.rev : undefined;
      const branch = await splitOne(db, id, body, rev);
      if (!branch) {
        res.once('close', release);
        return next();
      }
      release();
      await how.answerAfter;
      res.status(202).json({ ok: true, id, rev: branch });
    } catch (e) {
      release();
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
        const release = await inTurn(`${db}/${id}`);
        try {
          const branch = await splitOne(db, id, doc, typeof doc._rev === 'string' ? doc._rev : undefined);
          if (branch) anySplit = true;
          rows.push(branch ? { ok: true, id, rev: branch } : (await handle(db).bulkDocs([doc as PouchDB.Core.PutDocument<object>]))[0]);
        } finally {
          release();
        }
      }
      res.status(anySplit ? 202 : 201).json(rows.map((r) => ('ok' in r && r.ok ? { ok: true, id: r.id, rev: r.rev } : { id: (r as PouchDB.Core.Error).id, error: 'conflict', reason: 'Document update conflict.' })));
    } catch (e) {
      next(e);
    }
  };

  /** While set, what live changes feeds answer waits for it: an app server's feed has not brought a change yet. */
  let feedsHeld: Promise<void> | null = null;
  let releaseFeeds = () => {};
  const heldFeeds: express.RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || !req.path.endsWith('/_changes') || (req.query.feed !== 'longpoll' && req.query.feed !== 'continuous')) return next();
    const [write, end] = [res.write.bind(res), res.end.bind(res)] as ((...a: unknown[]) => unknown)[];
    const later = (send: (...a: unknown[]) => unknown) => (...a: unknown[]) => {
      if (feedsHeld) void feedsHeld.then(() => send(...a));
      else send(...a);
      return true;
    };
    Object.assign(res, { write: later(write), end: later(end) });
    next();
  };

  /**
   * While set, plain (not live) changes reads of one database are answered as the store was when they came, but only
   * on release, in the order they came: an app server's catch-up read is under way while others write.
   */
  let readsHeld: { db: string; until: Promise<void>; release: () => void; count: number } | null = null;
  const heldReads: express.RequestHandler = (req, res, next) => {
    const held = readsHeld;
    if (!held || req.method !== 'GET' || req.path !== `/${held.db}/_changes` || req.query.feed === 'longpoll' || req.query.feed === 'continuous') return next();
    const [write, end] = [res.write.bind(res), res.end.bind(res)] as ((...a: unknown[]) => unknown)[];
    Object.assign(res, {
      write: (...a: unknown[]) => (void held.until.then(() => write(...a)), true),
      end: (...a: unknown[]) => {
        held.count++;
        void held.until.then(() => end(...a));
        return res;
      },
    });
    next();
  };

  /** The cluster as CouchDB's coordinator sees it: the third node is away while writes are split as too few copies. */
  const away = () => !!choose && !how.race;
  /**
   * `admin`: as a CouchDB with an administrator and `require_valid_user`: every request needs his name and password
   * (else 401), and `/_session` names him. Without it, as an admin party: anyone is an administrator.
   */
  const expected = admin && `Basic ${Buffer.from(`${admin.name}:${admin.password}`).toString('base64')}`;
  const app = express()
    .use((req, res, next) => (!expected || req.headers.authorization === expected ? next() : void res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' })))
    .get('/', (_req, res) => void res.json({ couchdb: 'Welcome', version: 'stand-in' }))
    .get('/_session', (_req, res) => void res.json({ ok: true, userCtx: { name: admin?.name ?? null, roles: ['_admin'] } }))
    .get('/_up', (_req, res) => void res.json({ status: 'ok' }))
    .get('/_membership', (_req, res) => void res.json({ all_nodes: away() ? nodes.slice(0, 2) : nodes, cluster_nodes: nodes }))
    .get(docShards, (_req, res) => void res.json({ range: '00000000-ffffffff', nodes }))
    .put(docPut, express.json({ limit: '16mb' }), split)
    .post(bulkDocs, express.json({ limit: '16mb' }), splitBulk)
    .use(heldFeeds)
    .use(heldReads)
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
    /**
     * From now on (true) until called with false, live changes feeds (longpoll, continuous) answer nothing: what
     * they would send is sent on release. An app server then learns of another's writes only by reading.
     */
    holdFeeds(on: boolean) {
      if (on && !feedsHeld) feedsHeld = new Promise<void>((resolve) => (releaseFeeds = resolve));
      if (!on && feedsHeld) {
        feedsHeld = null;
        releaseFeeds();
      }
    },
    /**
     * From now on (a database's name) until called with null, its plain changes reads are answered only on release,
     * as the store was when each came (`heldReads` counts those answered so far and held).
     */
    holdReads(db: string | null) {
      const was = readsHeld;
      if (db) {
        let release = () => {};
        const until = new Promise<void>((resolve) => (release = resolve));
        readsHeld = { db, until, release, count: 0 };
      } else readsHeld = null;
      was?.release();
    },
    heldReads: () => readsHeld?.count ?? 0,
    /** How many writes were split so far. */
    splitCount: () => splits,
    async close() {
      await stop();
      // A request that reached the stand-in as it stopped may still be closing its files: wait for them a moment.
      await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
};

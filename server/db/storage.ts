import fs from 'node:fs';
import path from 'node:path';
import PouchDB from 'pouchdb';
import { isCustomerOrdersDb } from '../../schema/shared/databases';
import type { ShopConfig } from '../config';
import { HttpError } from '../http/errors';
import { durableLeveldown } from './durable-leveldown';
import { registerCouchDatabase } from './claim';
import { cancelMerges, isNotFound } from './docs';
import { log } from '../ops/log';

/**
 * Every database of the shop, local (LevelDB under dataDir) or in a CouchDB cluster (couchUrl).
 * The same PouchDB constructor serves /api and express-pouchdb, so both see the same data.
 *
 * The shop's own databases (catalog, events, auth, …) are opened once and stay open: services keep their handles.
 * Per-customer databases (`orders-{phone}`) are many and each is used now and then, so they are opened on demand,
 * at most `maxOpen` at once (a LevelDB database holds about 4 file handles), and closed when idle.
 */
export interface Storage {
  Pouch: PouchDB.Static;
  /** Opens (creating it if missing) and answers a database. Throws StorageBusy when too many are in use. */
  db<T extends object = object>(name: string): PouchDB.Database<T>;
  /** Whether a database exists, without opening or creating it. */
  exists(name: string): Promise<boolean>;
  /** Keeps an open database from being closed until the answer is called: a request or a changes feed using it. */
  hold(name: string): () => void;
  /** Names of the databases open now. */
  openNames(): string[];
  /** Tells the listener each time this process opens a database (which may create it). */
  onOpen(listener: (name: string) => void): () => void;
  close(): Promise<void>;
}

interface StorageLimits {
  /** Per-customer databases open at once. */
  maxOpen: number;
  /** A per-customer database nobody used for this long is closed. */
  idleMs: number;
  /** A database used this recently is never closed to make room: a caller may still hold its handle. */
  graceMs: number;
}

const defaultStorageLimits: StorageLimits = { maxOpen: 200, idleMs: 5 * 60_000, graceMs: 5_000 };

/** Every database in use: answered as 503 wherever it surfaces, so the caller tries again later. */
export class StorageBusy extends HttpError {
  constructor(reason = 'Сервер сейчас перегружен, попробуйте ещё раз через минуту') {
    super(503, reason);
  }
}

interface OpenDb {
  db: PouchDB.Database;
  holds: number;
  lastUsed: number;
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * `durable` (the default): the embedded store acknowledges a write only once LevelDB has synced it to disk
 * (durable-leveldown.ts): orders, pushed staff documents and sessions must survive a power cut after their 201.
 * Only the bench turns it off, to measure what it costs. CouchDB syncs on its own.
 */
export const openStorage = (
  config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>,
  limits: StorageLimits = defaultStorageLimits,
  { durable = true }: { durable?: boolean } = {},
): Storage => {
  if (!config.couchUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const prefix = config.couchUrl ? withSlash(config.couchUrl) : `${config.dataDir}/`;
  const open = new Map<string, OpenDb>();
  const closing = new Map<string, Promise<void>>();
  const openListeners = new Set<(name: string) => void>();

  /**
   * express-pouchdb serves a database only if allDbs() lists it, and would otherwise keep that list in a database
   * of its own. The gateway opens (and holds) each database it lets through first, so the open ones are the list.
   */
  const allDbs = (done?: (err: null, names: string[]) => void) => {
    const names = [...open.keys()];
    done?.(null, names);
    return Promise.resolve(names);
  };
  /**
   * express-pouchdb caches one PouchDB object per name in `__dbCacheMap`. With LevelDB two objects of one name share
   * the files, and closing either closes both; so it is given ours, and never keeps one we have closed.
   */
  const dbCacheMap = {
    get: (name: string) => open.get(name)?.db,
    has: (name: string) => open.has(name),
    set(name: string, db: PouchDB.Database) {
      if (!open.has(name)) open.set(name, { db, holds: 0, lastUsed: Date.now() });
    },
    delete: (name: string) => open.delete(name),
  };
  const store = durable && !config.couchUrl ? { db: durableLeveldown } : {};
  const Pouch = Object.assign(PouchDB.defaults({ prefix, ...store }), { allDbs, __dbCacheMap: dbCacheMap }) as unknown as PouchDB.Static;

  /**
   * View queries under way on the embedded store. PouchDB queues a view's index updates in one queue per view name for
   * the whole process, and the name is the database's short name ('office'), the same for every store in it: an update
   * cut off by closing its database never settles, and every later query of that view in the process, on any store,
   * waits behind it for good (tests run many shops in one process; a closed and reopened store is one too). Closing
   * waits for them first.
   */
  const querying = new Set<Promise<unknown>>();
  const trackQueries = (db: PouchDB.Database) => {
    const query = db.query;
    Object.assign(db, {
      query(...args: unknown[]): unknown {
        const answer: unknown = Reflect.apply(query, db, args);
        const settled = Promise.resolve(answer).then(
          () => undefined,
          () => undefined,
        );
        querying.add(settled);
        void settled.finally(() => querying.delete(settled));
        return answer;
      },
    });
  };
  /** Longest a close waits for view queries under way: a stuck one must not hold a shutdown for good. */
  const queriesWaitMs = 30_000;

  const closeOne = (name: string) => {
    const entry = open.get(name);
    if (!entry) return;
    open.delete(name);
    cancelMerges(entry.db);
    const done = entry.db
      .close()
      .catch((e: unknown) => log.error({ err: e }, `closing database ${name} failed`))
      .finally(() => closing.delete(name));
    closing.set(name, done);
  };

  const closable = (now: number, idleFor: number) =>
    [...open.entries()].filter(([name, e]) => isCustomerOrdersDb(name) && e.holds === 0 && now - e.lastUsed >= idleFor);

  /** Room for one more per-customer database: the least recently used one that nobody holds is closed. */
  const makeRoom = () => {
    const inUse = [...open.keys()].filter(isCustomerOrdersDb).length;
    if (inUse < limits.maxOpen) return;
    const [oldest] = closable(Date.now(), limits.graceMs).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    if (!oldest) throw new StorageBusy();
    closeOne(oldest[0]);
  };

  const sweep = setInterval(() => closable(Date.now(), limits.idleMs).forEach(([name]) => closeOne(name)), Math.min(limits.idleMs, 60_000));
  sweep.unref();

  return {
    Pouch,
    db<T extends object>(name: string) {
      const entry = open.get(name);
      if (entry) {
        entry.lastUsed = Date.now();
        return entry.db as PouchDB.Database<T>;
      }
      // LevelDB shares one store per name: a new object would get the store being closed.
      if (closing.has(name)) throw new StorageBusy();
      if (isCustomerOrdersDb(name)) makeRoom();
      const db = new Pouch(name);
      if (config.couchUrl) registerCouchDatabase(db, `${prefix}${name}`);
      else trackQueries(db);
      open.set(name, { db, holds: 0, lastUsed: Date.now() });
      openListeners.forEach((l) => l(name));
      return db as PouchDB.Database<T>;
    },
    async exists(name: string) {
      if (open.has(name)) return true;
      if (!config.couchUrl) return fs.existsSync(path.join(config.dataDir, name));
      // A PouchDB object stays referenced by its constructor until closed: the probe is closed however it ends.
      const probe = new Pouch(name, { skip_setup: true });
      try {
        // PouchDB's http adapter answers a missing database's info as {error: 'not_found'} rather than rejecting.
        return !('error' in (await probe.info()));
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      } finally {
        await probe.close().catch(() => undefined);
      }
    },
    hold(name: string) {
      const entry = open.get(name);
      if (!entry) throw new Error(`hold: ${name} is not open`);
      entry.holds++;
      entry.lastUsed = Date.now();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.holds--;
        entry.lastUsed = Date.now();
      };
    },
    openNames: () => [...open.keys()],
    onOpen(listener) {
      openListeners.add(listener);
      return () => openListeners.delete(listener);
    },
    async close() {
      clearInterval(sweep);
      if (querying.size) await Promise.race([Promise.all(querying), new Promise((r) => setTimeout(r, queriesWaitMs).unref())]);
      for (const { db } of open.values()) cancelMerges(db);
      await Promise.all([...open.values()].map((d) => d.db.close()));
      open.clear();
      await Promise.all(closing.values());
    },
  };
};

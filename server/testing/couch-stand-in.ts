import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb';

/**
 * A CouchDB-compatible server for tests of COUCHDB_URL: express-pouchdb on its own port and data directory,
 * standing in for an Apache CouchDB cluster (which Debian does not package).
 * `at` restarts one on the port and directory of an earlier one that was stopped, as a restarted CouchDB.
 */
export const startCouchStandIn = async (at?: { port: number; dir: string }) => {
  const dir = at?.dir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'couch-')));
  const Pouch = PouchDB.defaults({ prefix: `${dir}/` }) as unknown as PouchDB.Static;
  const app = express().use(expressPouchDB(Pouch, { mode: 'minimumForPouchDB', inMemoryConfig: true, logPath: path.join(dir, 'log.txt') }));
  const server = app.listen(at?.port ?? 0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  /** Stops answering (open connections are cut, as a process that died would); the data stays. */
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    dir,
    stop,
    async close() {
      await stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
};

import fs from 'node:fs';
import PouchDB from 'pouchdb';
import type { ShopConfig } from '../config';

/**
 * Every database of the shop, local (LevelDB under dataDir) or in a CouchDB cluster (couchUrl).
 * The same PouchDB constructor serves /api and express-pouchdb, so both see the same data.
 */
export interface Storage {
  Pouch: PouchDB.Static;
  db<T extends object = object>(name: string): PouchDB.Database<T>;
  close(): Promise<void>;
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

export const openStorage = (config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>): Storage => {
  if (!config.couchUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const prefix = config.couchUrl ? withSlash(config.couchUrl) : `${config.dataDir}/`;
  const open = new Map<string, PouchDB.Database>();
  /**
   * express-pouchdb serves a database only if allDbs() lists it, and would otherwise keep that list in a database
   * of its own. The gateway opens each database it lets through first, so the open ones are the list.
   */
  const allDbs = (done?: (err: null, names: string[]) => void) => {
    const names = [...open.keys()];
    done?.(null, names);
    return Promise.resolve(names);
  };
  const Pouch = Object.assign(PouchDB.defaults({ prefix }), { allDbs }) as unknown as PouchDB.Static;
  return {
    Pouch,
    db<T extends object>(name: string) {
      if (!open.has(name)) open.set(name, new Pouch(name));
      return open.get(name) as PouchDB.Database<T>;
    },
    async close() {
      await Promise.all([...open.values()].map((d) => d.close()));
      open.clear();
    },
  };
};

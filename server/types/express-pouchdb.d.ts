declare module 'express-pouchdb' {
  import type { Application } from 'express';
  interface ExpressPouchDBOptions {
    mode?: 'fullCouchDB' | 'minimumForPouchDB' | 'custom';
    inMemoryConfig?: boolean;
    logPath?: string;
    configPath?: string;
    overrideMode?: { include?: string[]; exclude?: string[] };
  }
  export default function expressPouchDB(PouchDB: PouchDB.Static, options?: ExpressPouchDBOptions): Application;
}

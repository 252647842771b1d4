import { isCouch } from './claim';

/**
 * Drops the bodies of replaced revisions, so what a sweep deleted or a rewrite replaced cannot be read back through
 * /db (`GET /db/{db}/{id}?rev=…`). The embedded store keeps them until compacted; CouchDB compacts on its own (its
 * compaction daemon), and the shop's credentials there need not be an admin's, so it is left to do so.
 */
export const dropOldRevisions = async (db: PouchDB.Database): Promise<void> => {
  if (!isCouch(db)) await db.compact();
};

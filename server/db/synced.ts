import { allDocs, getDoc, stripMeta, upsert, type Stored } from './docs';

/**
 * Databases that browsers replicate keep documents the way RxDB's CouchDB replication writes them:
 * the entity's `id` is the document's `_id` and is not repeated inside. These helpers convert.
 */
export const fromSynced = <T extends { id: string }>(doc: Stored<Omit<T, 'id'>>): T => ({ ...stripMeta(doc), id: doc._id }) as unknown as T;

export const toSynced = <T extends { id: string }>({ id: _id, ...rest }: T): Omit<T, 'id'> => rest;

export const getSynced = async <T extends { id: string }>(db: PouchDB.Database, id: string): Promise<T | null> => {
  const doc = await getDoc<Omit<T, 'id'>>(db, id);
  return doc && fromSynced<T>(doc);
};

export const allSynced = async <T extends { id: string }>(db: PouchDB.Database): Promise<T[]> =>
  (await allDocs<Omit<T, 'id'>>(db)).map((d) => fromSynced<T>(d));

export const putSynced = <T extends { id: string }>(db: PouchDB.Database, entity: T) =>
  upsert<Omit<T, 'id'>>(db, entity.id, () => toSynced(entity));

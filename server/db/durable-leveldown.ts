import leveldown, { type LevelDown } from 'leveldown';

/**
 * LevelDB that writes with `sync: true`: every put, delete and batch returns only after LevelDB has fsynced its log,
 * so the 201 that PouchDB answers after the write means the data is on disk, as CouchDB promises. PouchDB's LevelDB
 * adapter passes no write options of its own (one document write is one batch), so the store is wrapped here: the
 * adapter takes the constructor as its `db` option.
 *
 * The function's name matters: PouchDB keeps one LevelDB handle per (constructor name, path), so every database of a
 * directory must be opened through this one constructor.
 */
export function durableLeveldown(location: string): LevelDown {
  const db = leveldown(location);
  const { _put, _del, _batch, _chainedBatch } = db;
  db._put = (key, value, options, callback) => _put.call(db, key, value, { ...options, sync: true }, callback);
  db._del = (key, options, callback) => _del.call(db, key, { ...options, sync: true }, callback);
  db._batch = (operations, options, callback) => _batch.call(db, operations, { ...options, sync: true }, callback);
  db._chainedBatch = () => {
    const batch = _chainedBatch.call(db);
    const { _write } = batch;
    batch._write = (options, callback) => _write.call(batch, { ...options, sync: true }, callback);
    return batch;
  };
  return db;
}
durableLeveldown.destroy = leveldown.destroy;
durableLeveldown.repair = leveldown.repair;

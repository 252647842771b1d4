import { getQueryMatcher, getSortComparator, type PreparedQuery, type RxStorage, type RxStorageInstance, type RxStorageInstanceCreationParams, type RxStorageQueryResult } from 'rxdb';
import { DEXIE_DOCS_TABLE_NAME, dexieReplaceIfStartsWithPipe, fromDexieToStorage, getKeyRangeByQueryPlan, RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';

/**
 * RxDB's Dexie storage reads a query's index range with a cursor, one document a step, each step a round trip to
 * IndexedDB (in fake-indexeddb a macrotask). A range it reads whole (no limit, or a limit the index alone decides)
 * is read here with one `getAll` of the same index and range instead, then matched, sorted and cut exactly as RxDB
 * does (`dexieQuery` in rxdb/plugins/storage-dexie): the same documents in the same order, in one request. A query
 * whose limit may stop the cursor early after documents the index cannot judge is left to RxDB's cursor.
 * docs/DECISIONS.md «The device's range reads».
 */
const readWhole = async <T>(instance: RxStorageInstanceDexie<T>, prepared: PreparedQuery<T>): Promise<RxStorageQueryResult<T> | null> => {
  const { query, queryPlan } = prepared;
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  const byIndex = queryPlan.sortSatisfiedByIndex && queryPlan.selectorSatisfiedByIndex;
  if (limit !== Infinity && queryPlan.sortSatisfiedByIndex && !byIndex) return null;
  const state = await instance.internals;
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, state.dexieDb._options.IDBKeyRange);
  } catch (e) {
    if ((e as Error).name === 'DataError') return { documents: [] };
    throw e;
  }
  const indexName = `[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
  const count = byIndex && limit !== Infinity ? skip + limit : undefined;
  const stored = await state.dexieDb.transaction('r', state.dexieTable, async (tx) => {
    const read = tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName).getAll(range, count);
    return new Promise<unknown[]>((ok, ko) => Object.assign(read, { onsuccess: () => ok(read.result), onerror: () => ko(read.error) }));
  });
  const matches = queryPlan.selectorSatisfiedByIndex ? null : getQueryMatcher(instance.schema, query);
  let documents = stored.map((d) => fromDexieToStorage<T>(state.booleanIndexes, d));
  if (matches) documents = documents.filter((d) => matches(d));
  if (!queryPlan.sortSatisfiedByIndex) documents = documents.sort(getSortComparator(instance.schema, query));
  return { documents: documents.slice(skip, skip + limit) };
};

/** The Dexie storage with whole ranges read in one `getAll` (`readWhole`); everything else is RxDB's own. */
export const rangeReadStorage = <I, O>(storage: RxStorage<I, O>): RxStorage<I, O> => ({
  ...storage,
  async createStorageInstance<T>(params: RxStorageInstanceCreationParams<T, O>): Promise<RxStorageInstance<T, I, O>> {
    const instance = await storage.createStorageInstance<T>(params);
    if (!(instance instanceof RxStorageInstanceDexie)) return instance;
    const cursorQuery = instance.query.bind(instance);
    return Object.assign(instance, {
      query: async (prepared: PreparedQuery<T>) => (await readWhole(instance, prepared)) ?? cursorQuery(prepared),
    });
  },
});

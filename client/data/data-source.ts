import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { cacheKey, cacheRecord, cacheTtl, type CacheKeySource, type CacheRecord } from '../../schema/cache-record';

export interface DataSourceState<T> {
  data: T | undefined;
  /** The data shown came from the device and is older than the cache lifetime. */
  stale: boolean;
  error: Error | undefined;
}

/**
 * Spec §4: the cached answer is read and shown first, then the server is asked and the cache refreshed.
 * A failure only records the error; whatever was cached stays on screen.
 */
export const loadDataSource = async <T>(
  cache: RxCollection<CacheRecord>,
  source: CacheKeySource,
  fetchFresh: () => Promise<T>,
  show: (state: DataSourceState<T>) => void,
): Promise<void> => {
  const key = cacheKey(source);
  const cached = await cache.findOne(key).exec();
  let state: DataSourceState<T> = { data: cached?.data as T | undefined, stale: !!cached && cached.timestamp + cached.ttl < Date.now(), error: undefined };
  if (cached) show(state);
  try {
    const data = await fetchFresh();
    await cache.upsert(cacheRecord.parse({ id: key, key, data, timestamp: Date.now(), ttl: cacheTtl }));
    state = { data, stale: false, error: undefined };
  } catch (e) {
    console.warn('Не удалось обновить данные', key, e);
    state = { ...state, error: e as Error };
  }
  show(state);
};

export const useDataSource = <T>(cache: RxCollection<CacheRecord>, source: CacheKeySource, fetchFresh: () => Promise<T>): DataSourceState<T> => {
  const [state, setState] = useState<DataSourceState<T>>({ data: undefined, stale: false, error: undefined });
  const key = cacheKey(source);
  useEffect(() => {
    void loadDataSource(cache, source, fetchFresh, setState);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, key]);
  return state;
};

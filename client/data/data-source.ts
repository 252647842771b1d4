import { useEffect, useRef, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { cacheKey, cacheRecord, cacheTtl, type CacheKeySource, type CacheRecord } from '../../schema/shared/cache-record';

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

const nothingYet: DataSourceState<never> = { data: undefined, stale: false, error: undefined };

/**
 * A DataSource on screen. Each answer is kept with its key, and a load started for a key the screen has left
 * shows nothing when it ends: a late answer for an old key never replaces the new one.
 */
export const useDataSource = <T>(cache: RxCollection<CacheRecord>, source: CacheKeySource, fetchFresh: () => Promise<T>): DataSourceState<T> => {
  const key = cacheKey(source);
  const [shown, setShown] = useState<{ key: string; state: DataSourceState<T> } | null>(null);
  // The source and fetch of the latest render: new functions each render must not start another load.
  const latest = useRef({ source, fetchFresh });
  useEffect(() => {
    latest.current = { source, fetchFresh };
  });
  useEffect(() => {
    let current = true;
    void loadDataSource(cache, latest.current.source, latest.current.fetchFresh, (state) => {
      if (current) setShown({ key, state });
    });
    return () => {
      current = false;
    };
  }, [cache, key]);
  return shown && shown.key === key ? shown.state : nothingYet;
};

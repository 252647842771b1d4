import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { cacheKey, cacheTtl } from '../../schema/shared/cache-record';
import { openLocalData, type LocalData } from './database';
import { loadDataSource, type DataSourceState } from './data-source';

interface Catalog {
  categories: { id: string; count: number }[];
}

/** A server answer the test releases when it wants, to see what is on screen before it arrives. */
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('DataSources cache (spec §4): cached first, then the server', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`ds${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
  });

  it('shows the cached answer before the server answers, then the fresh one, and refreshes the cache', async () => {
    const source = { url: '/api/items/catalog', params: { city: 'msk' } };
    const key = cacheKey(source);
    const old: Catalog = { categories: [{ id: 'authors', count: 1 }] };
    const fresh: Catalog = { categories: [{ id: 'authors', count: 12 }] };
    await data.dataSources.cache.insert({ id: key, key, data: old, timestamp: Date.now() - 1000, ttl: cacheTtl });

    const server = deferred<Catalog>();
    const shown: DataSourceState<Catalog>[] = [];
    const done = loadDataSource(data.dataSources.cache, source, () => server.promise, (s) => shown.push(s));
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({ data: old, stale: false, error: undefined });

    server.resolve(fresh);
    await done;
    expect(shown[1]).toEqual({ data: fresh, stale: false, error: undefined });
    const record = (await data.dataSources.cache.findOne(key).exec())!.toJSON();
    expect(record).toMatchObject({ key, data: fresh, ttl: 600_000 });
    expect(Date.now() - record.timestamp).toBeLessThan(5_000);
  });

  it('marks a cached answer older than its ttl as stale, and still shows it', async () => {
    const source = { key: 'old-news' };
    await data.dataSources.cache.insert({ id: 'old-news', key: 'old-news', data: [1], timestamp: Date.now() - cacheTtl - 1, ttl: cacheTtl });
    const shown: DataSourceState<number[]>[] = [];
    await loadDataSource(data.dataSources.cache, source, async () => [2], (s) => shown.push(s));
    expect(shown.map((s) => [s.data, s.stale])).toEqual([[[1], true], [[2], false]]);
  });

  it('on failure only records the error and logs it; the cached data stays on screen', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const source = { source: 'pages', params: { slug: 'info' } };
    const key = cacheKey(source);
    await data.dataSources.cache.insert({ id: key, key, data: { title: 'FAQ' }, timestamp: Date.now(), ttl: cacheTtl });
    const shown: DataSourceState<{ title: string }>[] = [];
    await loadDataSource(data.dataSources.cache, source, () => Promise.reject(new Error('Нет соединения с сервером')), (s) => shown.push(s));
    expect(shown.at(-1)).toMatchObject({ data: { title: 'FAQ' }, error: expect.objectContaining({ message: 'Нет соединения с сервером' }) });
    expect(warn).toHaveBeenCalled();
    expect((await data.dataSources.cache.findOne(key).exec())!.data).toEqual({ title: 'FAQ' });
    warn.mockRestore();
  });

  it('with nothing cached, a failure leaves no data and the error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shown: DataSourceState<unknown>[] = [];
    await loadDataSource(data.dataSources.cache, { key: 'never-cached' }, () => Promise.reject(new Error('500')), (s) => shown.push(s));
    expect(shown).toEqual([{ data: undefined, stale: false, error: expect.objectContaining({ message: '500' }) }]);
    expect(await data.dataSources.cache.findOne('never-cached').exec()).toBeNull();
    warn.mockRestore();
  });

  it('refuses a source without key, url, source or function', async () => {
    await expect(loadDataSource(data.dataSources.cache, {}, async () => 1, () => {})).rejects.toThrow('Invalid cache key configuration');
  });
});

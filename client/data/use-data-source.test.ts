// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLocalData, type LocalData } from './database';
import { useDataSource } from './data-source';
import { renderHook } from '../lib/render-hook';

/** A server answer the test lets arrive when it chooses. */
const later = <T>() => {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
};

describe('useDataSource', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`uds${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
  });

  it("keeps the new key's answer when the old key's answer comes late", async () => {
    const roses = later<string[]>();
    const tulips = later<string[]>();
    const fetches = { roses: () => roses.promise, tulips: () => tulips.promise };
    const hook = await renderHook(({ key }: { key: 'roses' | 'tulips' }) => useDataSource(data.dataSources.cache, { key }, fetches[key]), { key: 'roses' });
    await hook.rerender({ key: 'tulips' });
    expect(hook.result.current?.data).toBeUndefined();
    await hook.settle(async () => {
      tulips.answer(['Тюльпаны']);
      await expect.poll(async () => !!(await data.dataSources.cache.findOne('tulips').exec())).toBe(true);
    });
    expect(hook.result.current?.data).toEqual(['Тюльпаны']);
    await hook.settle(async () => {
      roses.answer(['Розы']);
      await expect.poll(async () => !!(await data.dataSources.cache.findOne('roses').exec())).toBe(true);
    });
    expect(hook.result.current?.data).toEqual(['Тюльпаны']);
    await hook.unmount();
  });

  it('shows nothing of the previous key while the new one loads', async () => {
    const slow = later<string>();
    const fetches = { a: async () => 'ответ A', b: () => slow.promise };
    const hook = await renderHook(({ key }: { key: 'a' | 'b' }) => useDataSource(data.dataSources.cache, { key }, fetches[key]), { key: 'a' });
    await hook.settle(() => expect.poll(async () => !!(await data.dataSources.cache.findOne('a').exec())).toBe(true));
    await hook.settle();
    expect(hook.result.current?.data).toBe('ответ A');
    await hook.rerender({ key: 'b' });
    expect(hook.result.current?.data).toBeUndefined();
    slow.answer('ответ B');
    await hook.unmount();
  });
});

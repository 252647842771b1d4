import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/memory-storage';
import { afterChunkFailure, isStale, reloadOnce, reloadGuardMs } from './freshness';

describe('build freshness', () => {
  it('reloads once, and not again within 10 s', () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadOnce(storage, () => reloads++, 1_000_000)).toBe(true);
    expect(reloadOnce(storage, () => reloads++, 1_000_000 + reloadGuardMs - 1)).toBe(false);
    expect(reloadOnce(storage, () => reloads++, 1_000_000 + reloadGuardMs + 1)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('reloads for a part that failed to load online, never offline (the page in hand is kept)', () => {
    let reloads = 0;
    const reload = () => ++reloads > 0;
    expect(afterChunkFailure(false, reload)).toBe(false);
    expect(reloads).toBe(0);
    expect(afterChunkFailure(true, reload)).toBe(true);
    expect(reloads).toBe(1);
  });

  it('calls a page stale when the marker names another build or is gone, not when offline', async () => {
    const marker = (build: string) => async () => new Response(JSON.stringify({ build }));
    expect(await isStale('a', marker('a'))).toBe(false);
    expect(await isStale('a', marker('b'))).toBe(true);
    expect(await isStale('a', async () => new Response('', { status: 404 }))).toBe(true);
    expect(await isStale('a', async () => Promise.reject(new TypeError('offline')))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readAgainAfter } from './read-again';

describe('a read kept for a moment', () => {
  it('answers the kept value within its time, reads again after it, and at once after forget', async () => {
    let reads = 0;
    let stored = 'a';
    // The test's own clock: at 40 ms of real time a loaded run read again before the second look.
    let now = 1_000;
    const read = readAgainAfter<string>(40, 10_000, () => now);
    const get = () => read.get('k', async () => (reads++, stored));
    expect(await get()).toBe('a');
    stored = 'b';
    expect(await get()).toBe('a');
    expect(reads).toBe(1);
    now += 39;
    expect(await get()).toBe('a');
    now += 1;
    expect(await get()).toBe('b');
    stored = 'c';
    read.forget('k');
    expect(await get()).toBe('c');
    expect(reads).toBe(3);
  });

  it('keeps at most `most` keys', async () => {
    let reads = 0;
    const read = readAgainAfter<number>(60_000, 2);
    for (const k of ['a', 'b', 'c', 'a']) await read.get(k, async () => ++reads);
    expect(reads).toBe(4);
  });
});

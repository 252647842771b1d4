import { describe, expect, it } from 'vitest';
import { readAgainAfter } from './read-again';

/** A read of the store the test answers when it likes. */
const store = () => {
  const asked: ((value: string) => void)[] = [];
  return {
    asked,
    read: () => new Promise<string>((resolve) => asked.push(resolve)),
  };
};

/** What `p` answers if it settles before the event loop's next turn, else 'waited' (it waits for a read). */
const atOnce = <T>(p: Promise<T>) => Promise.race([p, new Promise<'waited'>((resolve) => setImmediate(() => resolve('waited')))]);

describe('a kept read refreshed ahead', () => {
  it('reads again in the second half of its time, so a steady stream of requests never waits for the store', async () => {
    let now = 0;
    const kept = readAgainAfter<string>(1_000, 10_000, () => now);
    const s = store();
    const first = kept.get('k', s.read);
    s.asked[0]!('a');
    expect(await first).toBe('a');
    now = 400;
    expect(await atOnce(kept.get('k', s.read))).toBe('a');
    expect(s.asked).toHaveLength(1);
    now = 600;
    // The kept value answers at once, and a read is sent beside it.
    expect(await atOnce(kept.get('k', s.read))).toBe('a');
    expect(s.asked).toHaveLength(2);
    expect(await atOnce(kept.get('k', s.read))).toBe('a');
    expect(s.asked).toHaveLength(2);
    s.asked[1]!('b');
    await Promise.resolve();
    now = 1_050;
    // Past the first value's time: the value read at 600 answers, with no read of its own.
    expect(await atOnce(kept.get('k', s.read))).toBe('b');
    expect(s.asked).toHaveLength(2);
    // Never older than its time: read at 600, it is read again from 1,600 on.
    now = 1_600;
    expect(await atOnce(kept.get('k', s.read))).toBe('waited');
    expect(s.asked).toHaveLength(3);
  });

  it('keeps nothing a read under way brings once the key was forgotten', async () => {
    let now = 0;
    const kept = readAgainAfter<string>(1_000, 10_000, () => now);
    const s = store();
    const first = kept.get('k', s.read);
    s.asked[0]!('signed-in');
    await first;
    now = 600;
    await kept.get('k', s.read);
    expect(s.asked).toHaveLength(2);
    // Signed out here while the background read was under way: what it read may be from before.
    kept.forget('k');
    s.asked[1]!('signed-in');
    await Promise.resolve();
    now = 700;
    const after = kept.get('k', s.read);
    expect(s.asked).toHaveLength(3);
    s.asked[2]!('signed-out');
    expect(await after).toBe('signed-out');
  });

  it('shares a read under way with whoever asks meanwhile', async () => {
    const kept = readAgainAfter<string>(1_000, 10_000, () => 0);
    const s = store();
    const a = kept.get('k', s.read);
    const b = kept.get('k', s.read);
    expect(s.asked).toHaveLength(1);
    s.asked[0]!('x');
    expect([await a, await b]).toEqual(['x', 'x']);
  });
});

import { describe, expect, it } from 'vitest';
import { chimeOnce, type TabsShare } from './chime-once';
import { memoryStorage } from '../../../lib/memory-storage';

/** Web Locks as the browser grants them: one holder of a name at a time, the others queued. */
const lockManager = (): NonNullable<TabsShare['locks']> => {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request: ((name: string, callback: (lock: Lock | null) => Promise<unknown>) => {
      const previous = queues.get(name) ?? Promise.resolve();
      const turn = previous.then(async () => {
        await new Promise((r) => setTimeout(r, 1));
        return callback({ name, mode: 'exclusive' } as Lock);
      });
      queues.set(name, turn.catch(() => {}));
      return turn;
    }) as NonNullable<TabsShare['locks']>['request'],
  };
};

describe('one chime for the studio', () => {
  it('plays once for an order that three tabs see arrive at once, and again for the next order', async () => {
    const share = { locks: lockManager(), storage: memoryStorage() };
    let played = 0;
    const play = () => void played++;
    await Promise.all([chimeOnce('o1', play, share), chimeOnce('o1', play, share), chimeOnce('o1', play, share)]);
    expect(played).toBe(1);
    await Promise.all([chimeOnce('o2', play, share), chimeOnce('o2', play, share)]);
    expect(played).toBe(2);
  });

  it('still plays in a tab without storage', async () => {
    let played = 0;
    await chimeOnce('o1', () => void played++, { locks: lockManager() });
    expect(played).toBe(1);
  });
});

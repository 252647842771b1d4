import { describe, expect, it } from 'vitest';
import { workQueue } from './decode-queue';

describe('the decode queue (issue 27, item 7)', () => {
  it('runs at most its size at once, the rest in the order they came, and goes on after a task fails', async () => {
    const queue = workQueue(2, 10, () => new Error('полна'));
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      if (i === 3) throw new Error('повреждено');
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => queue.run(task(i))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'refused'))).toEqual([0, 1, 2, 'refused', 4, 5, 6, 7]);
    expect(queue.waiting).toBe(0);
  });

  it('refuses a task past the waiting it holds, and takes one again when a place frees', async () => {
    const queue = workQueue(1, 2, () => new Error('Очередь полна: 2 ждут'));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = [queue.run(() => gate), queue.run(() => gate), queue.run(() => gate)];
    expect(queue.waiting).toBe(2);
    await expect(queue.run(async () => 1)).rejects.toThrow('Очередь полна: 2 ждут');
    release();
    await Promise.all(held);
    expect(await queue.run(async () => 1)).toBe(1);
  });
});

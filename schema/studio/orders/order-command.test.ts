import { describe, expect, it } from 'vitest';
import { createCommandId, customerCancelId, orderAction } from './order-command';

describe('an order edit', () => {
  it('that takes out every line says what to do instead of calling the order a cart', () => {
    const parsed = orderAction.safeParse({ kind: 'edit', seenUpdatedAt: 1, lines: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('В заказе должна остаться хотя бы одна позиция; чтобы убрать всё, отмените заказ');
  });

  it('keeps the checkout’s rules for each line', () => {
    expect(orderAction.safeParse({ kind: 'edit', seenUpdatedAt: 1, lines: [{ id: 'p-001', count: 0 }] }).success).toBe(false);
    expect(orderAction.safeParse({ kind: 'edit', seenUpdatedAt: 1, lines: [{ id: 'p-001', count: 2, letterSize: 'L' }] }).success).toBe(true);
  });
});

describe('the ids derived from an order', () => {
  it('stay two ids for two long orders that share their first 57 characters, within 64, and unchanged for a short one', () => {
    const [a, b] = [`${'o'.repeat(60)}aaaa`, `${'o'.repeat(60)}bbbb`];
    for (const derive of [createCommandId, customerCancelId]) {
      expect(derive(a)).not.toBe(derive(b));
      expect(derive(a).length).toBeLessThanOrEqual(64);
    }
    expect(customerCancelId('a1b2c3d4e5f6g7h8')).toBe('cancel-a1b2c3d4e5f6g7h8');
  });
});

import { describe, expect, it } from 'vitest';
import { orderAction } from './order-command';

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

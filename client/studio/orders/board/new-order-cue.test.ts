import { describe, expect, it } from 'vitest';
import { boardNews, isNewArrival } from './new-order-cue';

describe('the new-order cue', () => {
  const now = 1_800_000_000_000;
  it('announces a new order placed minutes ago, not one pulled again later or already in work', () => {
    expect(isNewArrival({ status: 'new', createdAt: now - 60_000 }, now)).toBe(true);
    expect(isNewArrival({ status: 'new', createdAt: now - 3 * 3_600_000 }, now)).toBe(false);
    expect(isNewArrival({ status: 'confirmed', createdAt: now - 60_000 }, now)).toBe(false);
  });
});

describe('what else the board announces (issue 30, item 5)', () => {
  const now = 1_800_000_000_000;
  const base = { status: 'confirmed' as const, createdAt: now - 3_600_000, updatedAt: now - 10_000 };
  it('an order cancelled or paid just now; not one changed otherwise, nor news pulled late', () => {
    expect(boardNews(undefined, { ...base, status: 'new', createdAt: now - 60_000 }, now)).toBe('new');
    expect(boardNews({ status: 'confirmed' }, { ...base, status: 'cancelled' }, now)).toBe('cancelled');
    expect(boardNews({ status: 'cancelled' }, { ...base, status: 'cancelled' }, now)).toBe(null);
    expect(boardNews({ status: 'new', paid: { status: 'unpaid' } }, { ...base, paid: { status: 'paid', method: 'online', amount: 100, at: now } }, now)).toBe('paid');
    expect(boardNews({ status: 'new', paid: { status: 'paid' } }, { ...base, paid: { status: 'paid' } }, now)).toBe(null);
    expect(boardNews({ status: 'new' }, { ...base, status: 'assembling' }, now)).toBe(null);
    expect(boardNews({ status: 'confirmed' }, { ...base, status: 'cancelled', updatedAt: now - 3_600_000 }, now)).toBe(null);
  });
});

import { describe, expect, it } from 'vitest';
import { balanceOf, mergeStock, stockLedger } from './stock';

describe('stock ledger', () => {
  it('is supply minus holds not released, whatever order the facts came in', () => {
    const s = stockLedger.parse({ supply: { opening: 10, 'fix-a': -3 }, holds: { 'o1/0': 2, 'o2/0': 4 }, released: { 'o2/0': true, 'o3/0': true } });
    expect(balanceOf(s)).toBe(5);
    // A hold written after its release does not count.
    expect(balanceOf({ ...s, holds: { ...s.holds, 'o3/0': 5 } })).toBe(5);
  });

  it('merges two conflicting copies by union, losing no hold and no release', () => {
    const base = stockLedger.parse({ supply: { opening: 10 } });
    const a = { ...base, holds: { 'o1/0': 2 } };
    const b = { ...base, holds: { 'o2/0': 3 }, released: { 'o1/0': true as const } };
    expect(mergeStock(a, b)).toEqual({ supply: { opening: 10 }, holds: { 'o1/0': 2, 'o2/0': 3 }, released: { 'o1/0': true } });
    expect(balanceOf(mergeStock(a, b))).toBe(7);
    expect(mergeStock(a, b)).toEqual(mergeStock(b, a));
  });
});

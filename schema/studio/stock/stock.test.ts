import { describe, expect, it } from 'vitest';
import { balanceOf, contestedHolds, mergeStock, stockLedger, unitsLeft } from './stock';

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

  it('names the holds only some copies have, smallest first, when together they hold more than there is', () => {
    const base = stockLedger.parse({ supply: { opening: 10 }, holds: { 'o0/0': 1 } });
    const a = { ...base, holds: { ...base.holds, 'o1/0': 6 } };
    const b = { ...base, holds: { ...base.holds, 'o2/0': 5 }, released: {} };
    const merged = mergeStock(a, b);
    expect(unitsLeft(merged)).toBe(-2);
    expect(balanceOf(merged)).toBe(0);
    expect(contestedHolds([a, b], merged)).toEqual(['o2/0', 'o1/0']);
    expect(contestedHolds([a, b], { ...merged, released: { 'o2/0': true } })).toEqual(['o1/0']);
  });
});

import { describe, expect, it } from 'vitest';
import { isNewArrival } from './new-order-cue';

describe('the new-order cue', () => {
  const now = 1_800_000_000_000;
  it('announces a new order placed minutes ago, not one pulled again later or already in work', () => {
    expect(isNewArrival({ status: 'new', createdAt: now - 60_000 }, now)).toBe(true);
    expect(isNewArrival({ status: 'new', createdAt: now - 3 * 3_600_000 }, now)).toBe(false);
    expect(isNewArrival({ status: 'confirmed', createdAt: now - 60_000 }, now)).toBe(false);
  });
});

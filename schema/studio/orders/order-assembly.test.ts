import { describe, expect, it } from 'vitest';
import { assemblyStart } from './order-assembly';

const step = (to: string, by = '79000000003', at = 1) => ({ by, at, after: { status: to } });

describe('when an order took its stems', () => {
  it('is its first move to «Собирается» or past it, whoever moved it on later', () => {
    expect(assemblyStart([step('confirmed', 'a', 1), step('assembling', 'b', 2), step('confirmed', 'c', 3), step('assembling', 'd', 4)])).toEqual({ by: 'b', at: 2 });
    expect(assemblyStart([step('done', 'e', 5)])).toEqual({ by: 'e', at: 5 });
  });

  it('never was for an order cancelled before assembly, or one whose history holds no status', () => {
    expect(assemblyStart([step('confirmed'), step('cancelled')])).toBeUndefined();
    expect(assemblyStart([{ by: 'x', at: 1, after: { florist: 'y' } }])).toBeUndefined();
    expect(assemblyStart(undefined)).toBeUndefined();
  });
});

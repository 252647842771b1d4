import { describe, expect, it } from 'vitest';
import { countCorrection } from './count-correction';
import { countDifference } from '../../entities/stock-count';

const count = (expected: number, counted: number) => ({ day: '2026-11-28', warehouse: 'warehouse-cold', lines: [{ flower: 'rose', expected, counted }], status: 'finished' as const, note: '' });
/** What a count and its correction move together. */
const moved = (c: ReturnType<typeof count>, held: number) => {
  const fix = countCorrection(c, 'Пересчёт', () => held);
  return countDifference(c.lines[0]) + (fix ? countDifference(fix.lines[0]) : 0);
};

describe('countCorrection', () => {
  it('makes a count move counted − the server’s balance, whatever the device expected', () => {
    expect(moved(count(20, 18), 20)).toBe(-2);
    expect(moved(count(20, 18), 25)).toBe(-7);
    expect(moved(count(-1000, 5), 48)).toBe(-43);
    expect(moved(count(0.4, 1.5), -2.1)).toBe(3.6);
  });

  it('is nothing when the device saw what the server held, and never counts below zero', () => {
    expect(countCorrection(count(20, 18), 'Пересчёт', () => 20)).toBeNull();
    expect(countCorrection(count(-3, 0), 'Пересчёт', () => 4)?.lines).toEqual([{ flower: 'rose', expected: 7, counted: 0 }]);
  });
});

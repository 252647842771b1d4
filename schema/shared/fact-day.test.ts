import { describe, expect, it } from 'vitest';
import { factDayIssue, factDays, shiftDayIssue, shiftDays, writtenAt } from './fact-day';

const moscow = (at: string) => Date.parse(`${at}+03:00`);

describe('days are plausible (schema/shared/fact-day.ts)', () => {
  it('dates a fact no later than the Moscow day it is written on, and a florist’s no earlier than 31 days back', () => {
    // 22:30 UTC on the 27th is already the 28th in Moscow.
    const at = Date.parse('2026-11-27T22:30:00Z');
    expect(factDays(at, false)).toEqual({ min: '2026-10-28', max: '2026-11-28' });
    expect(factDayIssue('2026-11-28', at, false)).toBeUndefined();
    expect(factDayIssue('2026-10-28', at, false)).toBeUndefined();
    expect(factDayIssue('2026-11-29', at, false)).toBe('Дата 2026-11-29 ещё не наступила');
    expect(factDayIssue('2030-01-01', at, true)).toBe('Дата 2030-01-01 ещё не наступила');
    expect(factDayIssue('2001-01-01', at, false)).toMatch(/^Дата 2001-01-01: можно не раньше чем за 31 день \(с 2026-10-28\)/);
    expect(factDayIssue('2026-10-27', at, false)).toMatch(/не раньше чем за 31 день/);
    expect(factDayIssue('2001-01-01', at, true)).toBeUndefined();
  });

  it('closes a shift for today, and until 06:00 Moscow for yesterday too', () => {
    expect(shiftDays(moscow('2026-11-28T05:59:00'))).toEqual({ min: '2026-11-27', max: '2026-11-28' });
    expect(shiftDays(moscow('2026-11-28T06:00:00'))).toEqual({ min: '2026-11-28', max: '2026-11-28' });
    expect(shiftDayIssue('2026-11-27', moscow('2026-11-28T02:30:00'))).toBeUndefined();
    expect(shiftDayIssue('2026-11-27', moscow('2026-11-28T09:00:00'))).toMatch(/^Смену за 2026-11-27 закрыть нельзя: закрывают только сегодняшнюю \(2026-11-28\)/);
    expect(shiftDayIssue('2026-11-29', moscow('2026-11-28T23:59:00'))).toMatch(/закрыть нельзя/);
    expect(shiftDayIssue('2026-11-26', moscow('2026-11-28T01:00:00'))).toMatch(/закрыть нельзя/);
  });

  it('judges a write by when the device wrote it, never later than now nor more than two weeks before it', () => {
    const now = moscow('2026-11-28T12:00:00');
    expect(writtenAt(now - 2 * 86_400_000, now)).toBe(now - 2 * 86_400_000);
    expect(writtenAt(now + 60_000, now)).toBe(now);
    expect(writtenAt(now - 60 * 86_400_000, now)).toBe(now - 14 * 86_400_000);
  });
});

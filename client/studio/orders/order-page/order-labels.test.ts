import { describe, expect, it } from 'vitest';
import { historyMoment } from './order-labels';

describe('when a change of the order happened', () => {
  const applied = Date.parse('2026-03-08T12:20:00Z'); // 15:20 in Moscow
  it('says when it was made on the device, and when the server applied it if later', () => {
    expect(historyMoment({ at: applied, madeAt: Date.parse('2026-03-08T11:05:00Z') })).toBe('8 мар., 14:05 (на сервере 8 мар., 15:20)');
  });
  it('says one moment when both fall in the same minute, or when the device’s is not known', () => {
    expect(historyMoment({ at: applied + 30_000, madeAt: applied + 5_000 })).toBe('8 мар., 15:20');
    expect(historyMoment({ at: applied })).toBe('8 мар., 15:20');
  });
});

import { describe, expect, it } from 'vitest';
import { receiptsReadAgainMs } from './receipts-read-again';

describe('reading receipts again while one is on its way', () => {
  it('reads every 2 s for the first minute, then every 15 s, and never stops', () => {
    expect(receiptsReadAgainMs(1)).toBe(2_000);
    expect(receiptsReadAgainMs(30)).toBe(2_000);
    expect(receiptsReadAgainMs(31)).toBe(15_000);
    expect(receiptsReadAgainMs(10_000)).toBe(15_000);
  });
});

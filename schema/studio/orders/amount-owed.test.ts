import { describe, expect, it } from 'vitest';
import { amountOwed } from './amount-owed';

describe('what is left to take from the customer', () => {
  it('is the total unpaid, the rest after a partial payment, nothing once paid in full', () => {
    expect(amountOwed({ total: 7990 })).toBe(7990);
    expect(amountOwed({ total: 7990, paid: { status: 'unpaid' } })).toBe(7990);
    expect(amountOwed({ total: 7990, paid: { status: 'paid', method: 'cash', amount: 1 } })).toBe(7989);
    expect(amountOwed({ total: 7990, paid: { status: 'paid', method: 'card', amount: 7990 } })).toBe(0);
    expect(amountOwed({ total: 7990, paid: { status: 'paid', method: 'card' } })).toBe(0);
    expect(amountOwed({ total: 7990, paid: { status: 'paid', method: 'card', amount: 9000 } })).toBe(0);
  });
});

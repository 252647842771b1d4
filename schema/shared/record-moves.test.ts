import { describe, expect, it } from 'vitest';
import { invoice } from '../entities/invoice';
import { balanceBookOf } from './record-moves';

const record = (id: string, status: 'draft' | 'posted') => ({
  id,
  type: invoice.type,
  v: invoice.version,
  data: invoice.fields.parse({ ...invoice.example, status, lines: [{ flower: 'rose', qty: 40, price: 90 }], warehouse: 'cold' }) as Record<string, unknown>,
});

describe('balances from stored records', () => {
  it('counts a posted invoice once and a draft not at all', () => {
    const book = balanceBookOf([record('inv-1', 'posted'), record('inv-2', 'draft'), record('inv-1', 'posted')]);
    expect(book.balance('rose', 'cold')).toBe(40);
  });
});

import { describe, expect, it } from 'vitest';
import { BalanceBook } from './stock-balance';

describe('BalanceBook', () => {
  it('sums every record once, however often it is seen', () => {
    const book = new BalanceBook();
    book.set('inv-1', [{ flower: 'rose', warehouse: 'cold', qty: 100 }]);
    book.set('off-1', [{ flower: 'rose', warehouse: 'cold', qty: -5 }]);
    book.set('inv-1', [{ flower: 'rose', warehouse: 'cold', qty: 100 }]);
    book.set('move-1', [
      { flower: 'rose', warehouse: 'cold', qty: -20 },
      { flower: 'rose', warehouse: 'show', qty: 20 },
    ]);
    expect(book.balance('rose', 'cold')).toBe(75);
    expect(book.balance('rose', 'show')).toBe(20);
    expect(book.total('rose')).toBe(95);
  });

  it('takes a record’s moves away when it moves nothing any more', () => {
    const book = new BalanceBook();
    book.set('inv-1', [{ flower: 'ribbon', warehouse: 'studio', qty: 0.1 }]);
    book.set('inv-2', [{ flower: 'ribbon', warehouse: 'studio', qty: 0.2 }]);
    expect(book.balance('ribbon', 'studio')).toBe(0.3);
    book.set('inv-1', []);
    book.set('inv-2', []);
    expect(book.all()).toEqual([]);
  });
});

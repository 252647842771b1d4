import { describe, expect, it } from 'vitest';
import { flower } from './entities/flower';
import { stockCount } from './entities/stock-count';
import { transfer } from './entities/transfer';
import { moveQuantityIssue } from './move-quantities';
import { BalanceBook } from './stock-balance';

/** The entities' optional rules, present on these two. */
const movesOf = { transfer: transfer.moves!, count: stockCount.moves! };
const frozenOf = stockCount.frozen!;

const count = (lines: { flower: string; expected: number; counted: number }[], status: 'open' | 'finished' = 'open') => stockCount.fields.parse({ day: '2026-11-25', warehouse: 'cold', lines, status });

describe('transfers and counts as stock moves', () => {
  it('a transfer takes from one warehouse what it gives the other, and names two different ones', () => {
    const t = transfer.fields.parse({ day: '2026-11-25', from: 'cold', to: 'showcase', lines: [{ flower: 'rose', qty: 7 }] });
    const book = new BalanceBook();
    book.set('t1', movesOf.transfer(t));
    expect([book.balance('rose', 'cold'), book.balance('rose', 'showcase'), book.total('rose')]).toEqual([-7, 7, 0]);
    expect(transfer.fields.safeParse({ ...t, to: 'cold' }).success).toBe(false);
  });

  it('an open count moves nothing; finished, it moves each line’s difference and is frozen', () => {
    const lines = [{ flower: 'rose', expected: 20, counted: 17 }, { flower: 'tulip', expected: 5, counted: 5 }, { flower: 'ribbon', expected: 2.5, counted: 3 }];
    expect(movesOf.count(count(lines))).toEqual([]);
    expect(frozenOf(count(lines))).toBeUndefined();
    expect(movesOf.count(count(lines, 'finished'))).toEqual([
      { flower: 'rose', warehouse: 'cold', qty: -3 },
      { flower: 'ribbon', warehouse: 'cold', qty: 0.5 },
    ]);
    expect(frozenOf(count(lines, 'finished'))).toMatch(/закончен/);
  });

  it('two phones counting one warehouse: each flower’s later line stands, and finished wins over open', () => {
    const server = { data: count([{ flower: 'rose', expected: 20, counted: 18 }, { flower: 'tulip', expected: 5, counted: 4 }]), updatedAt: 10 };
    const mine = { data: count([{ flower: 'rose', expected: 20, counted: 19 }, { flower: 'peony', expected: 3, counted: 3 }]), updatedAt: 20 };
    expect(stockCount.merge(server, mine).lines).toEqual([
      { flower: 'rose', expected: 20, counted: 19 },
      { flower: 'tulip', expected: 5, counted: 4 },
      { flower: 'peony', expected: 3, counted: 3 },
    ]);
    const finished = { data: count([{ flower: 'rose', expected: 20, counted: 18 }], 'finished'), updatedAt: 5 };
    expect(stockCount.merge(finished, mine)).toEqual(finished.data);
    expect(stockCount.merge(mine, finished)).toEqual(finished.data);
  });

  it('judges each move by its flower’s unit: whole pieces and packs, fractions of metres, flowers it does not know left alone', () => {
    const units = new Map([
      ['rose', { unit: flower.fields.parse({ name: 'Роза' }).unit, title: 'Роза' }],
      ['ribbon', { unit: 'm' as const, title: 'Лента' }],
    ]);
    const record = (lines: { flower: string; qty: number }[]) => ({ type: 'transfer' as const, v: 1, data: { day: '2026-11-25', from: 'cold', to: 'showcase', lines } });
    expect(moveQuantityIssue(record([{ flower: 'rose', qty: 2 }, { flower: 'ribbon', qty: 1.5 }]), units)).toBeUndefined();
    expect(moveQuantityIssue(record([{ flower: 'rose', qty: 2.5 }]), units)).toBe('«Роза»: штуки считают целыми');
    expect(moveQuantityIssue(record([{ flower: 'unknown', qty: 2.5 }]), units)).toBeUndefined();
  });
});

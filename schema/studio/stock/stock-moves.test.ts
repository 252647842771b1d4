import { describe, expect, it } from 'vitest';
import { flower } from '../../entities/flower';
import { stockCount } from '../../entities/stock-count';
import { transfer } from '../../entities/transfer';
import { moveQuantityIssue } from './move-quantities';
import { unitList } from '../../shared/unit';
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
    const list = unitList([]);
    expect(moveQuantityIssue(record([{ flower: 'rose', qty: 2 }, { flower: 'ribbon', qty: 1.5 }]), units, list)).toBeUndefined();
    expect(moveQuantityIssue(record([{ flower: 'rose', qty: 2.5 }]), units, list)).toBe('«Роза»: штуки считают целыми');
    expect(moveQuantityIssue(record([{ flower: 'unknown', qty: 2.5 }]), units, list)).toBeUndefined();
  });

  it('reads whether a unit is whole from the studio’s unit list: a unit an admin added, and a default one changed', () => {
    const unitRecord = (code: string, label: string, whole: boolean) => ({ type: 'ref', v: 2, data: { list: 'unit', code, label, position: 0, active: true, whole } });
    const units = new Map([
      ['gypso', { unit: 'bunch', title: 'Гипсофила' }],
      ['moss', { unit: 'pack', title: 'Мох' }],
    ]);
    const record = (lines: { flower: string; qty: number }[]) => ({ type: 'transfer' as const, v: 1, data: { day: '2026-11-25', from: 'cold', to: 'showcase', lines } });
    const list = unitList([unitRecord('bunch', 'пучок', true), unitRecord('pack', 'уп.', false)]);
    expect(moveQuantityIssue(record([{ flower: 'gypso', qty: 1.5 }]), units, list)).toBe('«Гипсофила»: штуки считают целыми');
    expect(moveQuantityIssue(record([{ flower: 'moss', qty: 0.5 }]), units, list)).toBeUndefined();
    // Without the list on hand, pack keeps its default (whole) and a code nobody knows is counted whole.
    expect(moveQuantityIssue(record([{ flower: 'moss', qty: 0.5 }, { flower: 'gypso', qty: 2 }]), units, unitList([]))).toBe('«Мох»: штуки считают целыми');
    expect(moveQuantityIssue(record([{ flower: 'gypso', qty: 1.5 }]), units, unitList([]))).toBe('«Гипсофила»: штуки считают целыми');
  });

  it('judges an invoice’s lines, a draft’s too, by the unit each line was entered with', () => {
    const invoice = (lines: { flower: string; qty: number; unit: string }[], status = 'draft') => ({
      type: 'invoice' as const,
      v: 1,
      data: { day: '2026-11-25', warehouse: 'cold', status, lines: lines.map((l) => ({ ...l, price: 10 })) },
    });
    const list = unitList([{ type: 'ref', v: 2, data: { list: 'unit', code: 'bunch', label: 'пучок', position: 0, active: true, whole: true } }]);
    expect(moveQuantityIssue(invoice([{ flower: 'gypso', qty: 2.5, unit: 'bunch' }]), new Map(), list)).toBe('Накладная: Строки, строка 1 — Штуки считают целыми');
    expect(moveQuantityIssue(invoice([{ flower: 'ribbon', qty: 2.5, unit: 'm' }], 'posted'), new Map(), list)).toBeUndefined();
  });
});

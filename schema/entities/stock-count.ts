import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';
import type { StockMove } from '../studio/stock/stock-balance';
import { reference } from '../shared/reference';

const countLine = z.strictObject({
  /** The flower's or material's record id. */
  flower: reference('flower', 'Выберите цветок или материал'),
  /** What the books said the warehouse held when this line was counted (the device's balance then). */
  expected: z.number().finite().min(-1_000_000).max(1_000_000),
  counted: z.number().min(0, 'Насчитано не меньше нуля').max(1_000_000),
});
export type CountLine = z.infer<typeof countLine>;

/** A count's correction of one line: what was found less what the books said. */
export const countDifference = (l: CountLine): number => Math.round((l.counted - l.expected) * 1000) / 1000;

const countStatuses = [
  { id: 'open', label: 'Идёт' },
  { id: 'finished', label: 'Закончен' },
] as const;

/**
 * An inventory count of one warehouse (/admin/warehouses): lines counted against what the books expected, kept as a
 * draft on the device while it goes on (offline too; an interrupted count is resumed from it, on any staff device
 * once synced), then finished: the differences become corrections in the name of who finished it, and the count a
 * fact. A correction is a difference, not the counted number, so movements recorded meanwhile elsewhere still add up.
 */
export const stockCount = defineEntity({
  type: 'stockCount',
  path: 'stock-counts',
  screen: '/admin/warehouses',
  labels: {
    one: 'Пересчёт',
    many: 'Пересчёты',
    create: 'Новый пересчёт',
    fields: { day: 'Дата', warehouse: 'Склад', lines: 'Строки', status: 'Статус', note: 'Заметка' },
    values: { status: Object.fromEntries(countStatuses.map((s) => [s.id, s.label])) },
  },
  tier: 'office',
  write: 'record',
  // Any staff member counts; a count given up is deleted by whoever started it or a manager (finished ones never).
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'manager', own: ['delete'] },
  fields: z.strictObject({
    day,
    warehouse: reference('warehouse', 'Выберите склад'),
    lines: z.array(countLine).max(2000, 'Не больше 2000 строк').default([]),
    status: z.enum(['open', 'finished']).default('open'),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['day', 'warehouse', 'status', 'note'], search: ['note'], sort: 'day', filters: ['status'] },
  example: { day: '2026-11-25', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', expected: 20, counted: 18 }], status: 'open', note: '' },
  title: (c) => `Пересчёт от ${c.day}`,
  day: (c) => c.day,
  version: 1,
  moves: (c): StockMove[] =>
    c.status === 'finished' ? c.lines.filter((l) => countDifference(l) !== 0).map((l) => ({ flower: l.flower, warehouse: c.warehouse, qty: countDifference(l) })) : [],
  frozen: (c) => (c.status === 'finished' ? 'Пересчёт закончен: его не меняют, ошибку исправляют новым пересчётом' : undefined),
  // Finished wins over a draft, whoever was later: stock already counted it. Two drafts: each flower's later line
  // stands (a line counted on one phone is not lost to another's edit), the other fields from the later edit.
  merge: (server, mine) => {
    if (server.data.status === 'finished') return server.data;
    if (mine.data.status === 'finished') return mine.data;
    const [older, later] = mine.updatedAt > server.updatedAt ? [server.data, mine.data] : [mine.data, server.data];
    const lines = new Map(older.lines.map((l) => [l.flower, l]));
    for (const l of later.lines) lines.set(l.flower, l);
    return { ...later, lines: [...lines.values()] };
  },
});

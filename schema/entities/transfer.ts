import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';
import type { StockMove } from '../studio/stock/stock-balance';
import { reference } from '../shared/reference';

const transferLine = z.strictObject({
  /** The flower's or material's record id. */
  flower: reference('flower', 'Выберите цветок или материал'),
  qty: z.number().positive('Количество больше нуля').max(100_000),
});

/**
 * Stock moved from one warehouse to another (the cold room to the showcase): a fact, made on a phone offline too,
 * shown on /admin/warehouses. Each line leaves `from` and arrives at `to` in the same record, so a transfer never
 * half-happens.
 */
export const transfer = defineEntity({
  type: 'transfer',
  path: 'transfers',
  screen: '/admin/warehouses',
  labels: {
    one: 'Перемещение',
    many: 'Перемещения',
    create: 'Новое перемещение',
    fields: { day: 'Дата', from: 'Откуда', to: 'Куда', lines: 'Строки', note: 'Заметка' },
  },
  tier: 'office',
  write: 'fact',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: null },
  fields: z
    .strictObject({
      day,
      from: reference('warehouse', 'Выберите склад, откуда'),
      to: reference('warehouse', 'Выберите склад, куда'),
      lines: z.array(transferLine).min(1, 'Добавьте хотя бы одну строку').max(500, 'Не больше 500 строк'),
      note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
    })
    .refine((t) => t.from !== t.to, { message: 'Склады «откуда» и «куда» должны быть разными', path: ['to'] }),
  list: { columns: ['day', 'from', 'to', 'note'], search: ['note'], sort: 'day' },
  example: { day: '2026-11-25', from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: 'flower-rose-explorer', qty: 10 }], note: '' },
  title: (t) => `Перемещение от ${t.day}`,
  day: (t) => t.day,
  version: 1,
  moves: (t): StockMove[] => t.lines.flatMap((l) => [
    { flower: l.flower, warehouse: t.from, qty: -l.qty },
    { flower: l.flower, warehouse: t.to, qty: l.qty },
  ]),
  // A fact: nobody changes it, so there is never anything to merge.
  merge: (server) => server.data,
});

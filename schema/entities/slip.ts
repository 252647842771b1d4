import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';
import type { StockMove } from '../studio/stock/stock-balance';
import { derivedId } from '../shared/derived-id';
import { refCode } from '../shared/ref-choice';
import { reference } from '../shared/reference';

/** The reason code of stems leaving stock for an order's bouquet (written by the server when assembly starts). */
export const assemblyReason = 'assembly';
/** How lists, papers and refusals name the assembly's reason. */
export const assemblyReasonLabel = 'Сборка заказа';

const slipLine = z.strictObject({
  /** The flower's or material's record id. */
  flower: reference('flower', 'Выберите цветок или материал'),
  qty: z.number().positive('Количество больше нуля').max(100_000),
  /**
   * A write-off reason's code (reference list `write-off-reason`), or `assembly` for stems used on an order: that
   * one only the server's assembly writes (server/orders/assembly.ts); staff may not fake an assembly.
   */
  reason: refCode('write-off-reason', 'Выберите причину', { builtIn: { [assemblyReason]: assemblyReasonLabel } }),
  /** The unit's purchase price when written off, in roubles: what the loss cost (schema/studio/stock/purchase-price.ts). */
  cost: z.number().min(0).max(10_000_000).default(0),
});
export type SlipLine = z.infer<typeof slipLine>;

/**
 * The id of the slip an order's assembly writes: one per order, so its stems leave stock exactly once. `asm-{order}`,
 * with a hash in place of the order id's end when that would be longer than an id may be.
 */
export const assemblySlipId = (orderId: string) => derivedId('asm-', orderId);

/**
 * Why a write-off act staff write (the record API, /db/office) may not be stored, or undefined: an order's assembly
 * act is the server's, so a new act may neither take an assembly's id (it would stand in for the order's stems, which
 * the server then never takes) nor name an order. Its lines' `assembly` reason is refused with the other codes
 * (server/refs/ref-codes.ts).
 */
export const staffSlipIssue = (id: string, data: { order?: unknown }): string | undefined =>
  id.startsWith('asm-') || (typeof data.order === 'string' && data.order !== '') ? 'Акт сборки заказа записывает только сервер, когда заказ начинают собирать' : undefined;

/**
 * A write-off act (/admin/slips): stems and materials leaving a warehouse, each line with its reason, who and when.
 * Recorded on a phone offline too; a fact once stored (a mistake is corrected by a new document). The server writes
 * one per assembled order (`assembly`).
 */
export const slip = defineEntity({
  type: 'slip',
  path: 'slips',
  labels: {
    one: 'Акт списания',
    many: 'Списания',
    create: 'Новое списание',
    fields: { day: 'Дата', warehouse: 'Склад', lines: 'Строки', order: 'Заказ', note: 'Заметка' },
  },
  tier: 'office',
  write: 'fact',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: null },
  fields: z.strictObject({
    day,
    warehouse: reference('warehouse', 'Выберите склад'),
    lines: z.array(slipLine).min(1, 'Добавьте хотя бы одну строку').max(500, 'Не больше 500 строк в акте'),
    /** The order whose bouquet took the stems (assembly), or empty. */
    order: z.string().max(64).default(''),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['day', 'warehouse', 'order', 'note'], search: ['note', 'order'], sort: 'day' },
  example: { day: '2026-11-25', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 5, reason: 'wilted', cost: 95.5 }], order: '', note: '' },
  title: (s) => (s.order ? `Сборка заказа ${s.day}` : `Списание от ${s.day}`),
  day: (s) => s.day,
  version: 1,
  moves: (s): StockMove[] => s.lines.map((l) => ({ flower: l.flower, warehouse: s.warehouse, qty: -l.qty })),
  // A fact: nobody changes it, so there is never anything to merge.
  merge: (server) => server.data,
});

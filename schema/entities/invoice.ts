import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';
import type { StockMove } from '../studio/stock/stock-balance';
import { refCode } from '../shared/ref-choice';
import { optionalReference, reference } from '../shared/reference';

const missing = (what: string, kind: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? what : kind);

const invoiceLine = z.strictObject({
  /** The flower's or material's record id. */
  flower: reference('flower', 'Выберите цветок или материал'),
  qty: z.number({ error: missing('Укажите количество', 'Количество — число') }).positive('Количество больше нуля').max(1_000_000, 'Слишком большое количество'),
  /**
   * The flower's unit (a code of the `unit` list) as it was when the line was entered (a device copies it from the
   * flower). Whether the line's quantity may be a fraction is that unit's, by the studio's list: checked on every
   * line, draft or posted, by the invoice screen and the server (schema/studio/stock/move-quantities.ts), not by these fields.
   * A draft keeps a unit switched off in the list (the florist at the market cannot switch it on); posting needs it
   * switched on (`copied: 'draft'`, `lineUnitIssue` in schema/shared/unit.ts).
   */
  unit: refCode('unit', 'Выберите единицу', { copied: 'draft' }).default('pcs'),
  /** Purchase price of one unit, in roubles (kopecks allowed: wholesale prices have them). A line without one is refused. */
  price: z
    .number({ error: missing('Укажите цену закупки', 'Цена — число') })
    .positive('Укажите цену закупки: больше нуля')
    .max(10_000_000, 'Слишком большая цена')
    .multipleOf(0.01, 'Цена — рубли и копейки'),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** A supply invoice's sum, rounded to kopecks. */
export const invoiceTotal = (lines: readonly Pick<InvoiceLine, 'qty' | 'price'>[]): number => Math.round(lines.reduce((s, l) => s + l.qty * l.price * 100, 0)) / 100;

/**
 * What the studio owes on one invoice: a posted supply's total less what was paid on it when entered and in later
 * payments (`supplierPayment` facts, since a posted invoice never changes); a posted return is owed back (negative), a
 * draft owes nothing yet. The one rule for the debts list and a supplier's card.
 */
export const invoiceOwed = (
  i: { kind: 'supply' | 'return'; status: 'draft' | 'posted'; lines: readonly Pick<InvoiceLine, 'qty' | 'price'>[]; paid: number },
  paidLater = 0,
): number => {
  if (i.status !== 'posted') return 0;
  const total = invoiceTotal(i.lines);
  return Math.round((i.kind === 'return' ? -(total - i.paid) : total - i.paid - paidLater) * 100) / 100;
};

/**
 * An incoming supply invoice (/admin/invoices): entered as a draft on a phone at the wholesale market, offline too,
 * and posted later. Posted («Проведена») it adds its lines to the warehouse and sets purchase prices
 * (schema/studio/stock/purchase-price.ts), and becomes a fact: no longer changed or deleted (a mistake is corrected by a new
 * document). What is owed on it is the supplier's debt.
 */
export const invoice = defineEntity({
  type: 'invoice',
  path: 'invoices',
  labels: {
    one: 'Накладная',
    many: 'Накладные',
    create: 'Новая накладная',
    fields: {
      number: 'Номер',
      supplier: 'Поставщик',
      supplierName: 'Поставщик (название)',
      day: 'Дата',
      warehouse: 'Склад',
      lines: 'Строки',
      paid: 'Оплачено, ₽',
      status: 'Статус',
      kind: 'Документ',
      note: 'Заметка',
    },
    values: { status: { draft: 'Черновик', posted: 'Проведена' }, kind: { supply: 'Поставка', return: 'Возврат поставщику' } },
  },
  tier: 'office',
  write: 'record',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'manager', own: ['delete'] },
  fields: z
    .strictObject({
      /** A supply adds its lines to the warehouse; a return (to the supplier, or the correction of a posted supply) takes them out. */
      kind: z.enum(['supply', 'return']).default('supply'),
      number: z.string().trim().max(40, 'Номер длиннее 40 символов').default(''),
      /** The supplier's record id (admin tier: not on a florist's device), or empty. */
      supplier: optionalReference('supplier', 'Выберите поставщика'),
      /** The supplier's name as written on the invoice: what a florist's device shows. */
      supplierName: z.string().trim().max(200).default(''),
      day,
      /** The warehouse's record id the supply goes to. */
      warehouse: reference('warehouse', 'Выберите склад'),
      lines: z.array(invoiceLine).max(500, 'Не больше 500 строк в накладной').default([]),
      paid: z.number().min(0, 'Оплата не может быть меньше нуля').max(100_000_000).default(0),
      status: z.enum(['draft', 'posted']).default('draft'),
      note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
    })
    .superRefine((i, ctx) => {
      if (i.status === 'posted' && !i.lines.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Провести можно накладную хотя бы с одной строкой' });
    }),
  list: { columns: ['day', 'number', 'kind', 'supplierName', 'status', 'paid'], search: ['number', 'supplierName', 'note'], sort: 'day', filters: ['status', 'kind'] },
  example: { number: '17', supplierName: 'Цветочная база «Флора»', day: '2026-11-25', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 50, price: 95.5 }], paid: 0, status: 'draft', note: '' },
  title: (i) => `${i.kind === 'return' ? 'Возврат' : 'Накладная'}${i.number ? ` № ${i.number}` : ''} от ${i.day}`,
  day: (i) => i.day,
  version: 1,
  moves: (i): StockMove[] => (i.status === 'posted' ? i.lines.map((l) => ({ flower: l.flower, warehouse: i.warehouse, qty: i.kind === 'return' ? -l.qty : l.qty })) : []),
  frozen: (i) => (i.status === 'posted' ? 'Накладная проведена: её не меняют, ошибку исправляют новым документом' : undefined),
  // Posted wins over a draft, whoever was later: stock already counted it. Otherwise the later edit wins whole.
  merge: (server, mine) => {
    if (server.data.status === 'posted') return server.data;
    if (mine.data.status === 'posted') return mine.data;
    return mine.updatedAt > server.updatedAt ? mine.data : server.data;
  },
});

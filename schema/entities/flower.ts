import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../shared/entity';
import { refCode } from '../shared/ref-choice';
import { refDefaults } from './ref';

export const flowerKinds = [
  { id: 'flower', label: 'Цветок' },
  { id: 'greenery', label: 'Зелень' },
  { id: 'material', label: 'Материал' },
] as const;

/**
 * A flower or material bought by the piece (stems, greenery, wrapping, ribbon, sponge): what supply invoices,
 * write-offs, transfers, counts and tech cards name. Office tier: a florist's phone holds the list for write-offs
 * and invoices offline; the purchase prices come from posted invoices, never typed here.
 */
export const flower = defineEntity({
  type: 'flower',
  path: 'flowers',
  labels: {
    one: 'Цветок или материал',
    many: 'Цветы и материалы',
    create: 'Новый цветок или материал',
    fields: {
      name: 'Название',
      kind: 'Вид',
      variety: 'Сорт',
      colour: 'Цвет',
      length: 'Длина стебля, см',
      unit: 'Единица',
      price: 'Цена продажи за единицу, ₽',
      active: 'Используется',
      note: 'Заметка',
    },
    values: {
      unit: Object.fromEntries(refDefaults.unit.map((u) => [u.code, u.label])),
      kind: Object.fromEntries(flowerKinds.map((k) => [k.id, k.label])),
    },
  },
  tier: 'office',
  write: 'record',
  access: { read: 'florist', create: 'manager', update: 'manager', delete: 'admin' },
  fields: z.strictObject({
    name: z.string().trim().min(1, 'Укажите название').max(120, 'Название длиннее 120 символов'),
    kind: z.enum(['flower', 'greenery', 'material']).default('flower'),
    variety: z.string().trim().max(120).default(''),
    colour: z.string().trim().max(60).default(''),
    length: z.number().int('Длина — целое число сантиметров').min(0).max(300).optional(),
    /** A code of the studio's `unit` list (/admin/refs); whether it is counted whole is the list's (schema/shared/unit.ts). */
    unit: refCode('unit', 'Выберите единицу').default('pcs'),
    price: z.number().int('Цена — целые рубли').min(0, 'Цена не может быть меньше нуля').max(1_000_000).default(0),
    active: z.boolean().default(true),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['name', 'variety', 'colour', 'unit', 'price', 'active'], search: ['name', 'variety', 'colour'], sort: 'name', filters: ['kind', 'active'] },
  example: { name: 'Роза', kind: 'flower', variety: 'Explorer', colour: 'красная', length: 60, unit: 'pcs', price: 250, active: true, note: '' },
  title: (f) => [f.name, f.variety, f.colour, f.length ? `${f.length} см` : ''].filter(Boolean).join(' '),
  version: 1,
  merge: lastWriterWins,
});

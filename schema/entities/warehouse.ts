import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../shared/entity';

/** A place stock is kept: the studio, the cold room, the showcase. Every staff device holds them, offline too. */
export const warehouse = defineEntity({
  type: 'warehouse',
  path: 'warehouses',
  labels: {
    one: 'Склад',
    many: 'Склады',
    create: 'Новый склад',
    fields: { name: 'Название', address: 'Адрес', active: 'Используется', note: 'Заметка' },
  },
  tier: 'office',
  write: 'record',
  access: { read: 'florist', create: 'manager', update: 'manager', delete: 'admin' },
  fields: z.strictObject({
    name: z.string().trim().min(1, 'Укажите название').max(100, 'Название длиннее 100 символов'),
    address: z.string().trim().max(300, 'Адрес длиннее 300 символов').default(''),
    active: z.boolean().default(true),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['name', 'address', 'active'], search: ['name', 'address'], sort: 'name', filters: ['active'] },
  example: { name: 'Холодильник', address: '', active: true, note: '' },
  title: (w) => w.name,
  version: 1,
  merge: lastWriterWins,
});

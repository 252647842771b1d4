import { z } from 'zod';
import { day } from '../../schema/shared/day';
import { defineEntity, lastWriterWins } from '../../schema/shared/entity';
import { reference } from '../../schema/shared/reference';

/**
 * For tests only: a plain back-office entity as the recipe «Как добавить сущность» (docs/REFERENCE.md) writes one,
 * a file that would sit in schema/entities/. Not registered: client/studio/admin/one-file-entity.test.ts adds it to
 * the registry for its run and checks that everything else comes from this declaration.
 */
export const vaseRental = defineEntity({
  type: 'vaseRental',
  path: 'vase-rentals',
  labels: {
    one: 'Аренда вазы',
    many: 'Аренда ваз',
    create: 'Новая аренда',
    fields: { vase: 'Ваза', client: 'Кому', warehouse: 'Склад', until: 'Вернуть до', returned: 'Вернули' },
  },
  area: 'stock',
  tier: 'office',
  write: 'record',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'manager' },
  fields: z.strictObject({
    vase: z.string().trim().min(1, 'Укажите вазу').max(100, 'Название длиннее 100 символов'),
    client: z.string().trim().max(100, 'Имя длиннее 100 символов').default(''),
    warehouse: reference('warehouse', 'Выберите склад'),
    until: day,
    returned: z.boolean().default(false),
  }),
  list: { columns: ['vase', 'client', 'warehouse', 'until', 'returned'], search: ['vase', 'client'], sort: 'until', filters: ['returned'] },
  example: { vase: 'Стеклянная, 30 см', client: 'Анна', warehouse: 'warehouse-cold', until: '2030-01-01', returned: false },
  title: (r) => `${r.vase}${r.client ? ` — ${r.client}` : ''}`,
  version: 1,
  merge: lastWriterWins,
});

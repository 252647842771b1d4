import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../shared/entity';
import { roubles } from '../shared/money';
import { phone } from '../shared/phone';

/** A courier the studio hands deliveries to; the fee per delivery sums into the courier's day. */
export const courier = defineEntity({
  type: 'courier',
  path: 'couriers',
  labels: {
    one: 'Курьер',
    many: 'Курьеры',
    create: 'Новый курьер',
    fields: { name: 'Имя', phone: 'Телефон', feePerDelivery: 'Оплата за доставку, ₽', active: 'Работает', note: 'Заметка' },
  },
  tier: 'office',
  write: 'record',
  // The florist on shift adds the courier she hands bouquets to (issue 9); only a manager removes one.
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'manager' },
  fields: z.strictObject({
    name: z.string().trim().min(1, 'Укажите имя').max(100, 'Имя длиннее 100 символов'),
    phone,
    feePerDelivery: roubles.default(0),
    active: z.boolean().default(true),
    note: z.string().max(500, 'Заметка длиннее 500 символов').default(''),
  }),
  list: { columns: ['name', 'phone', 'feePerDelivery', 'active'], search: ['name', 'phone'], sort: 'name', filters: ['active'] },
  example: { name: 'Пётр Иванов', phone: '79001234567', feePerDelivery: 400, active: true, note: '' },
  title: (c) => c.name,
  version: 1,
  merge: lastWriterWins,
});

import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../shared/entity';
import { phone } from '../shared/phone';

/** A supplier the studio buys flowers and goods from. Admins only: contacts and tax numbers stay off staff devices. */
export const supplier = defineEntity({
  type: 'supplier',
  path: 'suppliers',
  labels: {
    one: 'Поставщик',
    many: 'Поставщики',
    create: 'Новый поставщик',
    fields: { name: 'Название', phone: 'Телефон', email: 'Эл. почта', inn: 'ИНН', note: 'Заметка' },
  },
  tier: 'admin',
  write: 'record',
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  fields: z.strictObject({
    name: z.string().trim().min(1, 'Укажите название').max(200, 'Название длиннее 200 символов'),
    phone,
    email: z.email('Неверный адрес почты').max(200).optional(),
    inn: z.string().regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 цифр у организации или 12 у ИП'),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['name', 'phone', 'email', 'inn'], search: ['name', 'phone', 'email', 'inn'], sort: 'name' },
  example: { name: 'Цветочная база «Флора»', phone: '79005554433', email: 'opt@flora.example', inn: '7701234567', note: '' },
  title: (s) => s.name,
  version: 1,
  // Edited online by admins only: the record API refuses a stale edit, so a merge never happens.
  merge: lastWriterWins,
});

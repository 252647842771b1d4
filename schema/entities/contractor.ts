import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../shared/entity';
import { phone } from '../shared/phone';

/**
 * A legal entity the studio works with (/admin/contractors): a corporate client that orders by invoice, a service
 * (cleaning, a courier firm). Office tier: the spec lets any florist open the screen, and a florist taking a
 * corporate order checks the INN and whether credit is allowed, offline too. Only an admin removes one.
 */
export const contractor = defineEntity({
  type: 'contractor',
  path: 'contractors',
  labels: {
    one: 'Контрагент',
    many: 'Контрагенты',
    create: 'Новый контрагент',
    fields: {
      name: 'Название',
      inn: 'ИНН',
      kpp: 'КПП',
      contact: 'Контактное лицо',
      phones: 'Телефоны',
      email: 'Эл. почта',
      credit: 'Работает в кредит',
      creditDays: 'Отсрочка оплаты, дней',
      note: 'Заметка',
    },
  },
  tier: 'office',
  write: 'record',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'admin' },
  fields: z.strictObject({
    name: z.string().trim().min(1, 'Укажите название').max(200, 'Название длиннее 200 символов'),
    inn: z.string().trim().regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 цифр у организации или 12 у ИП'),
    /** A company's КПП (9 digits); a sole trader has none. */
    kpp: z.string().trim().regex(/^(\d{9})?$/, 'КПП — 9 цифр, у ИП пусто').default(''),
    contact: z.string().trim().max(200, 'Имя длиннее 200 символов').default(''),
    /**
     * The phones its people order from (an office manager, a secretary, a director): on credit, an order placed from
     * any of them is the contractor's (schema/studio/clients/credit-phones.ts); no phone is on two contractors on credit.
     */
    phones: z
      .array(phone.describe('Телефон'))
      .max(20, 'Не больше 20 телефонов')
      .superRefine((phones, ctx) => {
        phones.forEach((p, i) => {
          if (phones.indexOf(p) < i) ctx.addIssue({ code: 'custom', path: [i], message: 'Этот телефон уже есть в списке' });
        });
      })
      .default([]),
    email: z.email('Неверный адрес почты').max(200).optional(),
    /**
     * Whether the studio delivers before it is paid (pays by invoice later): then the orders placed from the
     * contractor's phones are its debts on credit, listed under «Корпоративные клиенты» on /admin/debts (schema/studio/clients/debts.ts).
     */
    credit: z.boolean().default(false),
    /** How many days after delivery an order on credit is due; past that it is overdue. */
    creditDays: z.number({ error: 'Отсрочка: укажите число дней' }).int('Отсрочка: целое число дней').min(0, 'Отсрочка не может быть меньше нуля').max(365, 'Отсрочка: не больше 365 дней').default(0),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
  }),
  list: { columns: ['name', 'inn', 'contact', 'phones', 'credit', 'creditDays'], search: ['name', 'inn', 'contact', 'phones', 'email'], sort: 'name', filters: ['credit'] },
  example: { name: 'ООО «Ромашка»', inn: '7701234567', kpp: '770101001', contact: 'Ирина, офис-менеджер', phones: ['79005554433', '79005554434'], email: 'office@romashka.example', credit: true, creditDays: 14, note: '' },
  title: (c) => c.name,
  /** 2: the credit term (`creditDays`, 0 when written before it). 3: a list of phones (`phones`) for the one `phone`. */
  version: 3,
  upgrade: (data, from) => {
    if (from >= 3) return data;
    const { phone: one, ...rest } = data;
    return { ...rest, phones: typeof one === 'string' && one ? [one] : [] };
  },
  merge: lastWriterWins,
});

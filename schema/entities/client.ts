import { z } from 'zod';
import { day, nextDay } from '../shared/day';
import { defineEntity, lastWriterWins } from '../shared/entity';
import { roubles } from '../shared/money';
import { nationalDigits, phone } from '../shared/phone';
import { refCode } from '../shared/ref-choice';
import { clientSources, type RefEntry } from '../shared/ref-defaults';

/** A card's source: any code of the studio's list «Откуда клиенты» (defaults: `clientSources`, schema/shared/ref-defaults.ts). */
const clientSource = refCode('client-source', 'Выберите, откуда клиент');

/** A new card's source from its first order's: the same code when the studio's client list has it switched on, else «Другое». */
export const clientSourceOfOrder = (orderSource: string, clientSources: readonly RefEntry[]): string =>
  clientSources.some((e) => e.code === orderSource && e.active) ? orderSource : 'other';

const importantDateKinds = [
  { id: 'birthday', label: 'День рождения' },
  { id: 'anniversary', label: 'Годовщина' },
  { id: 'other', label: 'Другое' },
] as const;

/** A day of the year, MM-DD (29 February allowed: it comes every fourth year). */
const monthDay = z
  .string({ error: 'Укажите дату' })
  .regex(/^\d{2}-\d{2}$/, 'Дата в формате ММ-ДД')
  .refine((s) => !Number.isNaN(Date.parse(`2024-${s}T00:00:00Z`)) && new Date(`2024-${s}T00:00:00Z`).toISOString().slice(5, 10) === s, 'Такой даты нет');

/** A date the studio remembers for a client: their own or of someone they send flowers to (a wife's birthday). */
const importantDate = z.strictObject({
  kind: z.enum(['birthday', 'anniversary', 'other']).default('birthday').describe('Какая дата'),
  title: z.string().trim().min(1, 'Опишите дату').max(100, 'Описание длиннее 100 символов').describe('Что за дата'),
  date: monthDay.describe('Дата (ММ-ДД)'),
  recipient: z.string().trim().max(100, 'Имя длиннее 100 символов').default('').describe('Кому цветы'),
  recipientPhone: z.union([z.literal(''), phone]).default('').describe('Телефон получателя'),
  address: z.string().trim().max(300, 'Адрес длиннее 300 символов').default('').describe('Адрес'),
});
type ImportantDate = z.infer<typeof importantDate>;

/** Other phones, comma-separated, each a Russian mobile (stored as 7 and ten digits). */
const otherPhones = z
  .string()
  .max(200, 'Слишком много телефонов')
  .transform((s) => s.split(/[,;]/).map((p) => p.trim()).filter(Boolean))
  .refine((list) => list.every((p) => phone.safeParse(p).success), 'Другие телефоны: каждый +7 и 10 цифр, через запятую')
  .transform((list) => list.map((p) => `7${nationalDigits(p)}`).join(', '));

/** Every phone of a card: the main one, then the other phones (stored as `7…, 7…`). */
export const clientPhones = (c: { phone: string; otherPhones: string }): string[] => [c.phone, ...c.otherPhones.split(/,\s*/).filter(Boolean)];

/** A client's card id: from the main phone, the same on every app server (the entity's `key`). */
export const clientIdOf = (phone: string) => `client-${phone}`;

/** The next time a yearly day (MM-DD) comes, today included; 29 February outside leap years is 1 March. */
export const nextOccurrence = (mmdd: string, from: string): string => {
  const year = Number(from.slice(0, 4));
  for (const y of [year, year + 1]) {
    let d = `${y}-${mmdd}`;
    if (!day.safeParse(d).success) d = nextDay(`${y}-02-28`);
    if (d >= from) return d;
  }
  return `${year + 1}-${mmdd}`;
};

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** How many days ahead an important date counts as coming (the list's filter). */
const soonDays = 14;
/** No order for this many days: a client to win back. */
const dormantDays = 90;

/** Every yearly date of a client: their birthday and their important dates. */
export const yearlyDates = (c: { name: string; birthday?: string; dates: ImportantDate[] }): ImportantDate[] => [
  ...(c.birthday ? [{ kind: 'birthday' as const, title: 'День рождения', date: c.birthday.slice(5), recipient: c.name, recipientPhone: '' as const, address: '' }] : []),
  ...c.dates,
];

/**
 * A client of the studio (Posiflora's client card). Admins only: phones, birthdays and notes never reach a florist's
 * or a customer's device. The id comes from the main phone, so a person has one card however they arrived.
 */
export const client = defineEntity({
  type: 'client',
  path: 'clients',
  labels: {
    one: 'Клиент',
    many: 'Клиенты',
    create: 'Новый клиент',
    fields: {
      name: 'Имя',
      phone: 'Телефон',
      otherPhones: 'Другие телефоны',
      email: 'Эл. почта',
      birthday: 'День рождения',
      source: 'Откуда пришёл',
      alert: 'Важно для каждого заказа',
      note: 'Заметка',
      dates: 'Важные даты',
      orders: 'Заказов',
      spent: 'Сумма заказов, ₽',
      averageCheck: 'Средний чек, ₽',
      lastOrder: 'Последний заказ',
    },
    values: {
      source: Object.fromEntries(clientSources.map((s) => [s.id, s.label])),
      dates: Object.fromEntries(importantDateKinds.map((s) => [s.id, s.label])),
    },
  },
  tier: 'admin',
  write: 'record',
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  fields: z.strictObject({
    name: z.string().trim().max(100, 'Имя длиннее 100 символов').default(''),
    phone,
    otherPhones: otherPhones.default(''),
    email: z.union([z.literal(''), z.email('Неверный адрес почты').max(200)]).default(''),
    birthday: day.optional(),
    // Its choices are the studio's list «Откуда клиенты» (/admin/refs).
    source: clientSource.default('other'),
    /** Shown on every order of this client, to the florist too (DECISIONS «The client's note on orders»). */
    alert: z.string().trim().max(200, 'Не длиннее 200 символов').default(''),
    note: z.string().max(2000, 'Заметка длиннее 2000 символов').default(''),
    dates: z.array(importantDate).max(30, 'Не больше 30 дат').default([]),
    orders: z.number().int().min(0).default(0),
    spent: roubles.default(0),
    averageCheck: roubles.default(0),
    lastOrder: day.optional(),
  }),
  list: { columns: ['name', 'phone', 'birthday', 'orders', 'spent', 'lastOrder'], search: ['name', 'phone', 'otherPhones', 'email'], sort: 'name', filters: ['source'] },
  views: [
    { id: 'birthday-month', label: 'День рождения в этом месяце', test: (c, today) => !!c.birthday && c.birthday.slice(5, 7) === today.slice(5, 7) },
    { id: 'date-soon', label: `Важная дата в ближайшие ${soonDays} дней`, test: (c, today) => yearlyDates(c).some((d) => daysBetween(today, nextOccurrence(d.date, today)) <= soonDays) },
    { id: 'dormant', label: `Нет заказов ${dormantDays} дней`, test: (c, today) => !c.lastOrder || daysBetween(c.lastOrder, today) > dormantDays },
  ],
  key: {
    id: (c) => clientIdOf(c.phone),
    taken: 'Клиент с таким телефоном уже есть: откройте его карточку или объедините карточки',
    fixed: 'Основной телефон клиента не меняется: добавьте новый в «Другие телефоны» или объедините карточки',
  },
  computed: ['orders', 'spent', 'averageCheck', 'lastOrder'],
  example: { name: 'Анна Петрова', phone: '79001234567', birthday: '1990-03-08', source: 'site', alert: 'аллергия на лилии', dates: [{ kind: 'birthday', title: 'День рождения мамы', date: '05-12', recipient: 'Ольга', address: 'Тверская, 1' }] },
  title: (c) => c.name || c.phone,
  version: 1,
  // Edited online by admins only: the record API refuses a stale edit, so a merge never happens.
  merge: lastWriterWins,
});
export type Client = z.infer<typeof client.fields>;

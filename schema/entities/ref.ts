import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../entity';

/** The studio's reference lists (/admin/refs): each screen that offers a choice of these reads its list from here. */
export const refLists = [
  { id: 'order-source', label: 'Источники заказов' },
  { id: 'write-off-reason', label: 'Причины списания' },
  { id: 'cash-reason', label: 'Статьи расходов и выемок' },
  { id: 'client-source', label: 'Откуда клиенты' },
  { id: 'unit', label: 'Единицы измерения' },
] as const;
export const refList = z.enum(['order-source', 'write-off-reason', 'cash-reason', 'client-source', 'unit']);
export type RefList = z.infer<typeof refList>;

/**
 * What each list holds before an admin changes it: seeded once as records with the ids `ref-{list}-{code}`, and what
 * a screen offers while its device has not pulled the list yet. `code` is what records store; the label may change.
 */
export const refDefaults: Record<RefList, readonly { code: string; label: string }[]> = {
  'order-source': [
    { code: 'site', label: 'Сайт' },
    { code: 'phone', label: 'Телефон' },
    { code: 'studio', label: 'Студия' },
    { code: 'messenger', label: 'Мессенджер' },
    { code: 'marketplace', label: 'Маркетплейс' },
  ],
  'write-off-reason': [
    { code: 'wilted', label: 'Завяли' },
    { code: 'broken', label: 'Сломаны' },
    { code: 'supplier-defect', label: 'Брак поставщика' },
    { code: 'showcase', label: 'На витрину' },
    { code: 'mis-sort', label: 'Пересорт' },
  ],
  'cash-reason': [
    { code: 'rent', label: 'Аренда' },
    { code: 'wages', label: 'Зарплата' },
    { code: 'couriers', label: 'Курьеры' },
    { code: 'market', label: 'Закупка на базе' },
    { code: 'collection', label: 'Инкассация' },
    { code: 'other', label: 'Прочее' },
  ],
  'client-source': [
    { code: 'site', label: 'Сайт' },
    { code: 'instagram', label: 'Соцсети' },
    { code: 'friends', label: 'Рекомендация' },
    { code: 'walk-in', label: 'Зашёл в студию' },
    { code: 'corporate', label: 'Корпоративный' },
  ],
  unit: [
    { code: 'pcs', label: 'шт.' },
    { code: 'm', label: 'м' },
    { code: 'pack', label: 'уп.' },
    { code: 'kg', label: 'кг' },
  ],
};

/** One entry of a reference list. Office tier: every staff device offers the lists offline. */
export const ref = defineEntity({
  type: 'ref',
  path: 'refs',
  labels: {
    one: 'Значение справочника',
    many: 'Справочники',
    create: 'Новое значение',
    fields: { list: 'Справочник', code: 'Код', label: 'Название', position: 'Порядок', active: 'Используется' },
    values: { list: Object.fromEntries(refLists.map((l) => [l.id, l.label])) },
  },
  tier: 'office',
  write: 'record',
  // Florists read the lists on their devices; only an admin changes them (/admin/refs is the admin's, spec §2).
  access: { read: 'florist', create: 'admin', update: 'admin', delete: 'admin' },
  fields: z.strictObject({
    list: refList,
    code: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Код — латинские буквы, цифры и дефис'),
    label: z.string().trim().min(1, 'Укажите название').max(100, 'Название длиннее 100 символов'),
    position: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  }),
  list: { columns: ['list', 'label', 'code', 'position', 'active'], search: ['label', 'code'], sort: 'position', filters: ['list', 'active'] },
  example: { list: 'write-off-reason', code: 'frozen', label: 'Подмёрзли', position: 10, active: true },
  title: (r) => r.label,
  key: { id: (r) => `ref-${r.list}-${r.code}`, taken: 'Такой код в этом справочнике уже есть', fixed: 'Справочник и код значения не меняются' },
  version: 1,
  merge: lastWriterWins,
});

import { z } from 'zod';

// The studio's reference lists and what each holds before an admin changes it: one file that the lists' entity
// (entities/ref.ts), orders (order.ts) and client cards (entities/client.ts) import, so none of them imports another
// for its defaults.

/**
 * Where an order came from (Posiflora's sales channels): the site, a phone call, the studio's showcase, a marketplace.
 * These are the defaults of the studio's list «Источники заказов» (/admin/refs), where an admin adds more; an order
 * stores any code of that list, and the server takes only a registered, active one (server/refs/ref-codes.ts).
 */
export const orderSources = [
  { id: 'site', label: 'Сайт' },
  { id: 'phone', label: 'Телефон' },
  { id: 'showcase', label: 'Витрина' },
  { id: 'marketplace', label: 'Маркетплейс' },
] as const;

/** The defaults of the studio's list «Откуда клиенты» (/admin/refs); a card stores any code of it (an admin adds more there). */
export const clientSources = [
  { id: 'site', label: 'Сайт' },
  { id: 'phone', label: 'Телефон' },
  { id: 'showcase', label: 'Витрина' },
  { id: 'recommendation', label: 'Рекомендация' },
  { id: 'social', label: 'Соцсети' },
  { id: 'marketplace', label: 'Маркетплейс' },
  { id: 'other', label: 'Другое' },
] as const;

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
export const refDefaults: Record<RefList, readonly { code: string; label: string; whole?: boolean }[]> = {
  // The codes orders and client cards store (below): the list names, orders and hides them.
  'order-source': orderSources.map((s) => ({ code: s.id, label: s.label })),
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
  'client-source': clientSources.map((s) => ({ code: s.id, label: s.label })),
  // Pieces and packs are counted whole; metres and kilograms may be fractions (schema/shared/unit.ts `qtyIssue`).
  unit: [
    { code: 'pcs', label: 'шт.', whole: true },
    { code: 'm', label: 'м', whole: false },
    { code: 'pack', label: 'уп.', whole: true },
    { code: 'kg', label: 'кг', whole: false },
  ],
};

/** An entry's record id: one per list and code, so two servers or devices never store one entry twice. */
export const refId = (list: RefList, code: string): string => `ref-${list}-${code}`;

/** One entry of a list as a screen offers it. */
export interface RefEntry {
  code: string;
  label: string;
  active: boolean;
  /** A unit counted in whole pieces (false for the other lists). */
  whole: boolean;
}

import type { Level } from './user';

/** The back-office's areas, in the order the staff menu shows them. */
export const adminAreas = [
  { id: 'orders', label: 'Заказы' },
  { id: 'clients', label: 'Клиенты' },
  { id: 'stock', label: 'Каталог и склад' },
  { id: 'money', label: 'Деньги' },
  { id: 'team', label: 'Команда' },
  { id: 'site', label: 'Сайт' },
  { id: 'reports', label: 'Отчёты' },
] as const;
export type AdminArea = (typeof adminAreas)[number]['id'];

export interface AdminRoute {
  /** What the menu, the tab title and «Недостаточно прав» call the screen. */
  label: string;
  /** Where the menu puts it; null: not in the menu (the dashboard itself, sub-pages). */
  area: AdminArea | null;
  /** Spec §2: the whole /admin tree needs florist (any staff); «admin» routes need admin; «none stated» means any staff. */
  need: Extract<Level, 'florist' | 'manager' | 'admin'>;
}

/**
 * Every admin route of the spec (§2), in TanStack Router's path syntax. The menu, the client's guards and the
 * server's access checks read it; `e2e/admin-matrix` checks it against a matrix written by hand from the spec.
 * Labels and areas of screens the spec does not describe are ours (docs/DECISIONS.md «Back-office»).
 */
export const adminRoutes = {
  '/admin': { label: 'Рабочий стол', area: null, need: 'florist' },
  '/admin/orders': { label: 'Заказы', area: 'orders', need: 'florist' },
  '/admin/orders/$id': { label: 'Заказ', area: null, need: 'florist' },
  '/admin/calendar': { label: 'Календарь', area: 'orders', need: 'florist' },
  '/admin/events': { label: 'Событие', area: null, need: 'florist' },
  '/admin/events/list': { label: 'События', area: 'orders', need: 'florist' },
  '/admin/tasks': { label: 'Задачи', area: 'orders', need: 'florist' },
  '/admin/couriers': { label: 'Курьеры', area: 'orders', need: 'florist' },
  '/admin/clients': { label: 'Клиенты', area: 'clients', need: 'admin' },
  '/admin/clients/new': { label: 'Новый клиент', area: null, need: 'admin' },
  '/admin/debts': { label: 'Долги', area: 'clients', need: 'admin' },
  '/admin/products': { label: 'Товары', area: 'stock', need: 'florist' },
  '/admin/products/new': { label: 'Новый товар', area: null, need: 'florist' },
  '/admin/items': { label: 'Позиции', area: 'stock', need: 'florist' },
  '/admin/flowers': { label: 'Цветы', area: 'stock', need: 'admin' },
  '/admin/flowers/list': { label: 'Список цветов', area: null, need: 'admin' },
  '/admin/warehouses': { label: 'Склады', area: 'stock', need: 'florist' },
  '/admin/slips': { label: 'Списания', area: 'stock', need: 'florist' },
  '/admin/invoices': { label: 'Накладные', area: 'stock', need: 'florist' },
  '/admin/suppliers': { label: 'Поставщики', area: 'stock', need: 'admin' },
  '/admin/refs': { label: 'Справочники', area: 'stock', need: 'admin' },
  '/admin/charges': { label: 'Расходы', area: 'money', need: 'florist' },
  '/admin/contractors': { label: 'Контрагенты', area: 'money', need: 'florist' },
  '/admin/staff': { label: 'Сотрудники', area: 'team', need: 'admin' },
  '/admin/profile': { label: 'Профиль мастерской', area: 'team', need: 'admin' },
  '/admin/usb': { label: 'Оборудование', area: 'team', need: 'florist' },
  '/admin/catalog': { label: 'Каталог', area: 'site', need: 'florist' },
  '/admin/index-copy': { label: 'Витрина', area: 'site', need: 'florist' },
  '/admin/pages': { label: 'Страницы', area: 'site', need: 'admin' },
  '/admin/pages-editor': { label: 'Редактор страниц', area: 'site', need: 'florist' },
  '/admin/pages-editor3': { label: 'Редактор страниц (новый)', area: null, need: 'florist' },
  '/admin/navigation': { label: 'Навигация', area: 'site', need: 'admin' },
  '/admin/settings': { label: 'Настройки', area: 'site', need: 'admin' },
  '/admin/analytics': { label: 'Аналитика', area: 'reports', need: 'admin' },
  '/admin/documents': { label: 'Документы', area: 'reports', need: 'admin' },
  '/admin/posiflora': { label: 'Posiflora', area: 'reports', need: 'florist' },
  '/admin/posiflora/schemas': { label: 'Схемы Posiflora', area: null, need: 'florist' },
} as const satisfies Record<string, AdminRoute>;
export type AdminPath = keyof typeof adminRoutes;

export const adminPaths = Object.keys(adminRoutes) as AdminPath[];

/** The admin screens of the spec (§2), in Russian, with the extra role each needs beyond staff. */
export const adminSections = [
  ['orders', 'Заказы', 'florist'], ['clients', 'Клиенты', 'admin'], ['products', 'Товары', 'florist'], ['catalog', 'Каталог', 'florist'],
  ['items', 'Позиции', 'florist'], ['flowers', 'Цветы', 'admin'], ['suppliers', 'Поставщики', 'admin'], ['contractors', 'Контрагенты', 'florist'],
  ['warehouses', 'Склады', 'florist'], ['couriers', 'Курьеры', 'florist'], ['staff', 'Сотрудники', 'admin'], ['invoices', 'Накладные', 'florist'],
  ['slips', 'Квитанции', 'florist'], ['charges', 'Списания', 'florist'], ['debts', 'Долги', 'admin'], ['tasks', 'Задачи', 'florist'],
  ['events', 'События', 'florist'], ['calendar', 'Календарь', 'florist'], ['pages', 'Страницы', 'admin'], ['analytics', 'Аналитика', 'admin'],
  ['settings', 'Настройки', 'admin'], ['documents', 'Документы', 'admin'],
] as const;

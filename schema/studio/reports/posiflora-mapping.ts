import { z } from 'zod';
import { client } from '../../entities/client';
import { flower } from '../../entities/flower';
import { day } from '../../shared/day';
import { phone } from '../../shared/phone';
import type { PosifloraCustomer, PosifloraItem, PosifloraOrder } from './posiflora';

/**
 * How each Posiflora type and field lands in the shop (/admin/posiflora/schemas shows this table): one place, read
 * by the screen and by the mapping functions below, so what the screen says is what the import does.
 */
export const posifloraSchemas = [
  {
    kind: 'customers',
    theirs: 'customers (GET /v1/customers)',
    ours: 'Клиенты (/admin/clients), карточка по телефону',
    fields: [
      { theirs: 'phone', ours: 'Телефон — ключ карточки: клиент с тем же телефоном дополняется, а не дублируется' },
      { theirs: 'title', ours: 'Имя' },
      { theirs: 'email', ours: 'Эл. почта (неверный адрес не переносится)' },
      { theirs: 'birthday', ours: 'День рождения' },
      { theirs: 'notes', ours: 'Заметка' },
      { theirs: 'status = deleted', ours: 'не переносится' },
    ],
  },
  {
    kind: 'items',
    theirs: 'inventory-items (GET /v1/inventory-items)',
    ours: 'Цветы и материалы (/admin/flowers)',
    fields: [
      { theirs: 'id', ours: 'Идентификатор psf-item-{id}: повторный импорт обновляет ту же позицию' },
      { theirs: 'title', ours: 'Название' },
      { theirs: 'fractional', ours: 'Единица: дробные — метры, иначе штуки' },
      { theirs: 'priceMax', ours: 'Цена продажи за единицу (целые рубли)' },
      { theirs: 'description', ours: 'Заметка' },
      { theirs: 'itemType = service', ours: 'услуги не переносятся' },
    ],
  },
  {
    kind: 'orders',
    theirs: 'orders (GET /v1/orders)',
    ours: 'Архив заказов Posiflora (на этом экране, только администратору)',
    fields: [
      { theirs: 'docNo', ours: 'Номер в Posiflora' },
      { theirs: 'date, dueTime', ours: 'День (по Москве)' },
      { theirs: 'status', ours: 'Статус по-русски' },
      { theirs: 'totalAmount, paymentsAmount', ours: 'Сумма и оплачено, ₽' },
      { theirs: 'relationships.customer', ours: 'Телефон клиента (из перенесённых клиентов)' },
      { theirs: 'delivery…', ours: 'Адрес и получатель' },
    ],
  },
] as const;

/** Why a record of theirs is not brought over, or what it becomes. */
type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

type ClientData = z.input<typeof client.fields>;
type FlowerData = z.input<typeof flower.fields>;

const dayOf = (s: string | null | undefined): string | undefined => {
  const d = day.safeParse((s ?? '').slice(0, 10));
  return d.success ? d.data : undefined;
};

/** A Posiflora customer as a client card's data (phone is the card's key). */
export const mapCustomer = (c: PosifloraCustomer): Mapped<ClientData> => {
  const a = c.attributes;
  if (a.status === 'deleted') return { ok: false, reason: 'удалён в Posiflora' };
  const p = phone.safeParse(a.phone ?? '');
  if (!p.success) return { ok: false, reason: `телефон «${a.phone ?? ''}» не российский мобильный` };
  const email = z.email().safeParse(a.email ?? '');
  const birthday = dayOf(a.birthday);
  return {
    ok: true,
    value: {
      phone: p.data,
      name: (a.title ?? '').trim().slice(0, 100),
      email: email.success ? email.data.slice(0, 200) : '',
      ...(birthday ? { birthday } : {}),
      note: (a.notes ?? '').slice(0, 2000),
      source: 'other',
    },
  };
};

/** The flower record's id for a Posiflora item: the same item is the same record at every run. */
export const posifloraItemId = (id: string) => `psf-item-${id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 50)}`;

/** A Posiflora inventory item as a flower or material. */
export const mapItem = (i: PosifloraItem): Mapped<FlowerData> => {
  const a = i.attributes;
  if (a.itemType === 'service') return { ok: false, reason: 'услуга, не товар' };
  const name = a.title.trim().slice(0, 120);
  if (!name) return { ok: false, reason: 'без названия' };
  const price = Math.max(0, Math.round(a.priceMax ?? a.priceMin ?? 0));
  return { ok: true, value: { name, kind: 'flower', unit: a.fractional ? 'm' : 'pcs', price: Math.min(price, 1_000_000), note: (a.description ?? '').slice(0, 2000), active: true } };
};

const posifloraStatusNames: Record<(typeof import('./posiflora').posifloraOrderStatuses)[number], string> = {
  new: 'Новый',
  notAccepted: 'Не принят',
  assembled: 'Собран',
  courier: 'У курьера',
  done: 'Выполнен',
  canceled: 'Отменён',
  returned: 'Возврат',
};

/** A Posiflora order as the archive keeps it. */
export const archivedOrder = z.object({
  id: z.string(),
  docNo: z.string(),
  day: z.string(),
  status: z.string(),
  total: z.number(),
  paid: z.number(),
  customerPhone: z.string(),
  address: z.string(),
  recipient: z.string(),
  note: z.string(),
  importedAt: z.number(),
});
export type ArchivedOrder = z.infer<typeof archivedOrder>;

/** A Posiflora order for the archive; `phones` are the imported customers' phones by their Posiflora id. */
export const mapOrder = (o: PosifloraOrder, phones: ReadonlyMap<string, string>, now: number): Mapped<ArchivedOrder> => {
  const a = o.attributes;
  const orderDay = dayOf(a.dueTime) ?? dayOf(a.date);
  if (!orderDay) return { ok: false, reason: 'без даты' };
  const customer = (o.relationships?.customer as { data?: { id?: unknown } | null } | undefined)?.data?.id;
  const address = a.delivery ? [a.deliveryCity, a.deliveryStreet, a.deliveryHouse, a.deliveryApartment && `кв. ${a.deliveryApartment}`].filter(Boolean).join(', ') : 'Самовывоз';
  return {
    ok: true,
    value: {
      id: o.id,
      docNo: a.docNo ?? '',
      day: orderDay,
      status: a.status ? posifloraStatusNames[a.status] : '',
      total: Math.max(0, a.totalAmount ?? 0),
      paid: Math.max(0, a.paymentsAmount ?? 0),
      customerPhone: typeof customer === 'string' ? (phones.get(customer) ?? '') : '',
      address,
      recipient: [a.deliveryContact, a.deliveryPhoneNumber].filter(Boolean).join(', '),
      note: (a.description ?? '').slice(0, 2000),
      importedAt: now,
    },
  };
};

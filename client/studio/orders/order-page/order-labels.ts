import { formatRoubles } from '../../../../schema/shared/money';
import { formatPhone } from '../../../../schema/shared/phone';
import { askRecipientLabel, deliveryPlace, paidMethods, paymentStatuses, type Order, type OrderChange } from '../../../../schema/studio/orders/order';
import { statusName } from '../../../../schema/studio/orders/order-lifecycle';
import { awaitsOnlinePayment, onlineMethods, paymentChecking } from '../../../../schema/shop/online-payment';
import { voidedPaymentField } from '../../../../schema/studio/orders/order-money';
import { paymentLabel } from '../../../../schema/studio/orders/payment-label';

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', weekday: 'long', timeZone: 'UTC' });
/** «8 марта, воскресенье» for a delivery day (YYYY-MM-DD, Moscow). */
export const dayLabel = (d: string): string => dayFormat.format(new Date(`${d}T00:00:00Z`));

const momentFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });
/** «8 мар., 14:05» (Moscow time) for a moment of the order's history. */
const momentLabel = (at: number): string => momentFormat.format(new Date(at));

/**
 * When a change of the history happened: when it was made on the device and, if the server applied it in another
 * minute (made offline, sent later), when it was applied: «8 мар., 14:05 (на сервере 8 мар., 15:20)».
 */
export const historyMoment = (c: Pick<OrderChange, 'at' | 'madeAt'>): string => {
  const applied = momentLabel(c.at);
  if (c.madeAt === undefined) return applied;
  const made = momentLabel(c.madeAt);
  return made === applied ? applied : `${made} (на сервере ${applied})`;
};

export const placeOf = (o: Pick<Order, 'delivery'>): string => deliveryPlace(o.delivery);

const methodName = (m: string | undefined): string => paidMethods.find((p) => p.id === m)?.label ?? '';
const paymentName = (s: string): string => paymentStatuses.find((p) => p.id === s)?.label ?? s;

/** «Оплачен · Наличные · 3 490 ₽», «Оплачен частично · Наличные · 1 000 ₽» (a part payment: the rest is owed), or «Не оплачен». */
export const paymentText = (paid: Order['paid']): string => {
  if (!paid) return paymentName('unpaid');
  if (paid.status === 'paid' && paid.method === 'online') return ['Оплачен онлайн', paid.amount !== undefined ? formatRoubles(paid.amount) : ''].filter(Boolean).join(' · ');
  const name = paid.status === 'unpaid' && paid.amount ? 'Оплачен частично' : paymentName(paid.status);
  return [name, methodName(paid.method), paid.amount !== undefined && (paid.status === 'paid' || paid.amount) ? formatRoubles(paid.amount) : ''].filter(Boolean).join(' · ');
};

/** The order page's payment line: an online payment still awaited or being read at YooKassa says so, else what was paid. */
export const orderPaymentText = (o: Pick<Order, 'paid' | 'online' | 'status'>): string => (awaitsOnlinePayment(o) || paymentChecking(o) ? paymentLabel(o) : paymentText(o.paid));

/** The studio must not forget money for a bouquet already given away. */
export const deliveredUnpaid = (o: Order): boolean => o.status === 'done' && o.paid?.status !== 'paid';

const fieldNames: Record<string, string> = {
  status: 'Статус', paid: 'Оплата', florist: 'Флорист', courier: 'Курьер', photo: 'Фото', cancelReason: 'Причина отмены', lines: 'Состав',
  recipient: 'Получатель', delivery: 'Доставка', date: 'Дата', slot: 'Время', postcard: 'Открытка', anonymous: 'Анонимно', comment: 'Комментарий', total: 'Итого',
  deliveryPrice: 'Доставка, ₽', created: 'Создан', online: 'Онлайн-оплата', [voidedPaymentField]: 'Отменена оплата',
};
const fieldName = (f: string): string => fieldNames[f] ?? f;

const onlineStates: Record<string, string> = { pending: 'ждёт оплаты', failed: 'не прошла', paid: 'оплачен', 'on-delivery': 'при получении', checking: 'проверяется' };
/** An online payment's step in the history: «СБП · ждёт оплаты», «SberPay · не прошла». */
const onlineText = (v: Record<string, unknown>): string =>
  [onlineMethods.find((m) => m.id === v.method)?.label ?? '', onlineStates[String(v.status)] ?? ''].filter(Boolean).join(' · ');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How the history names a courier (by record id) and a staff member (by phone): by name, from the device's records and staff directory. */
interface Namers {
  courier?: (id: string) => string;
  person?: (phone: string) => string;
}

/** A value of the order's history in words: a status by its name, money in roubles, a person by name. */
const valueText = (field: string, v: unknown, { courier: courierName = (id) => id, person = formatPhone }: Namers = {}): string => {
  if (v === undefined || v === null || v === '') return '—';
  if (field === 'status' && typeof v === 'string') return statusName(v as Order['status']);
  if (field === 'paid' && isRecord(v)) return paymentText(v as Order['paid']);
  if (field === 'florist' && typeof v === 'string') return person(v);
  if (field === 'courier' && typeof v === 'string') return courierName(v);
  if (field === 'photo') return 'снимок';
  if (field === 'online' && isRecord(v)) return onlineText(v);
  if (field === voidedPaymentField && isRecord(v)) return `причина: ${String(v.reason ?? '')}`;
  if ((field === 'total' || field === 'deliveryPrice') && typeof v === 'number') return formatRoubles(v);
  if (field === 'anonymous') return v ? 'да' : 'нет';
  if (field === 'delivery' && isRecord(v)) return v.method === 'pickup' ? 'самовывоз' : [String(v.address ?? ''), v.askRecipient ? askRecipientLabel.toLowerCase() : ''].filter(Boolean).join(', ');
  if (field === 'recipient' && isRecord(v)) return `${String(v.name ?? '')}, ${formatPhone(String(v.phone ?? ''))}`;
  if (field === 'lines' && Array.isArray(v)) return v.map((l) => (isRecord(l) ? `${String(l.name ?? l.id)} × ${String(l.count)}` : String(l))).join(', ');
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/** The fields one change touched: before and after, each in words. */
export const changeRows = (c: OrderChange, names?: Namers) =>
  [...new Set([...Object.keys(c.before), ...Object.keys(c.after)])].map((f) => ({
    field: fieldName(f),
    before: valueText(f, c.before[f], names),
    after: valueText(f, c.after[f], names),
  }));

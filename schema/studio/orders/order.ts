import { z } from 'zod';
import { day, moscowMinutes, nextDay, today } from '../../shared/day';
import { letterSize } from '../../shop/size';
import { roubles } from '../../shared/money';
import { optionalPhone, phone } from '../../shared/phone';
import { formerPayment, onlinePayment } from '../../shop/online-payment';
import { customerRefund } from '../../shop/customer-refund';
import { refCode } from '../../shared/ref-choice';
import { defaultShopSettings, slotEnd, slotPattern, slotStart, type DeliverySlot, type ShopSettings } from '../site/shop-settings';

export const orderStatuses = [
  { id: 'new', label: 'Новый' },
  { id: 'confirmed', label: 'Подтверждён' },
  { id: 'assembling', label: 'Собирается' },
  { id: 'ready', label: 'Готов' },
  { id: 'delivering', label: 'У курьера' },
  { id: 'done', label: 'Доставлен' },
  { id: 'cancelled', label: 'Отменён' },
] as const;
export const orderStatus = z.enum(['new', 'confirmed', 'assembling', 'ready', 'delivering', 'done', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatus>;

/** An order's source: any code of the studio's list «Источники заказов» (defaults: `orderSources`, schema/shared/ref-defaults.ts). */
export const orderSource = refCode('order-source', 'Выберите, откуда заказ');

/** How a paid order was paid; the draft's `payment` is only what the customer intends. */
export const paymentMethods = [
  { id: 'cash', label: 'Наличные' },
  { id: 'card', label: 'Карта' },
  { id: 'transfer', label: 'Перевод' },
] as const;
export const paymentMethod = z.enum(['cash', 'card', 'transfer']);
/**
 * How money came: the studio's methods, or online — through the shop's payment provider, or taken online elsewhere
 * (a payment link, a bank's app) and recorded by staff (issue 29, item 8; `providerPaid` in schema/studio/orders/order-money.ts tells them apart).
 */
export const paidMethods = [...paymentMethods, { id: 'online', label: 'Онлайн' }] as const;
export const paidMethod = z.enum([...paymentMethod.options, 'online']);
export type PaidMethod = z.infer<typeof paidMethod>;

/** Payment apart from status (Posiflora): unpaid until a staff member records it. */
export const orderPayment = z.strictObject({
  status: z.enum(['unpaid', 'paid']),
  method: paidMethod.optional(),
  amount: z.number().int().min(0).optional(),
  at: z.number().int().optional(),
  by: z.string().max(20).optional(),
});
export type OrderPayment = z.infer<typeof orderPayment>;
export const paymentStatuses = [
  { id: 'unpaid', label: 'Не оплачен' },
  { id: 'paid', label: 'Оплачен' },
] as const;

/** One entry of an order's history: who (staff phone), when, which command, and the fields before and after. */
const orderChange = z.strictObject({
  command: z.string().max(64),
  by: z.string().max(20),
  /** When the server applied it. */
  at: z.number().int(),
  /** When the staff member made it on their device (a command made offline is applied later); never after `at`. */
  madeAt: z.number().int().optional(),
  what: z.string().max(200),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type OrderChange = z.infer<typeof orderChange>;

/**
 * The delivery price, slots, lead time, closed days and order limits are the studio's settings (schema/studio/site/shop-settings.ts);
 * every rule below takes them, the defaults being what the code held before. These names stay for the seed's texts.
 */
export const deliveryPrice = defaultShopSettings.deliveryPrice;
export const freeDeliveryFrom = defaultShopSettings.freeDeliveryFrom;
export const deliverySlots: readonly DeliverySlot[] = defaultShopSettings.slots;
export const leadMinutes = defaultShopSettings.leadMinutes;
export const maxUnitsPerProduct = defaultShopSettings.maxUnitsPerProduct;
export type { DeliverySlot };

/** Courier delivery within MKAD costs the set price; free from the set sum of goods; pickup at the studio is free. */
export const deliveryCost = (method: 'courier' | 'pickup', goods: number, s: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'> = defaultShopSettings): number =>
  method === 'pickup' || goods >= s.freeDeliveryFrom ? 0 : s.deliveryPrice;

/** The slots in the order of the day, as every list shows them. */
export const slotsOfDay = (s: Pick<ShopSettings, 'slots'> = defaultShopSettings): DeliverySlot[] => [...s.slots].sort((a, b) => slotStart(a) - slotStart(b));

/** Slots still open on `date` (Moscow time): every slot of a later day, none of a past or closed one; today's while their end is the lead time off. */
export const openSlots = (date: string, now = new Date(), s: Pick<ShopSettings, 'slots' | 'leadMinutes' | 'closedDays'> = defaultShopSettings): DeliverySlot[] => {
  const t = today(now);
  if (s.closedDays.includes(date)) return [];
  if (date !== t) return date > t ? slotsOfDay(s) : [];
  return slotsOfDay(s).filter((slot) => slotEnd(slot) - moscowMinutes(now) >= s.leadMinutes);
};

/** The last day an order may be delivered on, booked today. */
export const lastDeliveryDay = (now = new Date(), s: Pick<ShopSettings, 'bookingDays'> = defaultShopSettings): string => {
  let d = today(now);
  for (let i = 0; i < s.bookingDays; i++) d = nextDay(d);
  return d;
};

/** The first day a new order can still be delivered: today, or the next day with an open slot (closed days skipped). */
export const firstDeliveryDay = (now = new Date(), s: Pick<ShopSettings, 'slots' | 'leadMinutes' | 'closedDays' | 'bookingDays'> = defaultShopSettings): string => {
  const last = lastDeliveryDay(now, s);
  for (let d = today(now); d <= last; d = nextDay(d)) if (openSlots(d, now, s).length) return d;
  return nextDay(today(now));
};

/**
 * What a well-shaped draft may still not ask for: more than the limit of one product (in one line or over its sizes),
 * a day too far ahead. Not in the draft's shape: devices keep drafts in their outbox under a schema derived from it,
 * and a limit that moves must not make a stored draft unreadable. Larger or earlier-booked orders go through the
 * studio by phone.
 */
export const draftLimitIssues = (draft: Pick<OrderDraft, 'lines' | 'date'>, now = new Date(), s: Pick<ShopSettings, 'maxUnitsPerProduct' | 'bookingDays'> = defaultShopSettings): { path: string; message: string }[] => {
  const issues: { path: string; message: string }[] = [];
  const units = new Map<string, number>();
  for (const l of draft.lines) units.set(l.id, (units.get(l.id) ?? 0) + l.count);
  if ([...units.values()].some((n) => n > s.maxUnitsPerProduct))
    issues.push({ path: 'lines', message: `Не больше ${s.maxUnitsPerProduct} шт. одного товара в заказе — для большего заказа позвоните в студию` });
  if (draft.date > lastDeliveryDay(now, s))
    issues.push({ path: 'date', message: `Заказ можно оформить не больше чем на ${s.bookingDays} дней вперёд — на более поздний срок позвоните в студию` });
  return issues;
};

const person = z.strictObject({
  name: z.string().trim().min(1, 'Укажите имя').max(100, 'Имя длиннее 100 символов'),
  phone,
});

/** «Уточнить адрес у получателя»: the studio calls the recipient for the address instead of the customer typing it. */
export const askRecipientLabel = 'Уточнить адрес у получателя';

/**
 * Courier delivery: an address, or `askRecipient` (then the address may be empty or partial). Drafts stored before
 * the flag carry an address of 5 characters or more, so they still parse.
 */
const courierDelivery = z
  .strictObject({ method: z.literal('courier'), address: z.string().trim().max(300).default(''), askRecipient: z.boolean().optional() })
  .refine((d) => d.askRecipient || d.address.length >= 5, { path: ['address'], error: 'Укажите адрес доставки' });

/** Where an order goes, in words, for every screen that lists orders. */
export const deliveryPlace = (delivery: OrderDraft['delivery']): string => {
  if (delivery.method === 'pickup') return 'Самовывоз из студии';
  if (!delivery.askRecipient) return delivery.address;
  return delivery.address ? `${delivery.address} (${askRecipientLabel.toLowerCase()})` : askRecipientLabel;
};

/** What the customer's device submits. No prices: the server reads them from the catalogue. */
export const orderDraft = z
  .strictObject({
    /** Made on the device; submitting the same id twice creates one order. */
    id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    lines: z
      .array(z.strictObject({ id: z.string().min(1).max(64), count: z.number().int().min(1).max(999), letterSize: letterSize.optional() }))
      .min(1, 'Корзина пуста')
      .max(50),
    sender: person,
    recipient: person,
    delivery: z.discriminatedUnion('method', [courierDelivery, z.strictObject({ method: z.literal('pickup') })]),
    date: day,
    slot: z.string({ error: 'Выберите время доставки' }).regex(slotPattern, 'Выберите время доставки'),
    postcard: z.string().max(500, 'Текст открытки длиннее 500 символов').default(''),
    anonymous: z.boolean().default(false),
    comment: z.string().max(1000, 'Комментарий длиннее 1000 символов').default(''),
    payment: z.enum(['cash', 'card'], { error: 'Выберите способ оплаты' }),
    /**
     * The courier's price the customer was shown (the device's copy of the settings). When the studio has changed it
     * since, the server refuses the draft with 409 and the new total rather than charge a price the customer did not
     * see (DECISIONS «The delivery price the customer saw»). Absent on drafts stored before it and on studio orders.
     */
    deliveryPrice: roubles.optional(),
  });
export type OrderDraft = z.infer<typeof orderDraft>;

/** An order's number as a person reads it. */
const orderNumber = z.number().int().min(1);

/**
 * What a device sends to place an order: the draft, and, when the device sends again an order the shop lost in a
 * restore from a backup, the number the order had before it (`formerNumber`): kept if still free, else the order gets
 * a new one and says so (DECISIONS «Orders a restore lost come back from the devices»); and, for an order that was paid
 * online, the payment its copy named (`formerPayment`), read at YooKassa before the order is marked paid (DECISIONS «A paid
 * order a restore lost»).
 */
export const placeRequest = orderDraft.extend({ formerNumber: orderNumber.optional(), formerPayment: formerPayment.optional() });
export type PlaceRequest = z.infer<typeof placeRequest>;

/** Stored orders keep what they were accepted with, whatever the limits are today. */
const orderLine = z.strictObject({
  id: z.string(),
  art: z.string(),
  name: z.string(),
  image: z.string(),
  count: z.number().int().min(1),
  letterSize: letterSize.optional(),
  price: roubles,
  priceFactor: z.number().positive(),
  sum: roubles,
});
export type OrderLine = z.infer<typeof orderLine>;

/**
 * A person as a stored order names them: a walk-in buyer at the counter has no phone (`''`, DECISIONS «Counter sale
 * completes at once»). The same JSON as `person` (a phone's output is a string either way), so devices' stores stay as they are.
 */
const storedPerson = person.extend({ phone: optionalPhone });

/** Who a walk-in counter sale names when the buyer gave no name. */
export const walkInName = 'Покупатель в студии';

/** An accepted order, as the server stores it. */
export const order = orderDraft.extend({
  number: orderNumber,
  /** The number a device knew this order by before the shop was restored from a backup, when it could not be kept. */
  formerNumber: orderNumber.optional(),
  /** The customer's phone; `''` for a walk-in counter sale (no card, no copy in /my). */
  customer: z.string(),
  sender: storedPerson,
  recipient: storedPerson,
  lines: z.array(orderLine),
  deliveryPrice: roubles,
  total: roubles,
  status: orderStatus,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** The studio's side (issue 10). Absent on orders stored before it: read as a site order, unpaid, unassigned. */
  source: orderSource.optional(),
  paid: orderPayment.optional(),
  /** The florist's phone (a staff user) and the courier's record id (office entity `courier`). */
  florist: z.string().max(20).optional(),
  courier: z.string().max(64).optional(),
  /** The finished bouquet's photo, as `/api/photos/{id}`; the customer sees it in /my. */
  photo: z.string().max(200).optional(),
  cancelReason: z.string().max(500).optional(),
  /** Chosen to be paid online (schema/shop/online-payment.ts): held until paid or until the time runs out. */
  online: onlinePayment.optional(),
  /**
   * The client card's «Важно для каждого заказа» (an allergy), stamped by the server on the staff copy when it is
   * written and again when the card's note changes; the customer's copy leaves it out (DECISIONS «The client's note on orders»).
   */
  clientNote: z.string().max(200).optional(),
  /** Staff copies only (`studio-orders`); the customer's copy leaves it out. Oldest first. */
  history: z.array(orderChange).optional(),
  /**
   * The customer's copy only (`orders-{phone}`): money going back through YooKassa, oldest first, as /my tells it
   * (schema/shop/customer-refund.ts); staff read the refunds themselves on the order page.
   */
  refunds: z.array(customerRefund).max(50).optional(),
});
export type Order = z.infer<typeof order>;

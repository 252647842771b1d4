import { z } from 'zod';
import { day } from '../../shared/day';

/** A delivery slot as the checkout offers it: «09:00–12:00» (an en dash), Moscow time, ending after it starts. */
export const slotPattern = /^([01]\d|2[0-3]):[0-5]\d–(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export type DeliverySlot = string;

/** Minutes since midnight of a slot's start and end. */
export const slotStart = (slot: DeliverySlot): number => Number(slot.slice(0, 2)) * 60 + Number(slot.slice(3, 5));
export const slotEnd = (slot: DeliverySlot): number => Number(slot.slice(-5, -3)) * 60 + Number(slot.slice(-2));

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what}: укажите число` })
    .int(`${what}: целое число`)
    .min(min, min === 0 ? `${what} не может быть меньше нуля` : `${what}: не меньше ${min}`)
    .max(max, `${what}: не больше ${max}`);

const counterId = (what: string) => z.string().trim().regex(/^\d{0,12}$/, `${what}: только цифры номера счётчика, или пусто`);

/**
 * What the studio sets for everyone (issue 21, item 5): read by the storefront (checkout, the cart's hint) and by the
 * server's pricing and limits alike. Public: kept in the `pages` database every device pulls (`shopSettingsId`), so a
 * device holds it offline and every app server reads the same stored copy. Field rules only: what depends on the
 * fields together (a slot list that leaves no open slot) is `settingsProblems`, checked when an admin saves, so a copy
 * saved under one day's rules still parses on another.
 */
export const shopSettings = z.strictObject({
  /** Courier delivery within MKAD. */
  deliveryPrice: whole('Стоимость доставки', 0, 100_000),
  /** Goods from this sum ride free (0: always free). */
  freeDeliveryFrom: whole('Порог бесплатной доставки', 0, 10_000_000),
  slots: z.array(z.string().trim().regex(slotPattern, 'Интервал доставки: ЧЧ:ММ–ЧЧ:ММ, например 09:00–12:00')).max(24, 'Не больше 24 интервалов доставки'),
  /** The studio needs this long to assemble and bring a bouquet: a slot is open while its end is at least this far off. */
  leadMinutes: whole('Время на сборку перед интервалом, минут', 0, 24 * 60),
  /** Days nobody delivers (holidays, the studio closed): no slot is open on them. */
  closedDays: z.array(day).max(366, 'Не больше 366 закрытых дней'),
  /** Limits against hoarding (DECISIONS.md «Orders»): units of one product in one order, and how far ahead it is booked. */
  maxUnitsPerProduct: whole('Штук одного товара в заказе', 1, 999),
  bookingDays: whole('Дней вперёд для заказа', 1, 365),
  /** How many days before a client's important date its reminder appears (server/clients/reminders.ts). */
  reminderDaysAhead: whole('Напоминание о дате клиента, дней', 0, 60),
  metrikaId: counterId('Яндекс Метрика'),
  tmrId: counterId('Top@Mail.Ru'),
});
export type ShopSettings = z.infer<typeof shopSettings>;

/** What the shop uses until an admin saves settings: the constants the code held before. */
export const defaultShopSettings: ShopSettings = {
  deliveryPrice: 490,
  freeDeliveryFrom: 7_000,
  slots: ['09:00–12:00', '12:00–15:00', '15:00–18:00', '18:00–21:00', '21:00–23:00'],
  leadMinutes: 120,
  closedDays: [],
  maxUnitsPerProduct: 10,
  bookingDays: 30,
  reminderDaysAhead: 7,
  metrikaId: '',
  tmrId: '',
};

/** The one document of the `pages` database that carries the settings (like the studio's profile, it is no page). */
export const shopSettingsId = 'shop-settings';

/** The counter ids a storefront page loads its counters by ('' : that counter is off). */
export interface CounterIds {
  metrika: string;
  tmr: string;
}

/**
 * The counters the settings switch on (issue 21): the ids an admin saved, none outside the storefront (nothing is
 * counted on /admin). The server names them in each storefront page (`countersMeta`) and allows their hosts in that
 * page's Content-Security-Policy; the page loads them after its first view (client/shared/analytics/).
 */
export const countersOf = (settings: Pick<ShopSettings, 'metrikaId' | 'tmrId'>, path: string): CounterIds =>
  path === '/admin' || path.startsWith('/admin/') ? { metrika: '', tmr: '' } : { metrika: settings.metrikaId, tmr: settings.tmrId };

/** The `<meta name>` that carries a page's counter ids in `data-metrika` and `data-tmr` (absent: no counter). */
export const countersMeta = 'shop-counters';

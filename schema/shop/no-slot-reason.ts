import { today } from '../shared/day';
import { defaultShopSettings, type ShopSettings } from '../studio/site/shop-settings';

/**
 * Why a day offers no delivery slot, in the words both forms say (the checkout as its time list's first line, the studio's order form beside the date):
 * a day the studio closed (the settings' closedDays), a day gone by, today once its last slot has closed. Asked only
 * when the day's list of slots (`openSlots` in schema/studio/orders/order.ts, or the studio's own) is empty: a later open day
 * always has one. A file of its own: only the checkout's and the studio's chunks read it, so the storefront's first
 * view, which holds schema/studio/orders/order.ts, does not grow.
 */
export const noSlotReason = (date: string, now = new Date(), s: Pick<ShopSettings, 'closedDays'> = defaultShopSettings): string =>
  s.closedDays.includes(date) ? 'Студия в этот день не работает'
  : date < today(now) ? 'Этот день уже прошёл — выберите другой'
  : 'На сегодня все интервалы закрыты — выберите другой день';

import { type DeliverySlot, type Order, type OrderStatus } from '../../../../schema/studio/orders/order';
import { slotStart } from '../../../../schema/studio/site/shop-settings';
import { isCounterSale } from '../../../../schema/studio/orders/order-command';
import { nationalDigits } from '../../../../schema/shared/phone';
import { unassigned, type BoardSearch } from './board-search';

/** What the board's filters (besides the days, which the query reads by index) ask of an order. */
type BoardFilters = Pick<BoardSearch, 'status' | 'paid' | 'florist' | 'courier' | 'source' | 'q'>;

/** Orders stored before the studio's fields came read as a site order, unpaid, unassigned (schema/studio/orders/order.ts). */
export const sourceOf = (o: Order) => o.source ?? 'site';
export const paidOf = (o: Order) => o.paid?.status ?? 'unpaid';

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * Whether an order matches a search text: its number («1042» or «№1042»), a phone (any part of the sender's,
 * the recipient's or the customer's, however typed: +7, 8, spaces) or a name (sender or recipient, any case).
 */
export const matchesText = (o: Order, text: string): boolean => {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  const digits = digitsOf(q);
  if (digits && /^[№#\s\d]+$/.test(q) && String(o.number) === digits) return true;
  if (digits.length >= 3) {
    // Typed with +7 or 8 in front, a phone is also compared by its national part.
    const parts = /^[78]/.test(digits) ? [digits, nationalDigits(digits)] : [digits];
    if ([o.sender.phone, o.recipient.phone, o.customer].some((p) => parts.some((d) => p.includes(d)))) return true;
  }
  return [o.sender.name, o.recipient.name].some((n) => n.toLowerCase().includes(q));
};

const assigned = (value: string | undefined, wanted: string | undefined) =>
  !wanted || (wanted === unassigned ? !value : value === wanted);

/** The orders that pass every filter given. */
export const filterOrders = (orders: readonly Order[], f: BoardFilters): Order[] =>
  orders.filter(
    (o) =>
      (!f.status || o.status === f.status) &&
      (!f.paid || paidOf(o) === f.paid) &&
      (!f.source || sourceOf(o) === f.source) &&
      assigned(o.florist, f.florist) &&
      assigned(o.courier, f.courier) &&
      (!f.q || matchesText(o, f.q)),
  );

interface SlotGroup {
  /** `${date} ${slot}` (`${date} counter` for the counter's sales): unique on a board of several days. */
  key: string;
  date: string;
  /** What the group is headed with: the slot, or «Продажи в студии». */
  title: DeliverySlot | typeof counterSales;
  orders: Order[];
}

/** Sales at the counter were handed over when made: no slot is theirs, they close the day's board. */
export const counterSales = 'Продажи в студии';

/** Slots by the time they start (whatever slots the settings name now or named when the order was taken); the counter's last. */
const groupRank = (g: SlotGroup) => (g.title === counterSales ? Infinity : slotStart(g.title));

/** Orders by delivery day and slot in time order, the counter's sales after; within a group, by number (the order they came in). */
export const groupBySlot = (orders: readonly Order[]): SlotGroup[] => {
  const groups = new Map<string, SlotGroup>();
  for (const o of orders) {
    const counter = isCounterSale(o);
    const key = `${o.date} ${counter ? 'counter' : o.slot}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, date: o.date, title: counter ? counterSales : o.slot, orders: [] }));
    g.orders.push(o);
  }
  const sorted = [...groups.values()].sort((a, b) => (a.date === b.date ? groupRank(a) - groupRank(b) : a.date < b.date ? -1 : 1));
  for (const g of sorted) g.orders.sort((a, b) => a.number - b.number);
  return sorted;
};

/** How many orders of each status (every status present, zeros included, in the lifecycle's order). */
export const statusCounts = (orders: readonly Order[]): Record<OrderStatus, number> => {
  const counts: Record<OrderStatus, number> = { new: 0, confirmed: 0, assembling: 0, ready: 0, delivering: 0, done: 0, cancelled: 0 };
  for (const o of orders) counts[o.status]++;
  return counts;
};

/**
 * The client's note, marked on the card. The site has one comment field and no «critical» flag, so every note a
 * client wrote is treated as one the florist must read (docs/DECISIONS.md «Orders board»).
 */
export const clientNote = (o: Order): string | null => o.comment.trim() || null;

import { deliveryPlace, type Order } from '../../../../schema/studio/orders/order';
import { slotPattern, slotStart } from '../../../../schema/studio/site/shop-settings';
import { owed } from '../../../../schema/studio/orders/order-money';
import type { OrderCommandView } from '../../../data/order-commands';

/**
 * The couriers' day (/admin/couriers): who takes which delivery on a day, in slot order, what each collects and
 * what each earns. Pure, from the device's orders and the office's couriers.
 */
export interface DayCourier {
  id: string;
  name: string;
  phone: string;
  feePerDelivery: number;
  active: boolean;
}

export interface Delivery {
  id: string;
  number: number;
  slot: string;
  address: string;
  recipient: { name: string; phone: string };
  postcard: boolean;
  anonymous: boolean;
  comment: string;
  status: Order['status'];
  total: number;
  /** What the courier takes from the recipient: what is still owed (the total of an unpaid order, nothing of a paid one). */
  toCollect: number;
  /** Handed to this courier (or taken back) on this device, not yet applied by the server. */
  pending?: true;
}

export interface CourierRoute {
  courier: DayCourier;
  deliveries: Delivery[];
  toCollect: number;
  /** The courier's pay for the day: the fee per delivery times the deliveries. */
  fee: number;
}

export interface CouriersDay {
  routes: CourierRoute[];
  /** Deliveries of the day nobody takes yet, or whose courier the device does not know. */
  unassigned: Delivery[];
  fees: number;
  toCollect: number;
}

/** What is still owed (schema/studio/orders/order-money.ts): an unpaid order in full, the rest of a part payment, nothing of a paid one. */
export const toCollect = (o: Pick<Order, 'total' | 'paid'> & Partial<Pick<Order, 'history'>>): number => owed(o);

/** Slots by the time they start: whatever slots the settings name now or named when the order was taken. */
const slotRank = (slot: string) => (slotPattern.test(slot) ? slotStart(slot) : 24 * 60);

/** A courier's route: slot by slot, then by number (the order taken first goes first). */
const bySlot = (a: Pick<Delivery, 'slot' | 'number'>, b: Pick<Delivery, 'slot' | 'number'>): number => slotRank(a.slot) - slotRank(b.slot) || a.number - b.number;

/** A courier handed (or taken back, null) on this device; `sent`: the server applied it, the order has not come back with it yet. */
export interface Assignment {
  courier: string | null;
  sent: boolean;
}

/**
 * Assignments made on this device that the device's orders do not show yet: the order's courier as the device will
 * have it. One the server has not answered waits to be sent; one it applied counts until the order comes back naming
 * it in its history (commands and orders are pulled apart, so the outcome can arrive first: the route emptied, then
 * filled again). The latest command of an order wins, as it does on the server; a refused one changes nothing.
 */
export const pendingAssignments = (commands: readonly OrderCommandView[], orders: readonly Pick<Order, 'id' | 'history'>[] = []): Map<string, Assignment> => {
  const shown = new Set(orders.flatMap((o) => (o.history ?? []).map((h) => h.command)));
  const out = new Map<string, Assignment>();
  for (const c of [...commands].sort((a, b) => a.createdAt - b.createdAt)) {
    if (c.action.kind !== 'assign' || c.action.courier === undefined || c.state === 'refused') continue;
    if (c.state === 'pending') out.set(c.order, { courier: c.action.courier, sent: false });
    else if (shown.has(c.id)) out.delete(c.order);
    else out.set(c.order, { courier: c.action.courier, sent: true });
  }
  return out;
};

const deliveryOf = (o: Order): Delivery => ({
  id: o.id,
  number: o.number,
  slot: o.slot,
  address: o.delivery.method === 'courier' ? deliveryPlace(o.delivery) : '',
  recipient: o.recipient,
  postcard: o.postcard.trim() !== '',
  anonymous: o.anonymous,
  comment: o.comment,
  status: o.status,
  total: o.total,
  toCollect: toCollect(o),
});

/** The courier deliveries of a day: pickups and cancelled orders are nobody's route. */
const isDeliveryOn = (o: Pick<Order, 'date' | 'delivery' | 'status'>, day: string): boolean => o.date === day && o.delivery.method === 'courier' && o.status !== 'cancelled';

/**
 * The day: every courier with a delivery, and every active one (free to take more), by name; the deliveries
 * without a courier apart. Sums over the day's deliveries only.
 */
export const couriersDay = (orders: readonly Order[], couriers: readonly DayCourier[], day: string, pending: ReadonlyMap<string, Assignment> = new Map()): CouriersDay => {
  const deliveries = orders.filter((o) => isDeliveryOn(o, day));
  const known = new Map(couriers.map((c) => [c.id, c]));
  const routes = new Map<string, Delivery[]>();
  const unassigned: Delivery[] = [];
  for (const o of deliveries) {
    const assignment = pending.get(o.id);
    const moved = assignment !== undefined && assignment.courier !== (o.courier ?? null);
    const courier = moved ? assignment.courier : o.courier;
    // An order not numbered yet (taken offline) waits to be sent, as does a courier handed on this device.
    const delivery: Delivery = { ...deliveryOf(o), ...((moved && !assignment.sent) || o.number === 0 ? { pending: true as const } : {}) };
    if (courier && known.has(courier)) routes.set(courier, [...(routes.get(courier) ?? []), delivery]);
    else unassigned.push(delivery);
  }
  const shown = couriers.filter((c) => c.active || routes.has(c.id)).sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  const list = shown.map((courier): CourierRoute => {
    const ds = (routes.get(courier.id) ?? []).sort(bySlot);
    return { courier, deliveries: ds, toCollect: ds.reduce((s, d) => s + d.toCollect, 0), fee: ds.length * courier.feePerDelivery };
  });
  return {
    routes: list,
    unassigned: unassigned.sort(bySlot),
    fees: list.reduce((s, r) => s + r.fee, 0),
    toCollect: list.reduce((s, r) => s + r.toCollect, 0) + unassigned.reduce((s, d) => s + d.toCollect, 0),
  };
};

/** A weekday after «на» (accusative): «на среду», «на пятницу», «на воскресенье». */
const weekdayAfterNa = (weekday: string): string => weekday.replace(/а$/, 'у');
const headingFormat = new Intl.DateTimeFormat('ru-RU', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The day's heading: «Курьеры на среду, 25 ноября». */
export const couriersHeading = (day: string): string => {
  const parts = headingFormat.formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `Курьеры на ${weekdayAfterNa(part('weekday'))}, ${part('day')} ${part('month')}`;
};

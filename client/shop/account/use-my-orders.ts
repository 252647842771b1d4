import { useMemo } from 'react';
import { combineLatest, switchMap } from 'rxjs';
import { deliveryPlace, orderStatuses, type Order, type OrderDraft } from '../../../schema/studio/orders/order';
import { customerMayCancel } from '../../../schema/studio/orders/order-lifecycle';
import { awaitsOnlinePayment, onlineRefundNote, paymentChecking } from '../../../schema/shop/online-payment';
import { paymentCheckingLabel, paymentLabel } from '../../../schema/studio/orders/payment-label';
import { formatRoubles } from '../../../schema/shared/money';
import { customerRefundText, returnedToCustomer } from '../../../schema/shop/customer-refund';
import { owed, received } from '../../../schema/studio/orders/order-money';
import type { PendingOrder } from '../../data/collections';
import type { LocalData } from '../../data/database';
import { useLocal } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';

const pendingLabel = 'Ожидает отправки';

/** One row of "my orders": an order the server holds, or one still on this device. */
export interface MyOrder {
  id: string;
  number?: number;
  /**
   * The number the customer knew the order by before the shop was restored from a backup: on an order that got
   * another, or on one waiting on this device to be sent again.
   */
  formerNumber?: number;
  date: string;
  slot: string;
  recipient: string;
  /** Where it goes: the address, or pickup at the studio. */
  place: string;
  /** What was ordered, in words: «Букет «Нежность» (L) × 2». A draft's names come from the device's catalogue. */
  items: string[];
  total?: number;
  status: Order['status'] | 'pending' | 'refused';
  statusLabel: string;
  error?: string;
  createdAt: number;
  /** The finished bouquet's photo once the studio took it (`/api/photos/{id}`). */
  photo?: string;
  /** What was ordered, for «Повторить заказ». */
  lines: OrderDraft['lines'];
  /** The customer may still cancel it here (before assembly; schema/studio/orders/order-lifecycle.ts). */
  cancellable: boolean;
  /** The postcard's text, as the customer wrote it. */
  postcard: string;
  anonymous: boolean;
  /** «Оплачен онлайн», «Ждёт оплаты онлайн», «При получении, наличными»… */
  payment: string;
  /** Paid online, not paid yet: the customer may pay again from the thank-you page. */
  awaitsPayment: boolean;
  /** Money going back, a line each: through YooKassa («Возвращено 1 000 ₽ на карту», «Возвращаем…», «…задерживается») or handed back by the studio («Возвращено 1 500 ₽ наличными»). */
  refunds: string[];
}

/** What the customer chose to pay on delivery with, in words. */
const onDelivery = (d: Pick<OrderDraft, 'payment'>) => (d.payment === 'card' ? 'При получении, картой' : 'При получении, наличными');

/** The payment as the customer should read it: going back through YooKassa, paid, waiting for the online payment, or what they will pay with (the rest, after a part payment). */
const paymentOf = (o: Order) => {
  const back = onlineRefundNote(o);
  if (back) return back;
  if (o.paid?.status === 'paid' || awaitsOnlinePayment(o) || paymentChecking(o)) return paymentLabel(o);
  // Money the studio gave back is not money the customer still owes: an order paid online with part of it returned reads paid.
  const returned = returnedToCustomer(o.refunds);
  // A cancelled order paid at the studio whose money was handed back: nothing is paid on delivery any more.
  if (o.status === 'cancelled' && returned > 0) return received(o) > 0 ? `Заказ отменён: возвращено ${formatRoubles(returned)} из ${formatRoubles(received(o) + returned)}` : 'Заказ отменён: оплата возвращена';
  if (returned > 0 && received(o) + returned >= o.total) return paymentLabel({ ...o, paid: { ...o.paid, status: 'paid' } });
  // Nothing is paid on delivery for a cancelled order: it reads what was paid, if anything.
  if (o.status === 'cancelled') return received(o) > 0 ? `Заказ отменён: оплачено ${formatRoubles(received(o))}` : 'Заказ отменён: оплачивать не нужно';
  if (received(o) > 0) return `Оплачено ${formatRoubles(received(o))}, остальные ${formatRoubles(owed(o))} — ${onDelivery(o).toLowerCase()}`;
  return onDelivery(o);
};

const statusLabel = (status: Order['status']): string => orderStatuses.find((s) => s.id === status)?.label ?? status;

const placeOf = (d: OrderDraft) => (d.delivery.method === 'pickup' ? 'самовывоз из студии' : deliveryPlace(d.delivery));

const lineLabel = (name: string, count: number, letterSize?: string) => `${name}${letterSize ? ` (${letterSize})` : ''} × ${count}`;

const fromOrder = (o: Order): MyOrder => ({
  id: o.id,
  number: o.number,
  ...(o.formerNumber ? { formerNumber: o.formerNumber } : {}),
  date: o.date,
  slot: o.slot,
  recipient: o.recipient.name,
  place: placeOf(o),
  items: o.lines.map((l) => lineLabel(l.name, l.count, l.letterSize)),
  total: o.total,
  status: o.status,
  statusLabel: statusLabel(o.status),
  createdAt: o.createdAt,
  ...(o.photo ? { photo: o.photo } : {}),
  lines: o.lines.map(({ id, count, letterSize }) => ({ id, count, ...(letterSize ? { letterSize } : {}) })),
  cancellable: customerMayCancel(o.status),
  postcard: o.postcard,
  anonymous: o.anonymous,
  payment: paymentOf(o),
  awaitsPayment: awaitsOnlinePayment(o),
  refunds: (o.refunds ?? []).map((r) => customerRefundText(r, o.online?.method)),
});

const fromPending = (p: PendingOrder, names: Map<string, string>): MyOrder => {
  const status = p.error ? 'refused' : p.number ? 'new' : 'pending';
  return {
    id: p.id,
    number: p.number,
    ...(p.formerNumber ? { formerNumber: p.formerNumber } : {}),
    date: p.date,
    slot: p.slot,
    recipient: p.recipient.name,
    place: placeOf(p),
    items: p.lines.map((l) => lineLabel(names.get(l.id) ?? 'Товар', l.count, l.letterSize)),
    total: p.total,
    status,
    statusLabel: status === 'refused' ? 'Не принят' : status === 'new' ? statusLabel('new') : pendingLabel,
    error: p.error,
    createdAt: p.createdAt,
    lines: p.lines,
    cancellable: false,
    postcard: p.postcard,
    anonymous: p.anonymous,
    // An order a restore lost that was paid online: the shop reads its payment when the draft arrives.
    payment: p.formerPayment ? paymentCheckingLabel : onDelivery(p),
    awaitsPayment: false,
    refunds: [],
  };
};

const namesOf = async (data: LocalData, drafts: PendingOrder[]): Promise<Map<string, string>> => {
  const ids = [...new Set(drafts.flatMap((d) => d.lines.map((l) => l.id)))];
  if (!ids.length) return new Map();
  const found = await data.shop.products.findByIds(ids).exec();
  return new Map([...found].map(([id, doc]) => [id, doc.name]));
};

/** The customer's orders, live: pulled from their `orders-{phone}` plus the drafts still waiting on this device. */
export const useMyOrders = (phone: string | undefined): MyOrder[] => {
  const { data } = useLocal();
  const orders$ = useMemo(
    () =>
      combineLatest([data.shop.orders.find({ selector: { customer: phone ?? '-' } }).$, data.shop.pendingOrders.find({ selector: { owner: phone ?? '-' } }).$]).pipe(
        switchMap(([orders, pending]) => {
          const known = new Set(orders.map((o) => o.id));
          const drafts = pending.filter((p) => !known.has(p.id)).map((p) => p.toJSON() as PendingOrder);
          return namesOf(data, drafts).then((names) =>
            [...orders.map((o) => fromOrder(o.toJSON() as Order)), ...drafts.map((p) => fromPending(p, names))].sort((a, b) => b.createdAt - a.createdAt),
          );
        }),
      ),
    [data, phone],
  );
  return useObservable(orders$, []);
};

import { lineSum } from '../../../../schema/shop/cart';
import { deliveryCost, type Order } from '../../../../schema/studio/orders/order';
import { defaultShopSettings, type ShopSettings } from '../../../../schema/studio/site/shop-settings';
import { paymentReversal, recordedPayment, refundOutcome } from '../../../../schema/studio/orders/order-money';
import { unitPrice, type Product } from '../../../../schema/shop/product';
import { priceFactorOf } from '../../../../schema/shop/size';
import { assemblingFlorist } from '../../../../schema/studio/orders/order-lifecycle';
import type { OrderCommandView } from '../../../data/order-commands';

/**
 * The order as this device will have it once its pending commands are applied: what the page shows and acts on
 * offline (the florist confirms, then assembles, without waiting for the network). The server's copy stays the
 * truth: a command it refuses drops out of the projection and its reason is shown instead. A product an edit adds is
 * shown from the device's catalogue (`products`) at its catalogue price until the server prices it.
 */
export const projectedOrder = (order: Order, commands: readonly OrderCommandView[], products: ReadonlyMap<string, Product> = new Map(), settings: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'> = defaultShopSettings): Order => {
  let o = order;
  for (const c of commands) {
    if (c.state !== 'pending') continue;
    const a = c.action;
    if (a.kind === 'status') {
      const florist = assemblingFlorist(o.florist, a.to, c.by);
      o = { ...o, status: a.to, ...(a.to === 'cancelled' && a.reason ? { cancelReason: a.reason } : {}), ...(florist ? { florist } : {}) };
    }
    else if (a.kind === 'payment') o = { ...o, paid: a.status === 'paid' ? recordedPayment(o.total, a.method, a.amount ?? o.total, c.createdAt, c.by) : { status: 'unpaid', at: c.createdAt, by: c.by } };
    else if (a.kind === 'assign') {
      const { florist: _f, courier: _c, ...rest } = o;
      const florist = a.florist === undefined ? o.florist : a.florist ?? undefined;
      const courier = a.courier === undefined ? o.courier : a.courier ?? undefined;
      o = { ...rest, ...(florist ? { florist } : {}), ...(courier ? { courier } : {}) };
    } else if (a.kind === 'edit') {
      const { kind: _k, seenUpdatedAt: _s, lines, ...fields } = a;
      const was = o.lines;
      const next = lines ? lines.flatMap((n) => lineOf(n, was.find((l) => l.id === n.id && l.letterSize === n.letterSize), products)) : was;
      o = { ...o, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)), lines: next.map((l) => ({ ...l, sum: lineSum(l) })) };
      if (lines || fields.delivery) {
        const goods = o.lines.reduce((sum, l) => sum + l.sum, 0);
        const deliveryPrice = deliveryCost(o.delivery.method, goods, settings);
        o = { ...o, deliveryPrice, total: goods + deliveryPrice };
      }
    } else if (a.kind === 'photo') o = { ...o, photo: a.image };
    else if (a.kind === 'void-payment') {
      // Shown as the server will have it; one it would refuse (reversed already, online) changes nothing here either.
      const reversal = paymentReversal(o, a.payment, a.reason);
      if (reversal.ok) {
        const { paid: _reversed, ...rest } = o;
        o = reversal.paid ? { ...rest, paid: reversal.paid } : rest;
      }
    } else if (a.kind === 'refund') {
      const refund = refundOutcome(o, a.payment, a.amount);
      if (refund.ok) o = { ...o, paid: refund.paid };
    }
  }
  return o;
};

type DraftLine = { id: string; count: number; letterSize?: Order['lines'][number]['letterSize'] };

/** An edit's line: the order's own with its new count, or an added product as the catalogue prices it (if known). */
const lineOf = (n: DraftLine, own: Order['lines'][number] | undefined, products: ReadonlyMap<string, Product>): Order['lines'] => {
  if (own) return [{ ...own, count: n.count }];
  const p = products.get(n.id);
  if (!p) return [];
  const letterSize = p.sizable ? n.letterSize : undefined;
  return [{ id: p.id, art: p.art, name: p.name, image: p.images[0]?.url ?? '', count: n.count, ...(letterSize ? { letterSize } : {}), price: unitPrice(p), priceFactor: priceFactorOf(letterSize), sum: 0 }];
};

/** The order's `updatedAt` an edit is based on: the server copy's (pending edits are not the server's yet). */
export const seenUpdatedAt = (order: Order): number => order.updatedAt;

import { Router } from 'express';
import { z } from 'zod';
import { listRequest } from '../../schema/api';
import { lineSum } from '../../schema/cart';
import { customerOrdersDb } from '../../schema/databases';
import { today } from '../../schema/day';
import type { ShopEvent } from '../../schema/event';
import { deliveryCost, openSlots, order, orderDraft, orderStatus, type Order, type OrderDraft } from '../../schema/order';
import { phone } from '../../schema/phone';
import { unitPrice, type Product } from '../../schema/product';
import { priceFactorOf } from '../../schema/size';
import type { User } from '../../schema/user';
import type { Shop } from '../context';
import { stripMeta, upsert } from '../db/docs';
import { allSynced, getSynced, toSynced } from '../db/synced';
import type { CatalogIndex } from '../db/catalog-index';
import { stock } from '../db/stock';
import { HttpError, notFound } from '../http/errors';
import { pageOf } from '../http/paging';
import { parse } from '../http/parse';
import { route } from '../http/route';
import { limitRate } from '../auth/rate-limit';

export const orderListRequest = z.strictObject({
  params: listRequest.shape.params,
  query: z.strictObject({ status: orderStatus.optional(), customer: phone.optional() }).default({}),
});
export const statusUpdate = z.strictObject({ id: orderDraft.shape.id, status: orderStatus });

/** The counter of human order numbers: one document, incremented with conflict retry, so processes sharing CouchDB agree. */
const counterId = 'order-number';

/** Lines priced from the catalogue; the draft carries no prices. Throws a Russian 4xx for anything not for sale. */
export const priceLines = (draft: OrderDraft, products: Map<string, Product>): Order['lines'] =>
  draft.lines.map((line) => {
    const p = products.get(line.id);
    if (!p || !p.isActive || p.isHidden) throw new HttpError(409, 'Товар больше не продаётся — удалите его из корзины');
    if (line.count > p.count) throw new HttpError(409, `«${p.name}»: в наличии ${p.count} шт.`);
    if (line.letterSize && !p.sizable) throw new HttpError(400, `«${p.name}» не бывает разных размеров`);
    const priceFactor = p.sizable ? priceFactorOf(line.letterSize) : 1;
    const price = unitPrice(p);
    return {
      id: p.id,
      art: p.art,
      name: p.name,
      image: p.images[0]?.url ?? '',
      count: line.count,
      ...(p.sizable && line.letterSize ? { letterSize: line.letterSize } : {}),
      price,
      priceFactor,
      sum: lineSum({ count: line.count, price, priceFactor }),
    };
  });

/**
 * Orders. The server-only 'orders' database is the record; each customer's `orders-{phone}` holds a copy
 * the customer's devices pull (read-only), and 'events' gets an 'order' event for the staff calendar.
 */
export const ordersApi = (shop: Shop, catalogIndex: CatalogIndex): Router => {
  const api = Router();
  const orders = shop.storage.db('orders');
  const counters = shop.storage.db('counters');
  const catalog = shop.storage.db('catalog');
  const events = shop.storage.db('events');
  const inStock = stock(catalog, catalogIndex.invalidate);

  const nextNumber = async (): Promise<number> => {
    const saved = await upsert<{ value: number }>(counters, counterId, (c) => ({ value: (c?.value ?? 0) + 1 }));
    return saved!.value;
  };

  /** Writes what follows from an accepted order and is missing: the customer's copy and the calendar event. Safe to repeat. */
  const spread = async (o: Order) => {
    await upsert<Omit<Order, 'id'>>(shop.storage.db(customerOrdersDb(o.customer)), o.id, (current) => (current ? null : toSynced(o)));
    const event: ShopEvent = {
      id: `order-${o.number}`,
      source: 'shop',
      title: `Заказ №${o.number}`,
      description: `${o.recipient.name}, ${o.slot}, ${o.delivery.method === 'pickup' ? 'самовывоз' : o.delivery.address}`.slice(0, 2000),
      day: o.date,
      type: 'order',
      sum: o.total,
      data: { orderId: o.id, number: o.number, customer: o.customer },
      meta: { author: o.customer, createdAt: o.createdAt },
    };
    await upsert<Omit<ShopEvent, 'id'>>(events, event.id, (current) => (current ? null : toSynced(event)));
  };

  const existing = async (id: string, customer: string): Promise<Order | null> => {
    const found = await getSynced<Order>(orders, id);
    if (found && found.customer !== customer) throw new HttpError(409, 'Этот номер черновика уже занят, обновите страницу');
    return found;
  };

  route(api, 'POST /api/orders/create', async (req, res) => {
    const draft = parse(orderDraft, req.body);
    const customer = (res.locals.user as User).phone;
    const already = await existing(draft.id, customer);
    if (already) {
      await spread(already);
      return { data: already };
    }
    if (draft.date < today()) throw new HttpError(400, 'Дата доставки уже прошла', [{ path: 'date', message: 'Выберите сегодняшний или более поздний день' }]);
    if (!openSlots(draft.date).includes(draft.slot)) throw new HttpError(400, 'Это время доставки уже недоступно', [{ path: 'slot', message: 'Выберите более позднее время или другой день' }]);
    const ids = [...new Set(draft.lines.map((l) => l.id))];
    const found = await catalog.allDocs({ keys: ids, include_docs: true });
    const products = new Map<string, Product>();
    for (const row of found.rows) if ('doc' in row && row.doc) products.set(row.id, { ...(row.doc as object), id: row.id } as Product);
    const lines = priceLines(draft, products);
    await limitRate(shop.auth, `orders:${customer}`, shop.config.ordersPerCustomerPerHour, 3600_000);
    const subtotal = lines.reduce((s, l) => s + l.sum, 0);
    const delivery = deliveryCost(draft.delivery.method, subtotal);
    try {
      await inStock.take(lines);
    } catch (e) {
      // The same draft sent twice at once: the first took the last units, and its order is this one's answer.
      const winner = await existing(draft.id, customer);
      if (!winner) throw e;
      await spread(winner);
      return { data: winner };
    }
    let accepted: Order;
    try {
      const now = Date.now();
      accepted = order.parse({
        ...draft,
        lines,
        number: await nextNumber(),
        customer,
        deliveryPrice: delivery,
        total: subtotal + delivery,
        status: 'new',
        createdAt: now,
        updatedAt: now,
      });
      await orders.put({ ...toSynced(accepted), _id: accepted.id });
    } catch (e) {
      await inStock.putBack(lines);
      // Another tab or retry stored this draft first: its order stands (this number stays unused).
      if ((e as { status?: number }).status !== 409) throw e;
      const winner = (await existing(draft.id, customer))!;
      await spread(winner);
      return { data: winner };
    }
    await spread(accepted);
    // The florist will call them by this name, and the next order's form starts with it.
    if (!(res.locals.user as User).name) await shop.users.update(customer, { name: draft.sender.name });
    return { data: accepted };
  });

  route(api, 'POST /api/orders/list', async (req) => {
    const { params, query } = parse(orderListRequest, req.body);
    const all = (await allSynced<Order>(orders))
      .filter((o) => (!query.status || o.status === query.status) && (!query.customer || o.customer === query.customer))
      .sort((a, b) => b.number - a.number);
    return pageOf(all, params);
  });

  route(api, 'POST /api/orders/update-status', async (req) => {
    const { id, status } = parse(statusUpdate, req.body);
    let was: Order['status'] | undefined;
    const saved = await upsert<Omit<Order, 'id'>>(orders, id, (o) => {
      was = o?.status;
      return o && o.status !== 'cancelled' && o.status !== status ? { ...stripMeta(o), status, updatedAt: Date.now() } : null;
    });
    if (!saved) throw notFound('Заказ не найден');
    if (was === 'cancelled' && status !== 'cancelled') throw new HttpError(409, 'Отменённый заказ нельзя вернуть в работу — оформите новый');
    const updated = { ...stripMeta(saved), id } as Order;
    // Only the change that cancelled it puts the bouquets back on the shelf.
    if (status === 'cancelled' && was !== 'cancelled') await inStock.putBack(updated.lines);
    await upsert<Omit<Order, 'id'>>(shop.storage.db(customerOrdersDb(updated.customer)), id, () => toSynced(updated));
    return { data: updated };
  });

  return api;
};

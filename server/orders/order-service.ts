import { today } from '../../schema/day';
import { deliveryCost, draftLimitIssues, openSlots, type Order, type OrderDraft } from '../../schema/order';
import { product, type Product } from '../../schema/product';
import type { User } from '../../schema/user';
import { limitRate } from '../auth/rate-limit';
import type { Shop } from '../context';
import { allDocs, getDoc, isConflict, stripMeta, upsert } from '../db/docs';
import { toSynced } from '../db/synced';
import { HttpError, notFound } from '../http/errors';
import { stockOf } from '../stock/stock';
import { orderNumbers } from './numbering';
import { holdKey, orderOf, orderRecord, recordFromDoc, type OrderRecord } from './order-record';
import { priceLines } from './price-lines';
import { spreadOrder } from './spread';
import { inStudioWindow } from './studio-window';
import { unconfirmedPlaces } from './unconfirmed';

const productIds = (r: OrderRecord) => r.lines.map((l) => l.id);

/** Placed orders whose copies the start-up check rewrites if missing; older ones heal when the device sends the draft again (its outbox keeps it until the copy arrives). */
const recentMs = 24 * 3600_000;

/**
 * Placing, changing and checking orders. An order is placed in steps, each safe to repeat and each leaving a state
 * the next start (or the same draft sent again) can finish from: the record is written first ('placing'), then a
 * place among the customer's unconfirmed orders is claimed, then the units are held in the stock ledgers under the
 * record's attempt, then the record is numbered and becomes 'placed' (one write against its revision, which also
 * decides a race with a refusal), then the customer's copy and the calendar event are written.
 */
export const orderService = (shop: Shop) => {
  const { storage, config } = shop;
  const orders = storage.db('orders');
  const counters = storage.db('counters');
  const catalog = storage.db('catalog');
  const stock = stockOf(storage);
  const numbers = orderNumbers(counters);

  /** Every record that parses; one that does not (edited by hand) is named in the log, not allowed to stop the shop. */
  const allRecords = async (): Promise<OrderRecord[]> =>
    (await allDocs(orders)).flatMap((doc) => {
      try {
        return [recordFromDoc(doc)];
      } catch {
        console.error(`order ${doc._id}: stored record does not parse, skipped`);
        return [];
      }
    });

  const recordOf = async (id: string): Promise<OrderRecord | null> => {
    const doc = await getDoc(orders, id);
    return doc && recordFromDoc(doc);
  };
  const places = unconfirmedPlaces(counters, recordOf, config.unconfirmedOrdersPerCustomer);

  /** Moves a record on from 'placing', if it is still placing the same attempt. Answers the record as it is after. */
  const settle = async (r: OrderRecord, next: (current: OrderRecord) => OrderRecord): Promise<OrderRecord> => {
    let after = r;
    await upsert<Omit<OrderRecord, 'id'>>(orders, r.id, (doc) => {
      const current = doc ? recordFromDoc(doc) : r;
      after = current.stage === 'placing' && current.attempt === r.attempt ? next(current) : current;
      return after === current ? null : toSynced(after);
    });
    return after;
  };

  const placedOrRefusal = async (r: OrderRecord, after: OrderRecord, fallback: HttpError): Promise<Order> => {
    if (after.stage === 'placed' && after.attempt === r.attempt) {
      const o = orderOf(after);
      await spreadOrder(storage, o);
      return o;
    }
    // This attempt did not become an order: its holds count no more (the refuser released them too; once is enough).
    await stock.release(holdKey(r), productIds(r));
    if (after.stage === 'placed') return orderOf(after);
    throw after.refusal ? new HttpError(after.refusal.status, after.refusal.error) : fallback;
  };

  const refuse = async (r: OrderRecord, status: number, error: string): Promise<Order> => {
    const after = await settle(r, (current) => ({ ...current, stage: 'refused', refusal: { status, error }, updatedAt: Date.now() }));
    return placedOrRefusal(r, after, new HttpError(status, error));
  };

  /** Takes a 'placing' record as far as it goes: placed, or refused with a Russian reason. */
  const finish = async (r: OrderRecord): Promise<Order> => {
    if (r.date < today() || !openSlots(r.date).includes(r.slot)) return refuse(r, 400, 'Это время доставки уже недоступно — выберите другое');
    if (!(await places.claim(r)))
      return refuse(r, 409, `Неподтверждённых заказов у вас уже ${config.unconfirmedOrdersPerCustomer} — новый можно оформить, когда флорист позвонит и подтвердит прежние, или по телефону студии`);
    const short = await stock.hold(holdKey(r), r.lines);
    if (short) return refuse(r, 409, `«${r.lines.find((l) => l.id === short.product)?.name ?? short.product}»: в наличии ${short.available} шт.`);
    const number = r.number ?? (await numbers.next());
    const after = await settle(r, (current) => ({ ...current, stage: 'placed', number, updatedAt: Date.now() }));
    return placedOrRefusal(r, after, new HttpError(409, 'Заказ не принят, попробуйте ещё раз'));
  };

  /** A new record for a draft (or a new attempt of a refused one): priced, checked against every limit. */
  const newRecord = async (draft: OrderDraft, customer: string, previous: OrderRecord | null): Promise<OrderRecord> => {
    if (draft.date < today()) throw new HttpError(400, 'Дата доставки уже прошла', [{ path: 'date', message: 'Выберите сегодняшний или более поздний день' }]);
    if (!openSlots(draft.date).includes(draft.slot))
      throw new HttpError(400, 'Это время доставки уже недоступно', [{ path: 'slot', message: 'Выберите более позднее время или другой день' }]);
    const issues = draftLimitIssues(draft);
    if (issues.length) throw new HttpError(400, issues[0].message, issues);
    const ids = [...new Set(draft.lines.map((l) => l.id))];
    const found = await catalog.allDocs({ keys: ids, include_docs: true });
    const products = new Map<string, Product>();
    for (const row of found.rows) {
      const parsed = 'doc' in row && row.doc ? product.safeParse({ ...stripMeta(row.doc), id: row.key }) : null;
      if (parsed?.success) products.set(row.key, parsed.data);
    }
    const lines = priceLines(draft, products);
    await limitRate(shop.auth, `orders:${customer}`, config.ordersPerCustomerPerHour, 3600_000);
    const subtotal = lines.reduce((s, l) => s + l.sum, 0);
    const delivery = deliveryCost(draft.delivery.method, subtotal);
    const now = Date.now();
    return orderRecord.parse({
      ...draft,
      lines,
      customer,
      deliveryPrice: delivery,
      total: subtotal + delivery,
      status: 'new',
      createdAt: now,
      updatedAt: now,
      stage: 'placing',
      attempt: previous ? previous.attempt + 1 : 0,
    });
  };

  return {
    /** `/api/orders/create`: idempotent on the draft id; a draft left half-way (a crash) is finished here. */
    async create(draft: OrderDraft, user: User): Promise<Order> {
      const customer = user.phone;
      for (;;) {
        const doc = await getDoc<Omit<OrderRecord, 'id'>>(orders, draft.id);
        const existing = doc && recordFromDoc(doc);
        if (existing && existing.customer !== customer) throw new HttpError(409, 'Этот номер черновика уже занят, обновите страницу');
        if (existing?.stage === 'placed') return placedOrRefusal(existing, existing, new HttpError(409, 'Заказ не принят'));
        if (existing?.stage === 'placing') return finish(existing);
        const record = await newRecord(draft, customer, existing);
        try {
          await orders.put({ ...toSynced(record), _id: record.id, ...(doc?._rev ? { _rev: doc._rev } : {}) });
        } catch (e) {
          // Another tab, retry or process wrote this draft first: its record is the one to finish.
          if (isConflict(e)) continue;
          throw e;
        }
        const placed = await finish(record);
        // The florist will call them by this name, and the next order's form starts with it.
        if (!user.name) await shop.users.update(customer, { name: draft.sender.name });
        return placed;
      }
    },

    /** Staff change a status; cancelling releases the order's holds (once, however often it is repeated). */
    async changeStatus(id: string, status: Order['status']): Promise<Order> {
      const before = await recordOf(id);
      if (!before || before.stage !== 'placed') throw notFound('Заказ не найден');
      if (before.status === 'cancelled' && status !== 'cancelled') throw new HttpError(409, 'Отменённый заказ нельзя вернуть в работу — оформите новый');
      let after = before;
      await upsert<Omit<OrderRecord, 'id'>>(orders, id, (doc) => {
        const current = doc ? recordFromDoc(doc) : before;
        after = current.status === 'cancelled' || current.status === status ? current : { ...current, status, updatedAt: Date.now() };
        return after === current ? null : toSynced(after);
      });
      if (after.status === 'cancelled') await stock.release(holdKey(after), productIds(after));
      if (after.status !== status) throw new HttpError(409, 'Отменённый заказ нельзя вернуть в работу — оформите новый');
      const o = orderOf(after);
      await spreadOrder(storage, o, 'replace');
      return o;
    },

    /** Every placed order, newest number first. */
    async list(): Promise<Order[]> {
      const records = await allRecords();
      return records.filter((r) => r.stage === 'placed').map(orderOf).sort((a, b) => b.number - a.number);
    },

    /**
     * At start, before the server listens: finishes or refuses every order left half-way, makes sure refused and
     * cancelled orders hold nothing, writes missing copies of recent orders, and re-projects every count.
     * Afterwards, for every product: catalogue count = supply − units of placed, uncancelled orders.
     */
    async reconcile(): Promise<void> {
      const ledgers = await stock.all();
      /** A refused or cancelled attempt whose hold still counts somewhere (a crash between the decision and the release). */
      const stillHeld = (r: OrderRecord) => productIds(r).some((id) => {
        const l = ledgers.get(id);
        return !!l && holdKey(r) in l.holds && !l.released[holdKey(r)];
      });
      for (const r of await allRecords()) {
        if (r.stage === 'placing') await finish(r).catch((e) => {
          if (!(e instanceof HttpError)) throw e;
        });
        else {
          if ((r.stage === 'refused' || r.status === 'cancelled') && stillHeld(r)) await stock.release(holdKey(r), productIds(r));
          // Staff copies of every order in the studio window too: the first start with studio-orders fills it.
          if (r.stage === 'placed' && (r.updatedAt > Date.now() - recentMs || inStudioWindow(r.date))) await spreadOrder(storage, orderOf(r), 'replace');
        }
      }
      await stock.reprojectAll();
    },
  };
};
export type OrderService = ReturnType<typeof orderService>;

import { today } from '../../schema/shared/day';
import { formatRoubles } from '../../schema/shared/money';
import type { StudioOrderDraft } from '../../schema/studio/orders/order-command';
import { awaitsOnlinePayment, paymentChecking, type OnlinePayment } from '../../schema/shop/online-payment';
import { deliveryCost, draftLimitIssues, openSlots, walkInName, type Order, type OrderChange, type PlaceRequest } from '../../schema/studio/orders/order';
import { product, type Product } from '../../schema/shop/product';
import { isAdmin, type User } from '../../schema/shared/user';
import { limitRate } from '../auth/rate-limit';
import type { Shop } from '../context';
import { shortWrites, writeDoc } from '../db/claim';
import { allDocs, getDoc, stripMeta, upsert } from '../db/docs';
import { toSynced } from '../db/synced';
import { HttpError } from '../http/errors';
import { stockOf } from '../stock/stock';
import { orderNumbers } from './numbering';
import { holdKey, orderOf, orderRecord, recordFromDoc, type OrderRecord } from './order-record';
import { priceLines } from './price-lines';
import { bouquetGone } from '../../schema/studio/stock/bouquet-stock';
import { customerView } from './customer-view';
import { spreadOrder } from './spread';
import { knownClient } from '../clients/known-client';
import { clientSourceOfOrder } from '../../schema/entities/client';
import { refCodeIssue } from '../../schema/entities/ref';
import { storedRefEntries } from '../refs/ref-codes';
import { inStudioWindow } from './studio-window';
import { unconfirmedPlaces } from './unconfirmed';
import { readShopSettings } from '../studio/shop-settings';
import { log } from '../ops/log';

const productIds = (r: OrderRecord) => r.lines.map((l) => l.id);

/** Placed orders whose copies the start-up check rewrites if missing; older ones heal when the device sends the draft again (its outbox keeps it until the copy arrives). */
const recentMs = 24 * 3600_000;
/**
 * The customer saw another delivery price than the studio's settings give now (changed while the tab was open, or
 * the device held older settings): nothing is placed, and the answer says the new price and total, so the checkout
 * shows them and the customer sends again (DECISIONS «The delivery price the customer saw»).
 */
const deliveryPriceChanged = (seen: number, now: number, goods: number) => {
  const price = (n: number) => (n ? formatRoubles(n) : 'бесплатно');
  return new HttpError(409, `Стоимость доставки изменилась: ${price(now)} вместо ${price(seen)}. Новая сумма заказа — ${formatRoubles(goods + now)}. Проверьте заказ и оформите его ещё раз`);
};

/** A draft whose sender is not the session's phone: the device must confirm that phone by its code first. */
const senderNotConfirmed = 'Подтвердите телефон отправителя кодом из СМС: заказ оформляется на этот номер';

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
        log.error(`order ${doc._id}: stored record does not parse, skipped`);
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

  /**
   * A hold that conflict branches of a ledger contest (server/stock/stock.ts) may be dropped only if its order will
   * not be placed with it: an attempt still placing is refused first, and that write decides the race with the
   * request placing it, as any refusal does.
   */
  stock.judgeDrops(async (key) => {
    const slash = key.indexOf('/');
    const r = slash > 0 ? await recordOf(key.slice(0, slash)) : null;
    if (!r) return true;
    const after =
      r.stage === 'placing' && holdKey(r) === key
        ? await settle(r, (current) => ({ ...current, stage: 'refused', refusal: { status: 409, error: 'Товар закончился, пока оформлялся заказ — проверьте корзину' }, updatedAt: Date.now() }))
        : r;
    return !(after.stage === 'placed' && after.status !== 'cancelled' && holdKey(after) === key);
  });

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

  /**
   * Takes a 'placing' record as far as it goes: placed, or refused with a Russian reason. Studio orders (taken by
   * staff, `source` set) skip the site's limits: the slot's lead time and the customer's unconfirmed places.
   */
  const finish = async (r: OrderRecord): Promise<Order> => {
    const studio = !!r.source && r.source !== 'site';
    if (r.date < today() || (!studio && !openSlots(r.date, new Date(), (await readShopSettings(storage)).settings).includes(r.slot))) return refuse(r, 400, 'Это время доставки уже недоступно — выберите другое');
    if (!studio && !(await places.claim(r)))
      return refuse(r, 409, `Неподтверждённых заказов у вас уже ${config.unconfirmedOrdersPerCustomer} — новый можно оформить, когда флорист позвонит и подтвердит прежние, или по телефону студии`);
    const short = await stock.hold(holdKey(r), r.lines);
    if (short?.unconfirmed) return refuse(r, 503, 'Склад сейчас отвечает не полностью — заказ не принят, попробуйте ещё раз через минуту');
    // A tech-card bouquet whose last stems went (a write-off on another device, a sale a moment earlier): DECISIONS «One stock truth for bouquets».
    if (short?.bouquet && short.available === 0) return refuse(r, 409, bouquetGone);
    if (short) return refuse(r, 409, `«${r.lines.find((l) => l.id === short.product)?.name ?? short.product}»: в наличии ${short.available} шт.`);
    const number = r.number ?? (await numbers.next(r.id, r.formerNumber));
    const after = await settle(r, (current) => ({ ...current, stage: 'placed', number, updatedAt: Date.now() }));
    return placedOrRefusal(r, after, new HttpError(409, 'Заказ не принят, попробуйте ещё раз'));
  };

  /** The catalogue's products of these ids, as they parse. */
  const productsOf = async (ids: string[]): Promise<Map<string, Product>> => {
    const found = await catalog.allDocs({ keys: [...new Set(ids)], include_docs: true });
    const products = new Map<string, Product>();
    for (const row of found.rows) {
      const parsed = 'doc' in row && row.doc ? product.safeParse({ ...stripMeta(row.doc), id: row.key }) : null;
      if (parsed?.success) products.set(row.key, parsed.data);
    }
    return products;
  };

  /**
   * A new record for a draft (or a new attempt of a refused one): priced, checked against every limit. A studio
   * order (`studio`) is checked only for a past day: the site's limits on a customer are not the studio's.
   */
  const newRecord = async (draft: PlaceRequest, customer: string, previous: OrderRecord | null, studio?: { source: Order['source']; change: OrderChange }, online?: OnlinePayment): Promise<OrderRecord> => {
    if (draft.date < today()) throw new HttpError(400, 'Дата доставки уже прошла', [{ path: 'date', message: 'Выберите сегодняшний или более поздний день' }]);
    const { settings } = await readShopSettings(storage);
    if (!studio) {
      if (!openSlots(draft.date, new Date(), settings).includes(draft.slot))
        throw new HttpError(400, 'Это время доставки уже недоступно', [{ path: 'slot', message: 'Выберите более позднее время или другой день' }]);
      const issues = draftLimitIssues(draft, new Date(), settings);
      if (issues.length) throw new HttpError(400, issues[0].message, issues);
    }
    const ids = draft.lines.map((l) => l.id);
    const lines = priceLines(draft, await productsOf(ids), new Map(), await stock.fromStems(ids));
    if (!studio) await limitRate(shop.auth, `orders:${customer}`, config.ordersPerCustomerPerHour, 3600_000);
    const subtotal = lines.reduce((s, l) => s + l.sum, 0);
    const delivery = deliveryCost(draft.delivery.method, subtotal, settings);
    if (draft.deliveryPrice !== undefined && draft.deliveryPrice !== delivery) throw deliveryPriceChanged(draft.deliveryPrice, delivery, subtotal);
    const now = Date.now();
    // The payment a re-sent draft names is the payments' to read (server/payments/online-payments.ts `sentAgain`), never stored as said.
    const { formerPayment: _claimed, ...fields } = draft;
    return orderRecord.parse({
      ...fields,
      lines,
      customer,
      deliveryPrice: delivery,
      total: subtotal + delivery,
      status: 'new',
      createdAt: now,
      updatedAt: now,
      stage: 'placing',
      attempt: previous ? previous.attempt + 1 : 0,
      ...(studio ? { source: studio.source, history: [studio.change] } : {}),
      ...(online ? { online } : {}),
    });
  };

  /** Places a draft (idempotent on its id): a draft left half-way (a crash) is finished here. */
  const place = async (draft: PlaceRequest, customer: string, studio?: { source: Order['source']; change: OrderChange }, online?: OnlinePayment): Promise<{ order: Order; created: boolean }> => {
    // A store that takes no write on enough copies refuses the order with 503 after a few tries (server/db/claim.ts).
    const count = shortWrites();
    for (;;) {
      const doc = await getDoc<Omit<OrderRecord, 'id'>>(orders, draft.id);
      const existing = doc && recordFromDoc(doc);
      if (existing && existing.customer !== customer) throw new HttpError(409, 'Этот номер черновика уже занят, обновите страницу');
      if (existing?.stage === 'placed') return { order: await placedOrRefusal(existing, existing, new HttpError(409, 'Заказ не принят')), created: false };
      if (existing?.stage === 'placing') return { order: await finish(existing), created: false };
      const record = await newRecord(draft, customer, existing, studio, online);
      // Another tab, retry or process wrote this draft first: its record is the one to finish.
      if (!count(await writeDoc(orders, { ...toSynced(record), _id: record.id, ...(doc?._rev ? { _rev: doc._rev } : {}) })).won) continue;
      return { order: await finish(record), created: true };
    }
  };

  /**
   * Every unreleased hold of each order in the ledgers, by order id: `{orderId}/{attempt}` or `{orderId}/e-{command}`.
   */
  const holdsByOrder = async () => {
    const byOrder = new Map<string, { key: string; product: string }[]>();
    for (const [product, l] of await stock.all())
      for (const key of Object.keys(l.holds)) {
        if (l.released[key]) continue;
        const orderId = key.slice(0, key.indexOf('/'));
        byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), { key, product }]);
      }
    return byOrder;
  };

  const seenBy = (user: User, o: Pick<Order, 'date'>): boolean => isAdmin(user) || inStudioWindow(o.date);

  /** Every placed order, newest number first. */
  const placedOrders = async (): Promise<Order[]> => {
    const records = await allRecords();
    return records.filter((r) => r.stage === 'placed').map(orderOf).sort((a, b) => b.number - a.number);
  };

  return {
    /** `/api/orders/create`: idempotent on the draft id; a draft left half-way (a crash) is finished here. Answers the customer's view. */
    async create(draft: PlaceRequest, user: User, online?: OnlinePayment): Promise<Order> {
      // The order belongs to the sender's phone, so the session must have confirmed that phone by its code.
      if (draft.sender.phone !== user.phone) throw new HttpError(403, senderNotConfirmed);
      const { order: placed, created } = await place(draft, user.phone, undefined, online);
      // The florist will call them by this name, and the next order's form starts with it.
      if (created && !user.name) await shop.users.update(user.phone, { name: draft.sender.name });
      if (created) await knownClient(storage, { phone: user.phone, name: draft.sender.name, source: 'site' });
      // A draft sent again may find the order already in the studio's hands: the customer gets only their side of it.
      return customerView(placed);
    },

    /**
     * An order taken by phone or at the counter (a `create` command): the customer is found by phone or created,
     * then it is placed as the site places one, without the site's limits on customers. Idempotent on the draft id.
     */
    async createForStudio(input: StudioOrderDraft, change: OrderChange): Promise<Order> {
      const { source, customer, ...draft } = input;
      // The source is a registered, active code of the studio's list (/admin/refs), or the order is refused before
      // anything is written; a draft already placed (sent again) keeps the source it was placed with.
      if (!(await recordOf(draft.id))) {
        const issue = refCodeIssue(await storedRefEntries(storage, 'order-source'), 'order-source', source);
        if (issue) throw new HttpError(400, issue);
      }
      // A walk-in buyer (a counter sale without a phone) has no card and no account: the sale is the studio's alone.
      if (customer.phone) {
        const known = await shop.users.signIn(customer.phone);
        if (!known.name && customer.name) await shop.users.update(customer.phone, { name: customer.name });
        await knownClient(storage, { phone: customer.phone, name: customer.name, source: clientSourceOfOrder(source, await storedRefEntries(storage, 'client-source')) });
      }
      // The one who bought is named on the order: as typed, or «Покупатель в студии».
      const buyer = { phone: customer.phone, name: customer.name || walkInName };
      const named = (p: { phone: string; name: string }) => (p.name ? p : { ...p, name: buyer.name });
      return (await place({ ...draft, sender: named(draft.sender), recipient: named(draft.recipient) }, customer.phone, { source, change })).order;
    },

    recordOf,
    productsOf,
    stock,

    /** Placed orders still waiting for their online payment, or for the payment a re-sent order named to be read (schema/shop/online-payment.ts). */
    async awaitingOnline(): Promise<OrderRecord[]> {
      return (await allRecords()).filter((r) => r.stage === 'placed' && (awaitsOnlinePayment(r) || paymentChecking(r)));
    },

    list: placedOrders,

    /**
     * Whether staff member `user` is shown the whole order (DECISIONS «What a florist sees»): an admin every order
     * ever (together they are the client list, the owner's); other staff those of the studio window, as their
     * devices hold them.
     */
    seenBy,

    /** The placed orders `user` may list: those `seenBy` them. */
    async listFor(user: User): Promise<Order[]> {
      return (await placedOrders()).filter((o) => seenBy(user, o));
    },

    /**
     * At start, before the server listens: finishes or refuses every order left half-way, makes sure refused and
     * cancelled orders hold nothing, writes missing copies of recent orders, and re-projects every count.
     * Afterwards, for every product: catalogue count = supply − units of placed, uncancelled orders.
     */
    async reconcile(): Promise<void> {
      const held = await holdsByOrder();
      for (const r of await allRecords()) {
        if (r.stage === 'placing') {
          await finish(r).catch((e) => {
            if (!(e instanceof HttpError)) throw e;
          });
          continue;
        }
        const open = r.stage === 'placed' && r.status !== 'cancelled';
        // Holds that no longer count: a refused or cancelled order's, an edit's old lines (a crash between the steps).
        for (const { key, product: id } of held.get(r.id) ?? []) if (!open || key !== holdKey(r)) await stock.release(key, [id]);
        // An edit written but not yet moved in the ledgers (a crash): its lines are held now.
        if (open && r.holds) await stock.move(r.holds, r.holds, [], r.lines);
        // Staff copies of every order in the studio window too: the first start with studio-orders fills it.
        if (r.stage === 'placed' && (r.updatedAt > Date.now() - recentMs || inStudioWindow(r.date))) await spreadOrder(storage, orderOf(r), 'replace');
      }
      await stock.reprojectAll();
    },
  };
};
export type OrderService = ReturnType<typeof orderService>;

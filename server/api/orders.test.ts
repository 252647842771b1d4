import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { ShopEvent } from '../../schema/studio/orders/event';
import { priceFactorOf, sizedPrice } from '../../schema/shop/size';
import { fromSynced } from '../db/synced';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { deliveryPrice, freeDeliveryFrom, lastDeliveryDay, maxUnitsPerProduct, openSlots } from '../../schema/studio/orders/order';
import { nextDay, today } from '../../schema/shared/day';
import { stockLedger } from '../../schema/studio/stock/stock';

const customer = '79440000001';
const other = '79440000002';
let seq = 0;
const draftId = () => `test-draft-${String(++seq).padStart(8, '0')}`;
/** A day within the booking window, every slot open. */
const daysAhead = (n: number) => {
  let d = today();
  for (let i = 0; i < n; i++) d = nextDay(d);
  return d;
};
const deliveryDay = daysAhead(7);
const theirSender = { name: 'Борис', phone: other };

describe('orders', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let them: string;
  let florist: string;
  let plain: Product;
  let sizable: Product;
  const draft = (over: Record<string, unknown> = {}) => ({
    id: draftId(),
    lines: [{ id: plain.id, count: 1 }],
    sender: { name: 'Анна', phone: '+7 (944) 000-00-01' },
    recipient: { name: 'Ольга', phone: '79440000009' },
    delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' },
    date: deliveryDay,
    slot: '12:00–15:00',
    payment: 'cash',
    ...over,
  });
  const create = (body: unknown, cookie = me) => call<{ data: Order; error?: string }>(shop.url, '/api/orders/create', body, cookie);

  beforeAll(async () => {
    shop = await startTestShop();
    [me, them, florist] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, other), signIn(shop.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const forSale = body.data.items.filter((p) => p.isActive && !p.isHidden && p.count >= 3);
    plain = forSale.find((p) => !p.sizable && (p.discountPrice || p.price) < 3000)!;
    sizable = forSale.find((p) => p.sizable)!;
    expect(plain).toBeDefined();
    expect(sizable).toBeDefined();
    // Plenty on the shelf, so that the tests below do not run each other out of stock.
    [plain, sizable] = await Promise.all([plain, sizable].map((p) => restock(p, 500)));
  });
  const restock = async ({ updatedAt: _u, ...p }: Product, count: number) =>
    (await call<{ data: Product }>(shop.url, '/api/items/update', { ...p, count }, florist)).body.data;
  const stockOf = async (id: string) => (await call<{ data: Product }>(shop.url, '/api/items/get', { id })).body.data.count;
  afterAll(() => shop.close());

  it('charges a size at its price rounded to tens of roubles, as the product page and the cart show it', async () => {
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const other = body.data.items.find((p) => p.sizable && p.isActive && !p.isHidden && p.id !== sizable.id)!;
    const { updatedAt: _u, discountPrice: _d, ...rest } = other;
    const repriced = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, price: 3495, count: 50 }, florist)).body.data;
    const { status, body: placed } = await create(draft({ lines: [{ id: repriced.id, count: 3, letterSize: 'L' }] }));
    expect(status).toBe(200);
    // 3 495 × 1.5 = 5 242.5: a shop writes 5 240 ₽, and three of them are 15 720 ₽.
    expect(placed.data.lines[0]).toMatchObject({ price: 3495, priceFactor: 1.5, sum: 15720 });
    expect(placed.data.total).toBe(15720 + placed.data.deliveryPrice);
  });

  it('prices every line from the catalogue, with size factors and courier delivery', async () => {
    const { status, body } = await create(draft({ lines: [{ id: plain.id, count: 1 }, { id: sizable.id, count: 1, letterSize: 'XL' }] }));
    expect(status).toBe(200);
    const o = body.data;
    const unit = (p: Product) => p.discountPrice || p.price;
    expect(o.lines[0]).toMatchObject({ id: plain.id, price: unit(plain), priceFactor: 1, sum: unit(plain) });
    expect(o.lines[1]).toMatchObject({ id: sizable.id, letterSize: 'XL', priceFactor: priceFactorOf('XL'), sum: sizedPrice(unit(sizable), 2) });
    const subtotal = unit(plain) + sizedPrice(unit(sizable), 2);
    expect(o.deliveryPrice).toBe(subtotal >= freeDeliveryFrom ? 0 : deliveryPrice);
    expect(o.total).toBe(subtotal + o.deliveryPrice);
    expect(o).toMatchObject({ status: 'new', customer, sender: { phone: customer } });
    expect((await call(shop.url, '/api/user', undefined, me, 'GET')).body).toMatchObject({ user: { phone: customer, name: 'Анна' } });
  });

  it('refuses prices from the client, unknown or out-of-stock items and past dates, in Russian', async () => {
    const withPrice = await create(draft({ lines: [{ id: plain.id, count: 1, price: 1 }] }));
    expect(withPrice.status).toBe(400);
    const unknown = await create(draft({ lines: [{ id: 'no-such-item', count: 1 }] }));
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toMatch(/не продаётся/);
    await restock(plain, 5);
    const tooMany = await create(draft({ lines: [{ id: plain.id, count: 6 }] }));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatch(/в наличии 5 шт/);
    await restock(plain, 500);
    const past = await create(draft({ date: '2020-01-01' }));
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/прошла/);
    // Today's first slot closes at 10:00 Moscow time; from then on the server refuses it.
    const early = await create(draft({ date: today(), slot: '09:00–12:00' }));
    expect(early.status).toBe(openSlots(today()).includes('09:00–12:00') ? 200 : 400);
    expect(await call(shop.url, '/api/orders/create', draft())).toMatchObject({ status: 401 });
  });

  it('delivers free from the threshold and for pickup', async () => {
    const pickup = await create(draft({ delivery: { method: 'pickup' } }));
    expect(pickup.body.data.deliveryPrice).toBe(0);
    const unit = plain.discountPrice || plain.price;
    const count = Math.min(maxUnitsPerProduct, Math.ceil(freeDeliveryFrom / unit));
    const big = await create(draft({ lines: [{ id: plain.id, count }] }));
    expect(big.body.data.deliveryPrice).toBe(unit * count >= freeDeliveryFrom ? 0 : deliveryPrice);
  });

  it('is idempotent on the draft id, also for concurrent submits, and numbers orders one by one', async () => {
    const d = draft();
    const [a, b] = await Promise.all([create(d), create(d)]);
    const c = await create(d);
    expect(a.body.data.number).toBe(b.body.data.number);
    expect(c.body.data).toEqual(a.body.data);
    const next = await create(draft());
    expect(next.body.data.number).toBeGreaterThan(a.body.data.number);
    const stored = await shop.shop.storage.db('orders').allDocs({ include_docs: true });
    expect(stored.rows.filter((r) => r.id === d.id)).toHaveLength(1);
    const mine = await shop.shop.storage.db(`orders-${customer}`).allDocs({ keys: [d.id] });
    expect(mine.rows).toHaveLength(1);
    const events = await shop.shop.storage.db('events').allDocs({ include_docs: true });
    expect(events.rows.filter((r) => (r.doc as { data?: { number?: number } }).data?.number === a.body.data.number)).toHaveLength(1);
    expect((await create({ ...d, sender: theirSender }, them)).status).toBe(409);
  });

  it('takes an order only from a session whose phone is the sender\'s: a guest or another phone places nothing', async () => {
    const d = draft();
    const guest = await create(d, '');
    expect(guest.status).toBe(401);
    const another = await create(d, them);
    expect(another.status).toBe(403);
    expect(another.body.error).toMatch(/Подтвердите телефон отправителя/);
    // Typed as people type it, it is the same phone: the session's.
    const typed = await create({ ...d, sender: { name: 'Анна', phone: '8 944 000-00-01' } });
    expect(typed.status).toBe(200);
    expect(typed.body.data.customer).toBe(customer);
    const stored = await shop.shop.storage.db('orders').allDocs({ keys: [d.id], include_docs: true });
    expect(stored.rows.map((r) => (r as { doc?: { customer: string } }).doc?.customer)).toEqual([customer]);
  });

  it('records an order event in the calendar', async () => {
    const day = daysAhead(9);
    const { body } = await create(draft({ date: day }));
    const doc = await shop.shop.storage.db('events').get(`order-${body.data.number}`);
    const event = fromSynced<ShopEvent>(doc as never);
    expect(event).toMatchObject({ type: 'order', title: `Заказ №\u00a0${body.data.number}`, sum: body.data.total, day });
    const listed = await call<ShopEvent[]>(shop.url, '/api/events/list', { month: Number(day.slice(5, 7)), year: Number(day.slice(0, 4)) }, florist);
    expect(listed.body.map((e) => e.title)).toContain(`Заказ №\u00a0${body.data.number}`);
  });

  it("keeps a customer out of another's orders via /db", async () => {
    await create(draft({ sender: theirSender }), them);
    const own = await fetch(`${shop.url}/db/orders-${customer}/_all_docs`, { headers: { cookie: me } });
    expect(own.status).toBe(200);
    const foreign = await fetch(`${shop.url}/db/orders-${other}/_all_docs?include_docs=true`, { headers: { cookie: me } });
    expect(foreign.status).toBe(403);
    const server = await fetch(`${shop.url}/db/orders/_all_docs`, { headers: { cookie: florist } });
    expect(server.status).toBe(404);
    const push = await fetch(`${shop.url}/db/orders-${customer}/_bulk_docs`, {
      method: 'POST',
      headers: { cookie: me, 'content-type': 'application/json' },
      body: JSON.stringify({ docs: [{ _id: 'forged-order-000001', total: 1 }] }),
    });
    expect(((await push.json()) as { rejected?: boolean }[])[0].rejected).toBe(true);
  });

  it('lets staff list orders and change a status, which reaches the customer copy', async () => {
    const { body } = await create(draft());
    expect((await call(shop.url, '/api/orders/list', {}, me)).status).toBe(403);
    const list = await call<{ data: { items: Order[]; total: number } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 2 } }, florist);
    expect(list.body.data.items).toHaveLength(2);
    expect(list.body.data.items[0].number).toBeGreaterThan(list.body.data.items[1].number);
    expect(list.body.data.total).toBeGreaterThan(2);
    expect((await call(shop.url, '/api/orders/update-status', { id: body.data.id, status: 'assembling' }, me)).status).toBe(403);
    const changed = await call<{ data: Order }>(shop.url, '/api/orders/update-status', { id: body.data.id, status: 'assembling' }, florist);
    expect(changed.body.data.status).toBe('assembling');
    const copy = await fetch(`${shop.url}/db/orders-${customer}/${body.data.id}`, { headers: { cookie: me } });
    expect(((await copy.json()) as Order).status).toBe('assembling');
    expect((await call(shop.url, '/api/orders/update-status', { id: 'no-such-order-000001', status: 'done' }, florist)).status).toBe(404);
  });

  it('takes ordered units out of stock, never below zero, also for two orders at once', async () => {
    const rose = await restock(sizable, 3);
    const two = await create(draft({ lines: [{ id: rose.id, count: 1, letterSize: 'M' }, { id: rose.id, count: 1, letterSize: 'XL' }] }));
    expect(two.status).toBe(200);
    expect(await stockOf(rose.id)).toBe(1);
    const tooMany = await create(draft({ lines: [{ id: rose.id, count: 1, letterSize: 'M' }, { id: rose.id, count: 1, letterSize: 'L' }] }));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatch(/в наличии 1 шт/);
    const race = await Promise.all([create(draft({ lines: [{ id: rose.id, count: 1 }] })), create(draft({ lines: [{ id: rose.id, count: 1 }], sender: theirSender }), them)].map(async (r) => (await r).status));
    expect(race.sort()).toEqual([200, 409]);
    expect(await stockOf(rose.id)).toBe(0);
  });

  it('refuses an edit made from a copy read before a sale, so the form cannot undo the sale', async () => {
    const read = await restock(plain, 10);
    expect((await create(draft({ lines: [{ id: plain.id, count: 2 }] }))).status).toBe(200);
    const edit = await call<{ error: string }>(shop.url, '/api/items/update', { ...read, name: `${read.name} ` }, florist);
    expect(edit.status).toBe(409);
    expect(edit.body.error).toMatch(/откройте его заново/);
    const fresh = (await call<{ data: Product }>(shop.url, '/api/items/get', { id: plain.id })).body.data;
    expect(fresh.count).toBe(8);
    expect((await call(shop.url, '/api/items/update', { ...fresh, count: 500 }, florist)).status).toBe(200);
  });

  it('makes a staff count a correction in the ledger: held units stay held, a later cancellation comes on top', async () => {
    await restock(plain, 10);
    const { body } = await create(draft({ lines: [{ id: plain.id, count: 2 }] }));
    expect(await stockOf(plain.id)).toBe(8);
    const fresh = (await call<{ data: Product }>(shop.url, '/api/items/get', { id: plain.id })).body.data;
    expect((await call(shop.url, '/api/items/update', { ...fresh, count: 20 }, florist)).status).toBe(200);
    expect(await stockOf(plain.id)).toBe(20);
    expect((await call(shop.url, '/api/orders/update-status', { id: body.data.id, status: 'cancelled', reason: 'Клиент передумал' }, florist)).status).toBe(200);
    expect(await stockOf(plain.id)).toBe(22);
    const ledger = stockLedger.parse(await shop.shop.storage.db('stock').get(plain.id));
    expect(Object.keys(ledger.supply).filter((k) => k.startsWith('fix-')).length).toBeGreaterThan(0);
    await restock(plain, 500);
  });

  it('puts a cancelled order back on the shelf once, and does not take a cancelled order back', async () => {
    await restock(plain, 10);
    const { body } = await create(draft({ lines: [{ id: plain.id, count: 4 }] }));
    expect(await stockOf(plain.id)).toBe(6);
    const cancel = () => call(shop.url, '/api/orders/update-status', { id: body.data.id, status: 'cancelled', reason: 'Клиент передумал' }, florist);
    expect((await Promise.all([cancel(), cancel()])).map((a) => a.status)).toEqual([200, 200]);
    expect(await stockOf(plain.id)).toBe(10);
    const revive = await call<{ error: string }>(shop.url, '/api/orders/update-status', { id: body.data.id, status: 'confirmed' }, florist);
    expect(revive.status).toBe(409);
    expect(await stockOf(plain.id)).toBe(10);
    await restock(plain, 500);
  });

  it('lets one customer place only so many orders an hour, and says so in Russian', async () => {
    const limited = await startTestShop({ ordersPerCustomerPerHour: 2 });
    try {
      const cookie = await signIn(limited.url, customer);
      const send = (body: unknown) => call<{ error: string }>(limited.url, '/api/orders/create', body, cookie);
      const first = draft();
      expect((await send(first)).status).toBe(200);
      expect((await send(draft())).status).toBe(200);
      const third = await send(draft());
      expect(third.status).toBe(429);
      expect(third.body.error).toMatch(/Слишком много/);
      // A retry of an order already placed is not a new order.
      expect((await send(first)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses hoarding in Russian: over 10 of one product, more than 30 days ahead', async () => {
    const line = await create(draft({ lines: [{ id: plain.id, count: maxUnitsPerProduct + 1 }] }));
    expect(line.status).toBe(400);
    expect(line.body.error).toMatch(/Не больше 10 шт/);
    const sizes = await create(draft({ lines: [{ id: sizable.id, count: 6, letterSize: 'M' }, { id: sizable.id, count: 5, letterSize: 'XL' }] }));
    expect(sizes.status).toBe(400);
    expect(sizes.body.error).toMatch(/Не больше 10 шт/);
    const far = await create(draft({ date: nextDay(lastDeliveryDay()) }));
    expect(far.status).toBe(400);
    expect(far.body.error).toMatch(/не больше чем на 30 дней/);
    expect((await create(draft({ date: lastDeliveryDay() }))).status).toBe(200);
    expect((await create(draft({ lines: [{ id: plain.id, count: maxUnitsPerProduct }] }))).status).toBe(200);
  });

  it('gives a burst of one customer exactly as many places as there are: eight orders at once, three placed', async () => {
    const limited = await startTestShop({ unconfirmedOrdersPerCustomer: 3 });
    try {
      const cookie = await signIn(limited.url, customer);
      const answers = await Promise.all(Array.from({ length: 8 }, () => call<{ error: string }>(limited.url, '/api/orders/create', draft(), cookie)));
      expect(answers.map((x) => x.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    } finally {
      await limited.close();
    }
  });

  it('gives one draft sent again while it is placed one place, not one a send: the next order still finds one', async () => {
    const limited = await startTestShop({ unconfirmedOrdersPerCustomer: 2 });
    try {
      const cookie = await signIn(limited.url, customer);
      const send = (body: unknown) => call<{ data: Order; error: string }>(limited.url, '/api/orders/create', body, cookie);
      const same = draft();
      const answers = await Promise.all(Array.from({ length: 6 }, () => send(same)));
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(answers.map((x) => x.body.data.id)).size).toBe(1);
      expect((await send(draft())).status).toBe(200);
      expect((await send(draft())).status).toBe(409);
    } finally {
      await limited.close();
    }
  });

  it('keeps at most so many unconfirmed orders per customer; a confirmed or cancelled one frees its place', async () => {
    const limited = await startTestShop({ unconfirmedOrdersPerCustomer: 2 });
    try {
      const [cookie, staff] = await Promise.all([signIn(limited.url, customer), signIn(limited.url, demoPhones.florist)]);
      const send = (body: unknown) => call<{ data: Order; error: string }>(limited.url, '/api/orders/create', body, cookie);
      const first = draft();
      const [a, b, c] = await Promise.all([send(first), send(draft()), send(draft())]);
      expect([a, b, c].map((x) => x.status).sort()).toEqual([200, 200, 409]);
      const refused = [a, b, c].find((x) => x.status === 409)!;
      expect(refused.body.error).toMatch(/Неподтверждённых заказов у вас уже 2/);
      expect((await send(first)).status).toBe(200);
      const placed = [a, b, c].filter((x) => x.status === 200).map((x) => x.body.data);
      expect((await call(limited.url, '/api/orders/update-status', { id: placed[0].id, status: 'confirmed' }, staff)).status).toBe(200);
      expect((await send(draft())).status).toBe(200);
      expect((await send(draft())).status).toBe(409);
      expect((await call(limited.url, '/api/orders/update-status', { id: placed[1].id, status: 'cancelled', reason: 'Клиент передумал' }, staff)).status).toBe(200);
      expect((await send(draft())).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

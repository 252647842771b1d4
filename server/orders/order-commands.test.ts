import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import { createCommandId, type CommandOutcome, type OrderAction } from '../../schema/studio/orders/order-command';
import { orderStatus, type Order, type OrderStatus } from '../../schema/studio/orders/order';
import { owed } from '../../schema/studio/orders/order-money';
import type { Product } from '../../schema/shop/product';
import { sizedPrice } from '../../schema/shop/size';
import type { OfficeRecord } from '../../schema/shared/record';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

const customer = '79440000201';
const statuses = orderStatus.options;
const cyrillic = /[а-яё]/i;
const png1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** A PNG header claiming the given size, followed by `padding` bytes. */
const pngOf = (width: number, height: number, padding = 0) => {
  const head = Buffer.from(png1x1, 'base64');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  const out = Buffer.alloc(head.length + padding);
  head.copy(out);
  return `data:image/png;base64,${out.toString('base64')}`;
};

/**
 * The lifecycle as the studio decided it (docs/DECISIONS.md «Order lifecycle and commands»), written out by hand:
 * forward steps may be skipped, one step back until the courier has it, cancel from any open state; delivered and
 * cancelled are final.
 */
const legal: Record<OrderStatus, OrderStatus[]> = {
  new: ['confirmed', 'assembling', 'ready', 'delivering', 'done', 'cancelled'],
  confirmed: ['new', 'assembling', 'ready', 'delivering', 'done', 'cancelled'],
  assembling: ['confirmed', 'ready', 'delivering', 'done', 'cancelled'],
  ready: ['assembling', 'delivering', 'done', 'cancelled'],
  delivering: ['done', 'cancelled'],
  done: [],
  cancelled: [],
};

type Answer = { data?: Order; outcome?: CommandOutcome; error?: string };

describe('order commands', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let florist: string;
  let manager: string;
  let admin: string;
  let bouquet: Product;
  let other: Product;
  const commandId = () => `cmd-${crypto.randomUUID()}`;
  const send = (order: string, action: OrderAction, cookie = florist, id = commandId()) =>
    call<Answer>(shop.url, '/api/orders/command', { id, order, action }, cookie);
  const place = async (lines = [{ id: bouquet.id, count: 1 }]) => {
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', { ...draftOf(customer, lines), date: nextDay(nextDay(today())) }, me);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  };
  const stored = async (id: string) => (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
  const staffCopy = async (id: string) => (await (await fetch(`${shop.url}/db/studio-orders/${id}`, { headers: { cookie: florist } })).json()) as Order;
  const customerCopy = async (id: string) => (await (await fetch(`${shop.url}/db/orders-${customer}/${id}`, { headers: { cookie: me } })).json()) as Order;
  const countOf = async (id: string) => (await call<{ data: Product }>(shop.url, '/api/items/get', { id })).body.data.count;
  const restock = async ({ updatedAt: _u, ...p }: Product, count: number) =>
    (await call<{ data: Product }>(shop.url, '/api/items/update', { ...p, count }, manager)).body.data;

  beforeAll(async () => {
    shop = await startTestShop();
    [me, florist, manager, admin] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.florist), signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.admin)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const forSale = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable);
    [bouquet, other] = await Promise.all(forSale.slice(0, 2).map((p) => restock(p, 500)));
  });
  afterAll(() => shop.close());

  it('moves an order only by the lifecycle: every legal move applies, every illegal one is a 409 in Russian that changes nothing', async () => {
    // One customer's orders are placed a few at a time: many at once contend for their places among unconfirmed orders.
    for (const from of statuses)
      await Promise.all(statuses.map(async (to) => {
        const o = await place();
        // A manager: a florist may not cancel every order (the money rule, tested below).
        if (from !== 'new') expect((await send(o.id, { kind: 'status', from: 'new', to: from, reason: 'Проверка' }, manager)).status, `set up ${from}`).toBe(200);
        const answer = await send(o.id, { kind: 'status', from, to, reason: 'Клиент передумал' }, manager);
        const after = await stored(o.id);
        if (from === to || legal[from].includes(to)) {
          expect(answer.status, `${from} → ${to}: ${answer.body.error}`).toBe(200);
          expect(after.status, `${from} → ${to}`).toBe(to);
        } else {
          expect(answer.status, `${from} → ${to}`).toBe(409);
          expect(answer.body.error, `${from} → ${to}`).toMatch(cyrillic);
          expect(after.status, `${from} → ${to} changed nothing`).toBe(from);
        }
      }));
  }, 120_000);

  it('follows the furthest legal step when another device moved the order first, and tells the one that would go back', async () => {
    const o = await place();
    expect((await send(o.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    // A second device still saw «Новый»: its «Подтверждён» would go back, so it is refused with the reason.
    const behind = await send(o.id, { kind: 'status', from: 'new', to: 'confirmed' });
    expect(behind.status).toBe(409);
    expect(behind.body.error).toBe('Заказ уже «Собирается»: его изменил(а) Ольга Флористова');
    // Its «Готов» is further along and legal from where the order is: it applies.
    expect((await send(o.id, { kind: 'status', from: 'new', to: 'ready' })).status).toBe(200);
    expect((await stored(o.id)).status).toBe('ready');
  });

  it('records the staff member who starts assembling as the order\'s florist, unless one is set', async () => {
    const o = await place();
    expect((await send(o.id, { kind: 'status', from: 'new', to: 'confirmed' }, manager)).body.data?.florist).toBeUndefined();
    const assembling = await send(o.id, { kind: 'status', from: 'confirmed', to: 'assembling' });
    expect(assembling.status).toBe(200);
    expect(assembling.body.data?.florist).toBe(demoPhones.florist);
    const copy = await staffCopy(o.id);
    expect(copy.florist).toBe(demoPhones.florist);
    expect(copy.history?.at(-1)).toMatchObject({ by: demoPhones.florist, before: { status: 'confirmed', florist: null }, after: { status: 'assembling', florist: demoPhones.florist } });

    // A florist already set stays: the manager stepping back and forth does not take the order over.
    const other = await place();
    expect((await send(other.id, { kind: 'assign', florist: demoPhones.florist, seenFlorist: null }, manager)).status).toBe(200);
    expect((await send(other.id, { kind: 'status', from: 'new', to: 'assembling' }, manager)).body.data?.florist).toBe(demoPhones.florist);
  });

  it('refuses a cancellation made against a status that changed meanwhile, naming the status and who set it', async () => {
    const o = await place();
    expect((await send(o.id, { kind: 'status', from: 'new', to: 'ready' }, manager)).status).toBe(200);
    // The admin's device saw «Готов» (offline); meanwhile the manager handed the bouquet to the courier. (The admin
    // sends it: a florist may not cancel a bouquet once it is ready at all, by the money rule.)
    expect((await send(o.id, { kind: 'status', from: 'ready', to: 'delivering' }, manager)).status).toBe(200);
    const late = await send(o.id, { kind: 'status', from: 'ready', to: 'cancelled', reason: 'Клиент отказался' }, admin);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/«У курьера»/);
    expect(late.body.error).toMatch(/Мария Менеджерова/);
    expect((await stored(o.id)).status).toBe('delivering');
    // Cancelling what one sees still works.
    expect((await send(o.id, { kind: 'status', from: 'delivering', to: 'cancelled', reason: 'Клиент отказался' }, admin)).status).toBe(200);
    expect((await stored(o.id)).status).toBe('cancelled');
  });

  it('refuses an empty assignment, and one made against a florist set meanwhile, naming who set whom', async () => {
    const o = await place();
    // «Назначить» with an empty field over an empty place: no change, refused.
    const empty = await send(o.id, { kind: 'assign', florist: null, seenFlorist: null });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/пустое назначение/);
    // An unassignment that does not say whom it takes off (an old device's empty field) is refused too.
    expect((await send(o.id, { kind: 'assign', florist: null })).status).toBe(400);

    // The florist takes the order («Беру себе»); the manager, who still saw nobody, assigns her empty field or someone else.
    expect((await send(o.id, { kind: 'assign', florist: demoPhones.florist, seenFlorist: null })).status).toBe(200);
    for (const florist of [null, demoPhones.manager]) {
      const stale = await send(o.id, { kind: 'assign', florist, seenFlorist: null }, manager);
      expect(stale.status, String(florist)).toBe(409);
      expect(stale.body.error).toMatch(/Флорист уже Ольга Флористова \(изменил\(а\): Ольга Флористова\)/);
      expect((await stored(o.id)).florist).toBe(demoPhones.florist);
    }
    // Seeing who is there, she may take the florist off or put another.
    const off = await send(o.id, { kind: 'assign', florist: null, seenFlorist: demoPhones.florist }, manager);
    expect(off.status).toBe(200);
    expect(off.body.data?.florist).toBeUndefined();
  });

  it('needs a reason to cancel, and a cancellation returns stock once however often it is sent', async () => {
    const start = await countOf(bouquet.id);
    const o = await place([{ id: bouquet.id, count: 3 }]);
    expect(await countOf(bouquet.id)).toBe(start - 3);
    const bare = await send(o.id, { kind: 'status', from: 'new', to: 'cancelled' });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatch(/причину/);
    expect((await stored(o.id)).status).toBe('new');
    expect(await countOf(bouquet.id)).toBe(start - 3);

    const id = commandId();
    const cancel = { kind: 'status', from: 'new', to: 'cancelled', reason: 'Клиент отказался' } as const;
    const answers = await Promise.all([send(o.id, cancel, florist, id), send(o.id, cancel, florist, id), send(o.id, cancel), send(o.id, cancel, manager)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await countOf(bouquet.id)).toBe(start);
    const after = await stored(o.id);
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'Клиент отказался' });
    expect(after.history?.filter((h) => h.after.status === 'cancelled')).toHaveLength(1);
    // The old status call takes the same path.
    expect((await call(shop.url, '/api/orders/update-status', { id: o.id, status: 'confirmed' }, florist)).status).toBe(409);
    expect(await countOf(bouquet.id)).toBe(start);
  });

  it('records payment apart from status, and the customer sees it; the history says who and what', async () => {
    const o = await place();
    const noMethod = await send(o.id, { kind: 'payment', status: 'paid' });
    expect(noMethod.status).toBe(400);
    const paid = await send(o.id, { kind: 'payment', status: 'paid', method: 'card' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'new', paid: { status: 'paid', method: 'card', amount: o.total, by: demoPhones.florist } });
    const mine = await customerCopy(o.id);
    expect(mine.paid).toMatchObject({ status: 'paid' });
    expect(mine.history).toBeUndefined();
    const staff = await staffCopy(o.id);
    expect(staff.history).toEqual([expect.objectContaining({ by: demoPhones.florist, what: 'Оплата', before: { paid: null }, after: { paid: expect.objectContaining({ status: 'paid' }) } })]);
    expect((await send(o.id, { kind: 'payment', status: 'unpaid' }, manager)).body.data?.paid).toMatchObject({ status: 'unpaid' });
  });

  it('lets a florist mark paid only the whole order; a part payment is a manager’s and leaves the rest owed', async () => {
    const o = await place([{ id: bouquet.id, count: 2 }]);
    const one = await send(o.id, { kind: 'payment', status: 'paid', method: 'cash', amount: 1 });
    expect(one.status).toBe(403);
    expect(one.body.error).toMatch(/менеджер/);
    expect((await stored(o.id)).paid).toBeUndefined();
    const part = await send(o.id, { kind: 'payment', status: 'paid', method: 'cash', amount: 1000 }, manager);
    expect(part.status, part.body.error).toBe(200);
    expect(part.body.data?.paid).toMatchObject({ status: 'unpaid', method: 'cash', amount: 1000, by: demoPhones.manager });
    expect(owed(await stored(o.id))).toBe(o.total - 1000);
    expect(owed(await staffCopy(o.id))).toBe(o.total - 1000);
    // The florist may not take a payment back; she records the rest once it came: the whole order is paid.
    expect((await send(o.id, { kind: 'payment', status: 'unpaid' })).status).toBe(403);
    const rest = await send(o.id, { kind: 'payment', status: 'paid', method: 'cash' });
    expect(rest.status, rest.body.error).toBe(200);
    expect(rest.body.data?.paid).toMatchObject({ status: 'paid', amount: o.total, by: demoPhones.florist });
    expect(owed(await stored(o.id))).toBe(0);
    expect((await send(o.id, { kind: 'payment', status: 'paid', method: 'card', amount: o.total })).status).toBe(200);
    expect((await send(o.id, { kind: 'payment', status: 'unpaid' }, manager)).body.data?.paid).toMatchObject({ status: 'unpaid' });
  });

  it('lets a florist cancel only before assembly and before anything is paid; a manager cancels any open order', async () => {
    const cancel = (from: OrderStatus) => ({ kind: 'status', from, to: 'cancelled', reason: 'Клиент передумал' }) as const;
    const confirmed = await place();
    expect((await send(confirmed.id, { kind: 'status', from: 'new', to: 'confirmed' })).status).toBe(200);
    expect((await send(confirmed.id, cancel('confirmed'))).status).toBe(200);
    expect((await stored(confirmed.id)).status).toBe('cancelled');

    const assembling = await place();
    expect((await send(assembling.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    // Sent offline while it was new: decided on the order as it is now.
    const late = await send(assembling.id, cancel('new'));
    expect(late.status).toBe(403);
    expect(late.body.error).toMatch(/только менеджер/);
    expect((await stored(assembling.id)).status).toBe('assembling');
    expect((await send(assembling.id, cancel('assembling'), manager)).status).toBe(200);

    const paid = await place();
    expect((await send(paid.id, { kind: 'payment', status: 'paid', method: 'transfer', amount: 500 }, manager)).status).toBe(200);
    const refused = await send(paid.id, cancel('new'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/уже заплатили/);
    expect((await stored(paid.id)).status).toBe('new');
    expect((await send(paid.id, cancel('new'), manager)).status).toBe(200);
  });

  it('assigns a staff florist and an active courier, and refuses anyone else', async () => {
    const o = await place();
    const unknownFlorist = await send(o.id, { kind: 'assign', florist: customer });
    expect(unknownFlorist.status).toBe(400);
    expect(unknownFlorist.body.error).toMatch(cyrillic);
    expect((await send(o.id, { kind: 'assign', courier: 'courier-no-such-one' })).status).toBe(400);
    const courierOf = async (active: boolean) =>
      (await call<{ data: OfficeRecord }>(shop.url, '/api/couriers/update', { data: { name: 'Пётр', phone: '79001234567', feePerDelivery: 400, active } }, manager)).body.data.id;
    const [working, resting] = await Promise.all([courierOf(true), courierOf(false)]);
    expect((await send(o.id, { kind: 'assign', courier: resting })).status).toBe(400);
    expect((await stored(o.id)).courier).toBeUndefined();
    const assigned = await send(o.id, { kind: 'assign', florist: demoPhones.florist, courier: working });
    expect(assigned.status).toBe(200);
    expect(await staffCopy(o.id)).toMatchObject({ florist: demoPhones.florist, courier: working });
    // The customer's copy names no staff.
    expect((await customerCopy(o.id)).florist).toBeUndefined();
    expect((await send(o.id, { kind: 'assign', courier: null, seenCourier: working })).body.data?.courier).toBeUndefined();
  });

  it('edits an order before assembly: repriced on the server, stock moved; a stale or late edit is a 409 that changes nothing and names who changed the order', async () => {
    const [startA, startB] = [await countOf(bouquet.id), await countOf(other.id)];
    const o = await place([{ id: bouquet.id, count: 1 }]);
    const edit = await send(o.id, { kind: 'edit', seenUpdatedAt: o.updatedAt, lines: [{ id: bouquet.id, count: 2 }, { id: other.id, count: 1 }], postcard: 'С любовью' });
    expect(edit.status, edit.body.error).toBe(200);
    const edited = edit.body.data!;
    const goods = edited.lines.reduce((s, l) => s + l.sum, 0);
    expect(edited.total).toBe(goods + edited.deliveryPrice);
    expect(edited.lines.map((l) => [l.id, l.count, l.price])).toEqual([[bouquet.id, 2, bouquet.discountPrice || bouquet.price], [other.id, 1, other.discountPrice || other.price]]);
    expect(edited.postcard).toBe('С любовью');
    expect([await countOf(bouquet.id), await countOf(other.id)]).toEqual([startA - 2, startB - 1]);

    const stale = await send(o.id, { kind: 'edit', seenUpdatedAt: o.updatedAt, lines: [{ id: bouquet.id, count: 5 }] });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/успели изменить \(«Изменение заказа», Ольга Флористова\)/);

    const back = await send(o.id, { kind: 'edit', seenUpdatedAt: edited.updatedAt, lines: [{ id: other.id, count: 1 }] });
    expect(back.status).toBe(200);
    expect([await countOf(bouquet.id), await countOf(other.id)]).toEqual([startA, startB - 1]);

    expect((await send(o.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    const late = await send(o.id, { kind: 'edit', seenUpdatedAt: (await stored(o.id)).updatedAt, postcard: 'Поздно' });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/«Собирается» \(изменил\(а\): Ольга Флористова\): менять его можно только до начала сборки/);
    expect((await stored(o.id)).postcard).toBe('');
    // Cancelled after the edits: exactly the current lines come back.
    expect((await send(o.id, { kind: 'status', from: 'assembling', to: 'cancelled', reason: 'Проверка' }, manager)).status).toBe(200);
    expect([await countOf(bouquet.id), await countOf(other.id)]).toEqual([startA, startB]);
  });

  it('adds a sizable product to an order in a size: priced from the catalogue with the size, its stock held', async () => {
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const sized = await restock(body.data.items.find((p) => p.isActive && !p.isHidden && p.sizable)!, 50);
    const o = await place([{ id: bouquet.id, count: 1 }]);
    const edit = await send(o.id, { kind: 'edit', seenUpdatedAt: o.updatedAt, lines: [{ id: bouquet.id, count: 1 }, { id: sized.id, count: 2, letterSize: 'L' }] });
    expect(edit.status, edit.body.error).toBe(200);
    const unit = sized.discountPrice || sized.price;
    expect(edit.body.data!.lines[1]).toMatchObject({ id: sized.id, count: 2, letterSize: 'L', price: unit, priceFactor: 1.5, sum: 2 * sizedPrice(unit, 1.5) });
    expect(edit.body.data!.total).toBe(o.lines[0].sum + 2 * sizedPrice(unit, 1.5) + edit.body.data!.deliveryPrice);
    expect(await countOf(sized.id)).toBe(48);
  });

  it('keeps a photo that is a real image of a sane size and serves it with a long cache; refuses anything else', async () => {
    const o = await place();
    const notImage = await send(o.id, { kind: 'photo', image: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error).toMatch(/JPEG, PNG или WebP/);
    expect((await send(o.id, { kind: 'photo', image: 'https://example.com/a.png' })).status).toBe(400);
    const heavy = await send(o.id, { kind: 'photo', image: pngOf(1000, 1000, 1_100_000) });
    expect(heavy.status).toBe(413);
    expect((await send(o.id, { kind: 'photo', image: pngOf(6000, 4000) })).status).toBe(413);
    expect((await stored(o.id)).photo).toBeUndefined();

    const ok = await send(o.id, { kind: 'photo', image: `data:image/png;base64,${png1x1}` });
    expect(ok.status, ok.body.error).toBe(200);
    const url = ok.body.data!.photo!;
    expect(url).toMatch(/^\/api\/photos\//);
    expect((await customerCopy(o.id)).photo).toBe(url);
    const served = await fetch(shop.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png1x1, 'base64'))).toBe(true);
    expect((await fetch(`${shop.url}/api/photos/no-such-photo-000001`)).status).toBe(404);
  });

  it('lets the customer cancel their own order before assembly, once, and no one else’s', async () => {
    const start = await countOf(bouquet.id);
    const o = await place([{ id: bouquet.id, count: 2 }]);
    expect(await countOf(bouquet.id)).toBe(start - 2);
    const stranger = await signIn(shop.url, '79440000277');
    const theirs = await call<Answer>(shop.url, '/api/orders/cancel', { id: o.id }, stranger);
    expect(theirs.status).toBe(404);
    const guest = await call<Answer>(shop.url, '/api/orders/cancel', { id: o.id });
    expect(guest.status).toBe(401);
    const [first, second] = await Promise.all([
      call<Answer>(shop.url, '/api/orders/cancel', { id: o.id }, me),
      call<Answer>(shop.url, '/api/orders/cancel', { id: o.id }, me),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await countOf(bouquet.id)).toBe(start);
    const after = await stored(o.id);
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'Отменён покупателем' });
    expect(after.history?.filter((h) => h.by === customer)).toHaveLength(1);
    expect((await customerCopy(o.id)).status).toBe('cancelled');

    const late = await place();
    expect((await send(late.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    const refused = await call<Answer>(shop.url, '/api/orders/cancel', { id: late.id }, me);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/только по телефону студии/);
    expect((await stored(late.id)).status).toBe('assembling');
  });

  it('keeps the ids the server derives to itself: a staff command cannot take the customer’s cancellation, and the customer still cancels', async () => {
    const o = await place();
    const officePush = async (id: string, action: OrderAction) => {
      const now = Date.now();
      const doc = { _id: id, type: 'orderCommand', v: 1, title: 'Статус', createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data: { order: o.id, action } };
      const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
      const [row] = (await pushed.json()) as { ok?: boolean; reason?: string }[];
      if (!row.ok) return { ok: false, reason: row.reason };
      for (let i = 0; i < 500; i++) {
        const outcome = ((await (await fetch(`${shop.url}/db/office/${id}`, { headers: { cookie: florist } })).json()) as { data: { outcome?: CommandOutcome } }).data.outcome;
        if (outcome) return outcome;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('no outcome');
    };
    const confirm = { kind: 'status', from: 'new', to: 'confirmed' } as const;
    const viaApi = await send(o.id, confirm, florist, `cancel-${o.id}`);
    expect(viaApi.status).toBe(400);
    expect(viaApi.body.error).toMatch(/сервер оставляет за собой/);
    expect(await officePush(`cancel-${o.id}`, confirm)).toMatchObject({ ok: false, reason: expect.stringMatching(/сервер оставляет за собой/) });
    expect((await send(o.id, confirm, manager, `online-failed-${crypto.randomUUID()}`)).status).toBe(400);
    expect((await send(o.id, confirm, manager, `new-${o.id}`)).status).toBe(400);
    expect((await stored(o.id)).status).toBe('new');
    expect((await stored(o.id)).history ?? []).toEqual([]);

    const cancelled = await call<Answer>(shop.url, '/api/orders/cancel', { id: o.id }, me);
    expect(cancelled.status, cancelled.body.error).toBe(200);
    expect((await stored(o.id)).status).toBe('cancelled');
  });

  it('keeps a photo to its order: another order’s photo id is refused and shows nothing of it', async () => {
    const [a, b] = [await place(), await place()];
    const id = commandId();
    const first = await send(a.id, { kind: 'photo', image: `data:image/png;base64,${png1x1}` }, florist, id);
    expect(first.status, first.body.error).toBe(200);
    const taken = await send(b.id, { kind: 'photo', image: pngOf(2, 2) }, florist, id);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/у другого заказа/);
    expect((await stored(b.id)).photo).toBeUndefined();
    expect((await stored(a.id)).photo).toBe(first.body.data!.photo);
    // The same command on its own order is still the same photo.
    expect((await send(a.id, { kind: 'photo', image: `data:image/png;base64,${png1x1}` }, florist, id)).body.outcome).toMatchObject({ ok: true, note: 'Команда уже выполнена' });
  });

  it('refuses staff commands to a customer (403) and changes nothing', async () => {
    const o = await place();
    const answer = await send(o.id, { kind: 'status', from: 'new', to: 'confirmed' }, me);
    expect(answer.status).toBe(403);
    expect((await send(o.id, { kind: 'payment', status: 'paid', method: 'cash' }, me)).status).toBe(403);
    expect(await stored(o.id)).toEqual(o);
  });

  it('applies the same command sent twice once', async () => {
    const o = await place();
    const id = commandId();
    const first = await send(o.id, { kind: 'payment', status: 'paid', method: 'cash' }, florist, id);
    const again = await send(o.id, { kind: 'payment', status: 'paid', method: 'cash' }, florist, id);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.outcome).toMatchObject({ ok: true, note: 'Команда уже выполнена' });
    expect((await stored(o.id)).history?.filter((h) => h.command === id)).toHaveLength(1);
  });

  it('takes a phone order: the customer is found or created, same numbering, stock and calendar, no site limits, once', async () => {
    const start = await countOf(bouquet.id);
    const phone = '79440000299';
    const draft = {
      ...draftOf(phone, [{ id: bouquet.id, count: 12 }]),
      source: 'phone',
      customer: { phone, name: 'Звонившая Мария' },
    };
    const id = commandId();
    const created = await send(draft.id, { kind: 'create', draft } as OrderAction, manager, id);
    expect(created.status, created.body.error).toBe(200);
    const o = created.body.data!;
    expect(o).toMatchObject({ customer: phone, source: 'phone', status: 'new' });
    expect(o.number).toBeGreaterThan(0);
    expect(await countOf(bouquet.id)).toBe(start - 12);
    const byFlorist = await send(draft.id, { kind: 'create', draft } as OrderAction, florist);
    expect(byFlorist.status, JSON.stringify(byFlorist.body)).toBe(403);
    expect(byFlorist.body.error).toMatch(cyrillic);
    const twice = await send(draft.id, { kind: 'create', draft } as OrderAction, manager, id);
    expect(twice.body.data?.number).toBe(o.number);
    expect(await countOf(bouquet.id)).toBe(start - 12);
    const events = await call<{ id: string }[]>(shop.url, '/api/events/list', { month: Number(o.date.slice(5, 7)), year: Number(o.date.slice(0, 4)) }, florist);
    expect(events.body.map((e) => e.id)).toContain(`order-${o.number}`);
    // The customer now exists and sees the order as theirs.
    const theirs = await signIn(shop.url, phone);
    expect((await call<{ user: { name: string } }>(shop.url, '/api/user', undefined, theirs)).body.user.name).toBe('Звонившая Мария');
    expect((await fetch(`${shop.url}/db/orders-${phone}/${o.id}`, { headers: { cookie: theirs } })).status).toBe(200);
    expect((await send(o.id, { kind: 'status', from: 'new', to: 'cancelled', reason: 'Проверка' }, manager)).status).toBe(200);
  });

  it('lets a florist record a counter sale (showcase, taken away) and its payment, and nothing delivered or by phone', async () => {
    const phone = '79440000298';
    const base = { ...draftOf(phone, [{ id: bouquet.id, count: 1 }]), customer: { phone, name: 'Покупательница' }, delivery: { method: 'pickup' } };
    const sale = { ...base, source: 'showcase' };
    const created = await send(sale.id, { kind: 'create', draft: sale } as OrderAction, florist);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ source: 'showcase', delivery: { method: 'pickup' }, customer: phone });
    const paid = await send(sale.id, { kind: 'payment', status: 'paid', method: 'card' }, florist);
    expect(paid.body.data).toMatchObject({ paid: { status: 'paid', method: 'card', amount: created.body.data!.total } });
    for (const draft of [{ ...base, id: `j-${crypto.randomUUID()}`, source: 'phone' }, { ...sale, id: `j-${crypto.randomUUID()}`, delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' } }]) {
      const refused = await send(draft.id, { kind: 'create', draft } as OrderAction, florist);
      expect(refused.status, JSON.stringify(draft)).toBe(403);
      expect(refused.body.error).toMatch(cyrillic);
    }
  });

  it('writes into the history when a command was made on the device beside when it was applied', async () => {
    const o = await place();
    const now = Date.now();
    const pushed = [
      { id: commandId(), madeAt: now - 3_600_000, action: { kind: 'status', from: 'new', to: 'confirmed' } },
      { id: commandId(), madeAt: now - 60_000, action: { kind: 'payment', status: 'paid', method: 'cash' } },
    ];
    for (const c of pushed) {
      const doc = { _id: c.id, type: 'orderCommand', v: 1, title: `Команда: ${o.id}`, createdBy: demoPhones.florist, createdAt: c.madeAt, updatedBy: demoPhones.florist, updatedAt: c.madeAt, data: { order: o.id, action: c.action } };
      const answer = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
      expect(((await answer.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
    }
    let history: Order['history'] = [];
    for (let i = 0; i < 500 && (history?.length ?? 0) < 2; i++) {
      history = (await stored(o.id)).history;
      if ((history?.length ?? 0) < 2) await new Promise((r) => setTimeout(r, 10));
    }
    const entries = pushed.map((c) => history?.find((h) => h.command === c.id));
    expect(entries.map((h) => h?.madeAt)).toEqual(pushed.map((c) => c.madeAt));
    for (const h of entries) expect(h!.at).toBeGreaterThanOrEqual(now);
  });

  it('applies a command pushed through /db/office once, writes its outcome for the device to pull, and refuses any change to it', async () => {
    const o = await place();
    const office = (path: string, init: RequestInit = {}, cookie = florist) =>
      fetch(`${shop.url}/db/office${path}`, { ...init, headers: { 'content-type': 'application/json', cookie } });
    const now = Date.now();
    const id = commandId();
    const doc = {
      _id: id,
      type: 'orderCommand',
      v: 1,
      title: `Статус: ${o.id}`,
      createdBy: demoPhones.florist,
      createdAt: now,
      updatedBy: demoPhones.florist,
      updatedAt: now,
      data: { order: o.id, action: { kind: 'status', from: 'new', to: 'confirmed' } },
    };
    const push = async (docs: unknown[], cookie = florist) =>
      (await (await office('/_bulk_docs', { method: 'POST', body: JSON.stringify({ docs }) }, cookie)).json()) as { ok?: boolean; error?: string; reason?: string }[];
    // A new command that comes with an outcome (a device pushing again what a store answered before it was restored,
    // DECISIONS «the store epoch») is stored without it and applied by the server, once: a forged outcome skips nothing.
    const restored = await place();
    const answered = commandId();
    const withOutcome = { ...doc, _id: answered, title: `Статус: ${restored.id}`, data: { order: restored.id, action: doc.data.action, outcome: { ok: false, at: now, reason: 'подделка' } } };
    expect((await push([withOutcome]))[0]).toMatchObject({ ok: true });
    await expect.poll(async () => (await stored(restored.id)).history?.filter((h) => h.command === answered).length, { timeout: 10_000, interval: 20 }).toBe(1);
    expect((await stored(restored.id)).status).toBe('confirmed');
    await expect.poll(async () => ((await (await office(`/${answered}`)).json()) as { data: { outcome?: CommandOutcome } }).data.outcome, { timeout: 10_000, interval: 20 }).toMatchObject({ ok: true });
    expect((await push([{ ...doc, _id: commandId(), createdBy: demoPhones.manager, updatedBy: demoPhones.manager }]))[0]).toMatchObject({ error: 'conflict' });
    expect((await push([{ ...doc, _id: commandId(), createdBy: customer, updatedBy: customer }], me))[0]).toMatchObject({ error: 'conflict' });
    expect((await push([doc]))[0]).toMatchObject({ ok: true });

    let pulled: OfficeRecord['data'] & { outcome?: CommandOutcome } = {};
    let rev = '';
    for (let i = 0; i < 500 && !pulled.outcome; i++) {
      const got = (await (await office(`/${id}`)).json()) as { data: typeof pulled; _rev: string };
      pulled = got.data;
      rev = got._rev;
      if (!pulled.outcome) await new Promise((r) => setTimeout(r, 10));
    }
    expect(pulled.outcome).toMatchObject({ ok: true });
    const after = await stored(o.id);
    expect(after.status).toBe('confirmed');
    expect(after.history?.filter((h) => h.command === id)).toHaveLength(1);

    // Sent again (a lost answer), changed or deleted by a device: each refused with a reason, nothing applied twice.
    for (const again of [doc, { ...doc, _rev: rev, data: { ...doc.data, action: { kind: 'status', from: 'new', to: 'done' } } }, { _id: id, _rev: rev, _deleted: true }]) {
      const row = (await push([again]))[0];
      expect(row).toMatchObject({ error: 'conflict' });
      expect(row.reason).toMatch(cyrillic);
    }
    // The same command through the API is the same command: applied already.
    expect((await send(o.id, doc.data.action as OrderAction, florist, id)).body.outcome).toMatchObject({ ok: true, note: 'Команда уже выполнена' });
    expect((await stored(o.id)).history?.filter((h) => h.command === id)).toHaveLength(1);
  });

  it('lets a command wait for its order while the order\'s create is pushed but not yet applied (a paid phone order)', async () => {
    const phone = '79440000298';
    const draft = { ...draftOf(phone, [{ id: bouquet.id, count: 1 }]), source: 'phone', customer: { phone, name: 'Оплатившая Анна' } };
    const now = Date.now();
    const record = (id: string, action: unknown) => ({
      _id: id, type: 'orderCommand', v: 1, title: 'Команда', createdBy: demoPhones.manager, createdAt: now, updatedBy: demoPhones.manager, updatedAt: now,
      data: { order: draft.id, action },
    });
    const push = async (docs: unknown[]) =>
      (await (await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: manager }, body: JSON.stringify({ docs }) })).json()) as { ok?: boolean }[];
    const outcomeOf = async (id: string) =>
      ((await (await fetch(`${shop.url}/db/office/${id}`, { headers: { cookie: manager } })).json()) as { data: { outcome?: CommandOutcome } }).data.outcome;
    const payment = commandId();
    const create = createCommandId(draft.id);
    // One push, the payment first: the feed lists it before the order exists.
    const rows = await push([record(payment, { kind: 'payment', status: 'paid', method: 'card' }), record(create, { kind: 'create', draft })]);
    expect(rows).toMatchObject([{ ok: true }, { ok: true }]);
    let outcome: CommandOutcome | undefined;
    for (let i = 0; i < 600 && !outcome; i++) {
      outcome = await outcomeOf(payment);
      if (!outcome) await new Promise((r) => setTimeout(r, 20));
    }
    expect(outcome).toMatchObject({ ok: true });
    expect(await outcomeOf(create)).toMatchObject({ ok: true });
    expect((await stored(draft.id)).paid).toMatchObject({ status: 'paid', method: 'card' });
  });

  it('keeps no photo bytes in the office database once a photo command is answered, refused as well as applied', async () => {
    const o = await place();
    const now = Date.now();
    const photoCommand = (image: string) => ({
      _id: commandId(), type: 'orderCommand', v: 1, title: 'Фото', createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now,
      data: { order: o.id, action: { kind: 'photo', image } },
    });
    const refused = photoCommand(`data:image/png;base64,${Buffer.from('<svg onload=alert(1)>'.repeat(20_000)).toString('base64')}`);
    const applied = photoCommand(pngOf(2, 2, 200_000));
    const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [refused, applied] }) });
    expect(((await pushed.json()) as { ok?: boolean }[]).map((r) => r.ok)).toEqual([true, true]);
    const answered = async (id: string) => {
      for (let i = 0; i < 500; i++) {
        const text = await (await fetch(`${shop.url}/db/office/${id}`, { headers: { cookie: florist } })).text();
        const doc = JSON.parse(text) as { data: { action: { image: string }; outcome?: CommandOutcome } };
        if (doc.data.outcome) return { doc, bytes: text.length };
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`${id}: no outcome`);
    };
    const no = await answered(refused._id);
    expect(no.doc.data.outcome).toMatchObject({ ok: false, status: 400 });
    expect(no.doc.data.action.image).toBe('');
    expect(no.bytes).toBeLessThan(2_000);
    const yes = await answered(applied._id);
    expect(yes.doc.data.outcome).toMatchObject({ ok: true });
    expect(yes.doc.data.action.image).toMatch(/^\/api\/photos\//);
    expect(yes.bytes).toBeLessThan(2_000);
  });

  it('answers a refused office command with its reason in the outcome', async () => {
    const o = await place();
    const now = Date.now();
    const id = commandId();
    const doc = {
      _id: id, type: 'orderCommand', v: 1, title: 'Статус', createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now,
      data: { order: o.id, action: { kind: 'status', from: 'new', to: 'cancelled' } },
    };
    const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    expect(((await pushed.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
    let outcome: CommandOutcome | undefined;
    for (let i = 0; i < 500 && !outcome; i++) {
      outcome = ((await (await fetch(`${shop.url}/db/office/${id}`, { headers: { cookie: florist } })).json()) as { data: { outcome?: CommandOutcome } }).data.outcome;
      if (!outcome) await new Promise((r) => setTimeout(r, 10));
    }
    expect(outcome).toMatchObject({ ok: false, status: 400, reason: expect.stringMatching(/причину/) });
    expect((await stored(o.id)).status).toBe('new');
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { ShopEvent } from '../../schema/studio/orders/event';
import { orderTitle } from '../../schema/studio/orders/order-number';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { upsert } from '../db/docs';
import { startShop, type RunningShop } from '../shop';
import { call, demoPhones, signIn } from '../testing/test-shop';
import { copiesUpgradeMark } from './copies-upgrade';
import { recordFromDoc } from './order-record';
import { studioOrdersDb } from './spread';
import { sweepStudioOrders } from './studio-sweep';
import { studioWindowStart } from './studio-window';

const customer = '79440000801';
const recipient = { name: 'Зинаида Приватная', phone: '79440000899' };
const address = 'ул. Тайная, д. 7, кв. 13';
const daysBefore = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** What only the order itself may say, within the window: who receives it, where, and who ordered it. */
const personal = [customer, recipient.name, recipient.phone, address];
const expectNothingPersonal = (value: unknown, where: string) => {
  const text = JSON.stringify(value);
  for (const p of personal) expect(text, `${where} carries «${p}»`).not.toContain(p);
};

/** DECISIONS «What a florist sees»: the studio window's orders, an order's calendar event without people or places. */
describe('what a florist sees of orders', () => {
  let dataDir = '';
  let running: RunningShop;
  let me: string;
  let florist: string;
  let manager: string;
  let admin: string;
  let bouquet: Product;
  const start = async () => (running = await startShop({ mode: 'demo', seed: true, port: 0, dataDir, quiet: true, codeCooldownMs: 0, ordersPerCustomerPerHour: 1000, unconfirmedOrdersPerCustomer: 1000 }));
  const signInAll = async () => ([me, florist, manager, admin] = await Promise.all([customer, demoPhones.florist, demoPhones.manager, demoPhones.admin].map((p) => signIn(running.url, p))));
  const place = async () => {
    const draft = {
      id: `florist-sees-${crypto.randomUUID()}`,
      lines: [{ id: bouquet.id, count: 1 }],
      sender: { name: 'Анна', phone: customer },
      recipient,
      delivery: { method: 'courier', address },
      date: nextDay(nextDay(today())),
      slot: '12:00–15:00',
      payment: 'cash',
    };
    const placed = await call<{ data: Order }>(running.url, '/api/orders/create', draft, me);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  };
  /** An order delivered before the studio window, as the shop holds one from last month. */
  const oldOrder = async (from: Order) => {
    const orders = running.shop.storage.db('orders');
    const { id: _id, ...record } = recordFromDoc(await orders.get(from.id));
    const id = `old-${from.id}`.slice(0, 64);
    await upsert(orders, id, () => ({ ...record, date: daysBefore(studioWindowStart(), 3), number: from.number + 10_000 }));
    return id;
  };
  const list = async (cookie: string, query: object = {}) => {
    const answer = await call<{ data: { items: Order[] } }>(running.url, '/api/orders/list', { params: { skip: 0, limit: 200 }, query }, cookie);
    expect(answer.status).toBe(200);
    return answer.body.data.items.map((o) => o.id);
  };
  const db = (p: string, cookie: string) => fetch(`${running.url}/db/${p}`, { headers: { cookie } });

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-florist-sees-'));
    await start();
    await signInAll();
    const { body } = await call<{ data: { items: Product[] } }>(running.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const { updatedAt: _u, ...found } = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable)!;
    bouquet = (await call<{ data: Product }>(running.url, '/api/items/update', { ...found, count: 100 }, manager)).body.data;
  });
  afterAll(async () => {
    await running?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lists a florist and a manager the orders of the studio window only; an admin every order', async () => {
    const recent = await place();
    const old = await oldOrder(recent);
    for (const cookie of [florist, manager]) {
      expect(await list(cookie)).toContain(recent.id);
      expect(await list(cookie)).not.toContain(old);
      expect(await list(cookie, { customer })).not.toContain(old);
    }
    expect(await list(admin)).toEqual(expect.arrayContaining([recent.id, old]));
    // A command on the old order (a return recorded by a manager) is applied, and answers no order but to an admin.
    const command = (cookie: string) => call<{ data?: Order; outcome?: { ok: boolean } }>(running.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: old, action: { kind: 'assign', florist: demoPhones.florist } }, cookie);
    for (const cookie of [florist, manager]) {
      const answer = await command(cookie);
      expect(answer.status).toBe(200);
      expect(answer.body.outcome?.ok).toBe(true);
      expect(answer.body.data).toBeUndefined();
      expectNothingPersonal(answer.body, 'a command on an order past the window');
    }
    expect((await command(admin)).body.data?.id).toBe(old);
  });

  it("keeps a customer's own database from florists and managers, on /db and the live stream alike", async () => {
    await place();
    for (const cookie of [florist, manager]) {
      expect((await db(`orders-${customer}/_all_docs?include_docs=true`, cookie)).status).toBe(403);
      const stream = await fetch(`${running.url}/api/sync/stream?db=orders-${customer}`, { headers: { cookie }, signal: AbortSignal.timeout(5000) });
      expect(stream.status).toBe(403);
      await stream.body?.cancel();
    }
    expect((await db(`orders-${customer}/_all_docs`, me)).status).toBe(200);
  });

  it("gives an order's calendar event what the calendar shows and no recipient, address or customer phone", async () => {
    const o = await place();
    const pulled = (await (await db('events/_changes?since=0&include_docs=true', florist)).json()) as { results: { id: string; doc?: Omit<ShopEvent, 'id'> }[] };
    const event = pulled.results.find((r) => r.id === `order-${o.number}`)?.doc;
    expect(event).toMatchObject({ title: orderTitle(o.number), type: 'order', day: o.date, sum: o.total, data: { number: o.number } });
    expect(JSON.stringify(event), 'the order id opens the whole order through a command').not.toContain(o.id);
    expectNothingPersonal(pulled.results, '/db/events');
    const [year, month] = o.date.split('-').map(Number);
    const listed = await call<ShopEvent[]>(running.url, '/api/events/list', { year, month }, florist);
    expect(listed.body.map((e) => e.id)).toContain(`order-${o.number}`);
    expectNothingPersonal(listed.body, '/api/events/list');
  });

  it("leaves nothing of a swept studio copy readable by its revision", async () => {
    const store = running.shop.storage.db(studioOrdersDb);
    const written = await store.put({ _id: 'swept-order-0000001', date: daysBefore(studioWindowStart(), 1), recipient, customer });
    expect(await sweepStudioOrders(running.shop.storage)).toBeGreaterThanOrEqual(1);
    const byRevision = await db(`${studioOrdersDb}/swept-order-0000001?rev=${written.rev}`, florist);
    expect(byRevision.status).toBe(404);
    expectNothingPersonal(await byRevision.json(), 'a swept copy read by its revision');
  });

  it('slims, once at start, the events and customer copies stored before, and the old event cannot be read back', async () => {
    const o = await place();
    const paid = await call(running.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: o.id, action: { kind: 'payment', status: 'paid', method: 'cash' } }, manager);
    expect(paid.status).toBe(200);
    const storage = running.shop.storage;
    // As the shop wrote them before: the event with the recipient, the address and the customer, the copy with who took the money.
    const oldEvent = await upsert<object>(storage.db('events'), `order-${o.number}`, (current) => ({
      ...current,
      description: `${recipient.name}, ${o.slot}, ${address}`,
      data: { orderId: o.id, number: o.number, customer },
      meta: { author: customer, createdAt: o.createdAt },
    }));
    expect(oldEvent).toBeTruthy();
    const oldRev = (await storage.db('events').get(`order-${o.number}`))._rev;
    await upsert<object>(storage.db(`orders-${customer}`), o.id, (current) => ({ ...current, paid: { status: 'paid', method: 'cash', amount: o.total, at: 1, by: demoPhones.manager } }));
    const oldCopyRev = (await storage.db(`orders-${customer}`).get(o.id))._rev;
    const counters = storage.db('counters');
    // The shop before the upgrade had no mark.
    await counters.get(copiesUpgradeMark).then((mark) => counters.remove(mark), () => undefined);
    await running.close();

    await start();
    await signInAll();
    const event = await db(`events/order-${o.number}`, florist);
    expect(await event.json()).toMatchObject({ title: orderTitle(o.number), data: { number: o.number } });
    const eventNow = (await (await db(`events/order-${o.number}`, florist)).json()) as object;
    expectNothingPersonal(eventNow, 'the event after the upgrade');
    const old = await db(`events/order-${o.number}?rev=${oldRev}`, florist);
    expect(old.status).toBe(404);
    const copy = (await (await db(`orders-${customer}/${o.id}`, me)).json()) as Order;
    expect(copy.paid).toMatchObject({ status: 'paid' });
    expect(copy.paid?.by).toBeUndefined();
    expect((await db(`orders-${customer}/${o.id}?rev=${oldCopyRev}`, me)).status).toBe(404);
  });
});

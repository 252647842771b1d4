import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { startSmsGatewayStandIn } from '../testing/sms-gateway-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { noticesOf } from './outbox';
import { noticeStateLabel, type NoticeView } from '../../schema/studio/orders/order-notices';
import { captureLogs } from '../testing/log-capture';
import { getDoc } from '../db/docs';
import { customerOrdersDb } from '../../schema/shared/databases';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Gateway = Awaited<ReturnType<typeof startSmsGatewayStandIn>>;
const png1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const origin = 'https://shop.example';
/** Every app server of these tests sends due notices ten times a second and tries a refused one again after 0.2 s. */
const fast = { noticeEveryMs: 100, noticeRetryMs: 200, publicOrigin: origin };

const waitFor = async <T>(what: string, read: () => Promise<T> | T, done: (v: T) => boolean, ms = 15_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** The messages the gateway took for one order, by its number in the text. */
const aboutOrder = (gateway: Gateway, number: number) => gateway.received.filter((m) => new RegExp(`№\u00a0${number}\\b`).test(m.text));

/** Signs the staff and customers in (codes go to the demo's log), then points the shop at the gateway stand-in. */
const openShopWithGateway = async (shop: Shop, gateway: Gateway, customers: string[]) => {
  const [admin, florist, ...cookies] = await Promise.all([demoPhones.admin, demoPhones.florist, ...customers].map((p) => signIn(shop.url, p)));
  expect((await call(shop.url, '/api/settings/sms-update', { url: gateway.url, token: gateway.token }, admin)).status).toBe(200);
  const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const bouquet = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!.id;
  return { florist, cookies, bouquet };
};

const courierOrder = async (url: string, cookie: string, customer: string, bouquet: string): Promise<Order> => {
  const draft = {
    id: `notice-${crypto.randomUUID()}`,
    lines: [{ id: bouquet, count: 1 }],
    sender: { name: 'Анна', phone: customer },
    recipient: { name: 'Ольга', phone: '79550009999' },
    delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' },
    date: nextDay(today()),
    slot: '12:00–15:00',
    payment: 'cash',
  };
  const placed = await call<{ data: Order }>(url, '/api/orders/create', draft, cookie);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data;
};

const command = async (url: string, cookie: string, order: string, action: OrderAction, id = `cmd-${crypto.randomUUID()}`) => {
  const answer = await call<{ outcome: { ok: boolean } }>(url, '/api/orders/command', { id, order, action }, cookie);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.outcome.ok).toBe(true);
  return id;
};

describe('SMS about an order (issue 30, item 4), one shop', () => {
  let shop: Shop;
  let gateway: Gateway;
  let florist: string;
  let bouquet: string;
  let cookies: string[];
  const [anna, boris, vera] = ['79440003001', '79440003002', '79440003003'];
  beforeAll(async () => {
    gateway = await startSmsGatewayStandIn();
    shop = await startTestShop(fast);
    ({ florist, cookies, bouquet } = await openShopWithGateway(shop, gateway, [anna, boris, vera]));
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await gateway?.close();
  });

  it('tells the customer once each: taken, the photo with its link to /my, the courier left, delivered', async () => {
    const o = await courierOrder(shop.url, cookies[0], anna, bouquet);
    // A new order is the studio's to take: nothing yet.
    await new Promise((r) => setTimeout(r, 400));
    expect(aboutOrder(gateway, o.number)).toEqual([]);

    await command(shop.url, florist, o.id, { kind: 'status', from: 'new', to: 'confirmed' });
    await waitFor('принят', () => aboutOrder(gateway, o.number).length, (n) => n === 1);
    const photoCommand = await command(shop.url, florist, o.id, { kind: 'photo', image: `data:image/png;base64,${png1x1}` });
    await waitFor('фото', () => aboutOrder(gateway, o.number).length, (n) => n === 2);
    // The same command sent again (a device that did not hear the answer) changes nothing and tells nobody again.
    await command(shop.url, florist, o.id, { kind: 'photo', image: `data:image/png;base64,${png1x1}` }, photoCommand);
    await command(shop.url, florist, o.id, { kind: 'status', from: 'confirmed', to: 'delivering' });
    await waitFor('курьер', () => aboutOrder(gateway, o.number).length, (n) => n === 3);
    await command(shop.url, florist, o.id, { kind: 'status', from: 'delivering', to: 'done' });
    await waitFor('доставлен', () => aboutOrder(gateway, o.number).length, (n) => n === 4);
    // Many more sends later, still each once.
    await new Promise((r) => setTimeout(r, 600));
    const texts = aboutOrder(gateway, o.number);
    expect(texts.map((m) => m.phone)).toEqual([anna, anna, anna, anna]);
    expect(texts.map((m) => m.text)).toEqual([
      `Цветочная мастерская: заказ №\u00a0${o.number} принят, готовим букет`,
      `Букет по заказу №\u00a0${o.number} готов, фото: ${origin}/my#order-${o.number}`,
      `Курьер выехал с заказом №\u00a0${o.number}. Цветочная мастерская`,
      `Заказ №\u00a0${o.number} доставлен. Спасибо, что вы с нами! Цветочная мастерская`,
    ]);
    expect((await noticesOf(shop.shop.storage, o.id)).map((n) => n.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
    // The photo the link names is on the customer's own copy, which their /my shows.
    const mine = await getDoc<Order>(shop.shop.storage.db(customerOrdersDb(anna)), o.id);
    expect(mine?.photo).toMatch(/^\/api\/photos\//);
  }, 60_000);

  it('waits out a gateway that is down, never holding the order up, and sends once when it is back', async () => {
    const o = await courierOrder(shop.url, cookies[1], boris, bouquet);
    gateway.refuse(503);
    const started = Date.now();
    await command(shop.url, florist, o.id, { kind: 'status', from: 'new', to: 'confirmed' });
    expect(Date.now() - started).toBeLessThan(5000);
    const waiting = await waitFor('попытки', () => noticesOf(shop.shop.storage, o.id), (ns) => ns.length === 1 && ns[0].tries >= 2 && ns[0].state === 'waiting');
    expect(waiting[0].reason).toBe('SMS-шлюз ответил ошибкой 503');
    expect(aboutOrder(gateway, o.number)).toEqual([]);
    // The order's page tells staff, in Russian; a customer may not ask.
    const shown = await call<{ data: NoticeView[] }>(shop.url, '/api/orders/notices', { id: o.id }, florist);
    expect(shown.body.data.map((n) => [n.kind, noticeStateLabel(n)])).toEqual([['accepted', 'ждёт отправки: SMS-шлюз ответил ошибкой 503']]);
    expect((await call(shop.url, '/api/orders/notices', { id: o.id }, cookies[1])).status).toBe(403);
    gateway.refuse(0);
    await waitFor('после сбоя', () => aboutOrder(gateway, o.number).length, (n) => n === 1);
    await new Promise((r) => setTimeout(r, 600));
    expect(aboutOrder(gateway, o.number)).toHaveLength(1);
    expect((await noticesOf(shop.shop.storage, o.id))[0]).toMatchObject({ state: 'sent' });
    expect((await call<{ data: NoticeView[] }>(shop.url, '/api/orders/notices', { id: o.id }, florist)).body.data.map(noticeStateLabel)).toEqual(['отправлено']);
  }, 60_000);

  it('sends a message whose sender died while holding it, once its lease runs out; never one still held', async () => {
    const o = await courierOrder(shop.url, cookies[1], boris, bouquet);
    const db = shop.shop.storage.db('notices');
    const now = Date.now();
    const held = { order: o.id, number: o.number, phone: boris, at: now, createdAt: now, state: 'sending', tries: 1 };
    // One held by a live server (its lease runs a minute more), one by a server that died (its lease ran out).
    await db.put({ _id: `n:${o.id}:accepted`, ...held, kind: 'accepted', lease: 'alive', nextAt: now + 60_000 });
    await db.put({ _id: `n:${o.id}:photo`, ...held, kind: 'photo', lease: 'dead', nextAt: now - 1 });
    await waitFor('снова отправлено', () => aboutOrder(gateway, o.number).length, (n) => n === 1);
    await new Promise((r) => setTimeout(r, 600));
    expect(aboutOrder(gateway, o.number).map((m) => m.text)).toEqual([`Букет по заказу №\u00a0${o.number} готов, фото: ${origin}/my#order-${o.number}`]);
    expect((await noticesOf(shop.shop.storage, o.id)).map((n) => [n.kind, n.state, n.lease ?? null])).toEqual([
      ['accepted', 'sending', 'alive'],
      ['photo', 'sent', null],
    ]);
  }, 60_000);

  it('sends nothing to a customer who turned the messages off on /my, and only theirs are off', async () => {
    const veraCookie = cookies[2];
    expect((await call<{ data: { sms: boolean } }>(shop.url, '/api/my/sms-get', {}, veraCookie)).body.data.sms).toBe(true);
    expect((await call<{ data: { sms: boolean } }>(shop.url, '/api/my/sms-set', { sms: false }, veraCookie)).body.data.sms).toBe(false);
    expect((await call<{ data: { sms: boolean } }>(shop.url, '/api/my/sms-get', {}, veraCookie)).body.data.sms).toBe(false);
    expect((await call<{ data: { sms: boolean } }>(shop.url, '/api/my/sms-get', {}, cookies[0])).body.data.sms).toBe(true);
    expect((await call(shop.url, '/api/my/sms-get', {})).status).toBe(401);

    const o = await courierOrder(shop.url, veraCookie, vera, bouquet);
    await command(shop.url, florist, o.id, { kind: 'status', from: 'new', to: 'confirmed' });
    const skipped = await waitFor('пропущено', () => noticesOf(shop.shop.storage, o.id), (ns) => ns.length === 1 && ns[0].state === 'skipped');
    expect(skipped[0].reason).toBe('Покупатель отключил SMS');
    expect(gateway.received.filter((m) => m.phone === vera)).toEqual([]);

    // Turned on again: the next moment is told.
    await call(shop.url, '/api/my/sms-set', { sms: true }, veraCookie);
    await command(shop.url, florist, o.id, { kind: 'status', from: 'confirmed', to: 'delivering' });
    await waitFor('снова включены', () => gateway.received.filter((m) => m.phone === vera).length, (n) => n === 1);
    expect(gateway.received.find((m) => m.phone === vera)?.text).toMatch(/^Курьер выехал/);
  }, 60_000);
});

describe('SMS about an order on two app servers sharing one store', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let a: Shop;
  let b: Shop;
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startSmsGatewayStandIn();
    couch = await startCouchStandIn();
    a = await startTestShop({ couchUrl: couch.url, ...fast, noticeEveryMs: 30 });
    b = await startTestShop({ couchUrl: couch.url, seed: false, ...fast, noticeEveryMs: 30 });
  }, 90_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await couch?.close();
    await gateway?.close();
  });

  it('sends each message once though both servers send, the gateway down at first', async () => {
    const customers = ['79440003101', '79440003102', '79440003103', '79440003104'];
    const { florist, cookies, bouquet } = await openShopWithGateway(a, gateway, customers);
    const orders = await Promise.all(customers.map((c, i) => courierOrder(i % 2 ? b.url : a.url, cookies[i], c, bouquet)));
    gateway.refuse(502);
    // Each order taken on one server and sent off on the other, all at once.
    await Promise.all(orders.map((o, i) => command(i % 2 ? a.url : b.url, florist, o.id, { kind: 'status', from: 'new', to: 'confirmed' })));
    await waitFor('отказы шлюза', () => Promise.all(orders.map((o) => noticesOf(a.shop.storage, o.id))), (all) => all.every((ns) => ns[0]?.tries >= 2));
    gateway.refuse(0);
    await Promise.all(orders.map((o, i) => command(i % 2 ? b.url : a.url, florist, o.id, { kind: 'photo', image: `data:image/png;base64,${png1x1}` })));
    await waitFor('все отправлены', () => orders.map((o) => aboutOrder(gateway, o.number).length), (counts) => counts.every((n) => n >= 2));
    await new Promise((r) => setTimeout(r, 1000));
    for (const [i, o] of orders.entries()) {
      const texts = aboutOrder(gateway, o.number).map((m) => `${m.phone} ${m.text.split(' ')[0]}`);
      expect(texts.sort(), o.id).toEqual([`${customers[i]} Букет`, `${customers[i]} Цветочная`]);
    }
  }, 90_000);
});

describe('SMS about an order in demo mode without a gateway', () => {
  it('sends nothing anywhere and prints the message in the log, as sign-in codes are', async () => {
    const logs = captureLogs();
    const shop = await startTestShop({ ...fast, quiet: false });
    try {
      const customer = '79440003201';
      const [florist, me] = await Promise.all([signIn(shop.url, demoPhones.florist), signIn(shop.url, customer)]);
      const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
      const bouquet = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 1)!.id;
      const o = await courierOrder(shop.url, me, customer, bouquet);
      await command(shop.url, florist, o.id, { kind: 'status', from: 'new', to: 'confirmed' });
      const line = await waitFor('строка журнала', () => logs.lines().find((l) => l.msg?.includes(`заказ №\u00a0${o.number} принят`)), (l) => !!l);
      // The phone is masked as everywhere in the log.
      expect(line?.msg).toBe(`[sms] +7 *** ***-32-01: Цветочная мастерская: заказ №\u00a0${o.number} принят, готовим букет`);
      expect((await noticesOf(shop.shop.storage, o.id)).map((n) => n.state)).toEqual(['sent']);
    } finally {
      logs.stop();
      await shop.close();
    }
  }, 60_000);
});

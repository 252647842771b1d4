import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerOrdersDb } from '../../schema/shared/databases';
import type { OfficeRecord } from '../../schema/shared/record';
import { orderOneBouquet, testCustomer } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;

interface ChangesAnswer {
  results?: { id: string }[];
  error?: string;
}

/** A /db long-poll held from now on; answers its status and body once the server answers it. */
const longpoll = (url: string, db: string, cookie: string) =>
  fetch(`${url}/db/${db}/_changes?feed=longpoll&since=now&timeout=20000`, { headers: { cookie } }).then(async (r) => ({ status: r.status, body: (await r.json()) as ChangesAnswer }));

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** The live stream, read as it comes: what arrived, whether the server closed it. */
const listen = async (url: string, dbs: string[], cookie: string) => {
  const res = await fetch(`${url}/api/sync/stream?${dbs.map((d) => `db=${d}`).join('&')}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  open.push(() => reader.cancel().catch(() => {}));
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return void (ended = true);
      text += decoder.decode(value);
    }
  })();
  return {
    text: () => text,
    ended: () => ended,
    /** Waits until `enough` holds or `ms` passed. */
    async until(enough: () => boolean, ms = 3_000) {
      for (const start = Date.now(); !enough() && Date.now() - start < ms; ) await new Promise((r) => setTimeout(r, 20));
    },
  };
};

/** Long enough for a long-poll request to reach its wait on this machine. */
const settle = () => new Promise((r) => setTimeout(r, 500));

const addCourier = async (url: string, cookie: string, name: string): Promise<string> => {
  const created = await call<{ data: OfficeRecord }>(url, '/api/couriers/update', { data: { name, phone: '79001234567' } }, cookie);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
};

const changeOf = (db: string) => `data: ${JSON.stringify({ db })}`;

/**
 * A held /db long-poll and the live stream ask for the session and the read right again when they wake (issue 27,
 * item 7): whoever lost them after the request began gets nothing written after that.
 */
describe('held reads on one server', () => {
  let shop: Shop;
  let admin: string;
  beforeAll(async () => {
    shop = await startTestShop();
    admin = await signIn(shop.url, demoPhones.admin);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('a florist removed from the staff while her long-poll and stream are held gets neither the new office record nor news of it', async () => {
    const phone = '79440002801';
    expect((await call(shop.url, '/api/staff/update', { phone, name: 'Вера Уходящая', roles: ['florist'], add: true }, admin)).status).toBe(200);
    const florist = await signIn(shop.url, phone);

    // Control: with her right intact the same setup delivers.
    const stream = await listen(shop.url, ['office'], florist);
    const waiting = longpoll(shop.url, 'office', florist);
    await settle();
    const first = await addCourier(shop.url, admin, 'Пётр');
    const delivered = await waiting;
    expect(delivered.status).toBe(200);
    expect(delivered.body.results?.map((r) => r.id)).toContain(first);
    await stream.until(() => stream.text().includes(changeOf('office')));
    expect(stream.text()).toContain(changeOf('office'));

    const again = longpoll(shop.url, 'office', florist);
    await settle();
    const seen = stream.text().length;
    expect((await call(shop.url, '/api/staff/remove', { phone }, admin)).status).toBe(200);
    const second = await addCourier(shop.url, admin, 'Павел');
    const refused = await again;
    expect(refused.status, JSON.stringify(refused.body)).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain(second);
    await stream.until(stream.ended);
    expect(stream.ended()).toBe(true);
    expect(stream.text().slice(seen)).toContain('event: signed-out');
    expect(stream.text().slice(seen)).not.toContain(changeOf('office'));
  });

  it('a session ended elsewhere (signed out in another tab) ends its held long-poll and stream at the next write', async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    const stream = await listen(shop.url, ['office', 'events'], florist);
    const waiting = longpoll(shop.url, 'office', florist);
    await settle();
    expect((await call(shop.url, '/api/logout', {}, florist)).status).toBe(200);
    const written = await addCourier(shop.url, admin, 'Семён');
    const refused = await waiting;
    expect(refused.status, JSON.stringify(refused.body)).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain(written);
    await stream.until(stream.ended);
    expect(stream.ended()).toBe(true);
    expect(stream.text()).toContain('event: signed-out');
    expect(stream.text()).not.toContain(changeOf('office'));
  });

  it('an admin made a florist keeps her session but no longer hears of a customer’s orders: 403, and the stream closes', async () => {
    const customer = testCustomer(2801);
    await orderOneBouquet(shop.url, customer);
    const db = customerOrdersDb(customer);
    const phone = '79440002802';
    expect((await call(shop.url, '/api/staff/update', { phone, name: 'Ольга Вторая', roles: ['admin'], add: true }, admin)).status).toBe(200);
    const olga = await signIn(shop.url, phone);

    // Control: an admin hears of the customer's next order.
    const stream = await listen(shop.url, [db], olga);
    const waiting = longpoll(shop.url, db, olga);
    await settle();
    const first = await orderOneBouquet(shop.url, customer);
    const delivered = await waiting;
    expect(delivered.status).toBe(200);
    expect(JSON.stringify(delivered.body)).toContain(first);
    await stream.until(() => stream.text().includes(changeOf(db)));
    expect(stream.text()).toContain(changeOf(db));

    const again = longpoll(shop.url, db, olga);
    await settle();
    const seen = stream.text().length;
    expect((await call(shop.url, '/api/staff/update', { phone, name: 'Ольга Вторая', roles: ['florist'] }, admin)).status).toBe(200);
    const second = await orderOneBouquet(shop.url, customer);
    const refused = await again;
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain(second);
    await stream.until(stream.ended);
    expect(stream.ended()).toBe(true);
    expect(stream.text().slice(seen)).not.toContain(changeOf(db));
    expect(stream.text().slice(seen)).not.toContain('signed-out');
    // Still signed in, as a florist.
    expect((await call<{ user: { roles: string[] } | null }>(shop.url, '/api/user', undefined, olga, 'GET')).body.user?.roles).toEqual(['florist']);
  });
});

describe('held reads on two servers sharing one CouchDB', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  beforeAll(async () => {
    shops = await startTwoShops();
  });
  afterAll(async () => {
    await shops?.close();
  });

  it('a sign-out on one server ends the long-poll and stream held on the other before the next write reaches them', async () => {
    const { a, b } = shops;
    const admin = await signIn(a.url, demoPhones.admin);
    const florist = await signIn(b.url, demoPhones.florist);

    // Control: a write on A reaches the florist's long-poll and stream on B.
    const stream = await listen(b.url, ['office'], florist);
    const waiting = longpoll(b.url, 'office', florist);
    await settle();
    const first = await addCourier(a.url, admin, 'Пётр');
    const delivered = await waiting;
    expect(delivered.status).toBe(200);
    expect(delivered.body.results?.map((r) => r.id)).toContain(first);
    await stream.until(() => stream.text().includes(changeOf('office')));
    expect(stream.text()).toContain(changeOf('office'));

    const again = longpoll(b.url, 'office', florist);
    await settle();
    const seen = stream.text().length;
    expect((await call(a.url, '/api/logout', {}, florist)).status).toBe(200);
    const second = await addCourier(a.url, admin, 'Павел');
    const refused = await again;
    expect(refused.status, JSON.stringify(refused.body)).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain(second);
    await stream.until(stream.ended);
    expect(stream.ended()).toBe(true);
    expect(stream.text().slice(seen)).toContain('event: signed-out');
    expect(stream.text().slice(seen)).not.toContain(changeOf('office'));
  });
});

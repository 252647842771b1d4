import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn } from './testing/test-shop';
import { startCouchStandIn } from './testing/couch-stand-in';
import { startServerProcess, testEnv } from './testing/server-process';
import { nextDay, today } from '../schema/shared/day';
import type { Product } from '../schema/shop/product';
import { bouquetGone } from '../schema/studio/stock/bouquet-stock';
import { draftOf } from './testing/order-rush';
import { techCardStudio } from './testing/tech-card-studio';
import { branchedDocs, rushOrders, rushSplits, settleMs } from './testing/cluster-rush';

/**
 * Customers in a rush, three orders each at once: enough that stock runs out and writes race, few enough for two
 * cores. Its full size, timed, is `npm run bench -- cluster` (bench/cluster-rush.ts).
 */
const rushCustomers = 12;

const startProcess = (couchUrl: string) =>
  startServerProcess({ SHOP_MODE: 'demo', COUCHDB_URL: couchUrl, QUIET: '1', CODE_COOLDOWN_MS: '60000', VERIFIES_PER_IP_PER_HOUR: '100000', LOGINS_PER_IP_PER_HOUR: '100000', LOGINS_PER_IP_PER_DAY: '100000' });

/** What a rush must leave: no 5xx, orders and refusals both, no number twice, every count exact. */
const expectRushHeld = ({ statuses, stock, numbers, placed }: Awaited<ReturnType<typeof rushOrders>>) => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses).toContain(200);
  expect(statuses).toContain(409);
  expect(placed).toBe(statuses.filter((s) => s === 200).length);
  for (const [id, { expected, actual }] of Object.entries(stock)) expect(actual, id).toBe(expected);
  expect(new Set(numbers).size).toBe(numbers.length);
};

describe('two server processes on one CouchDB', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let a: Awaited<ReturnType<typeof startProcess>>;
  let b: Awaited<ReturnType<typeof startProcess>>;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    [a, b] = await Promise.all([startProcess(couch.url), startProcess(couch.url)]);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await couch?.close();
  });

  it('seeds the catalogue once and serves it from both', async () => {
    const fromA = await call<{ data: { total: number } }>(a.url, '/api/items/list', {});
    const fromB = await call<{ data: { total: number } }>(b.url, '/api/items/list', {});
    expect(fromA.body.data.total).toBeGreaterThanOrEqual(60);
    expect(fromB.body.data.total).toBe(fromA.body.data.total);
  });

  it('never promises the last stems to two bouquets ordered through both at the same moment', async () => {
    // The admin stands for the florist and the manager: the other tests here sign those in, one code a minute each.
    const admin = await signIn(a.url, demoPhones.admin);
    const s = await techCardStudio(a.url, { florist: admin, manager: admin });
    // A second bouquet of 15 roses beside the first (15 roses and eucalyptus); 80 of the 100 roses wilt: 20 roses
    // make one bouquet of either, never both. Each round after a sale adds 15 roses: one bouquet more, for two orders at once.
    await s.save('products', { name: 'Розы в вазе', warehouse: s.cold, lines: [{ flower: s.rose, qty: 15 }], product: s.vase.id, price: 3900 }, s.florist);
    await s.save('slips', { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 80, reason: 'wilted' }] }, s.florist);
    const count = async (id: string) => (await call<{ data: Product }>(b.url, '/api/items/get', { id })).body.data.count;
    const counted = async (n: number) => {
      for (let i = 0; i < 200 && ((await count(s.bouquet.id)) !== n || (await count(s.vase.id)) !== n); i++) await new Promise((r) => setTimeout(r, 50));
      expect([await count(s.bouquet.id), await count(s.vase.id)]).toEqual([n, n]);
    };
    // A customer an order: one person's unconfirmed orders are limited.
    const order = (url: string, id: string, phone: string, cookie: string) =>
      call<{ error?: string }>(url, '/api/orders/create', { ...draftOf(phone, [{ id, count: 1 }]), date: nextDay(nextDay(today())) }, cookie);
    let placed = 0;
    let ok = 0;
    // Four rounds at least; on a busy machine both orders of a round may step back every time, so up to ten until one is placed.
    for (let round = 0; round < 10 && !(round >= 4 && placed > 0); round++) {
      // A round whose two orders both stepped back leaves its bouquet's stems for the next.
      if (ok) await s.save('invoices', { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 15, price: 90 }], status: 'posted' }, s.florist);
      await counted(1);
      const [one, two] = [`7944000081${round}`, `7944000082${round}`];
      const [first, second] = await Promise.all([signIn(a.url, one), signIn(b.url, two)]);
      const answers = await Promise.all([order(a.url, s.bouquet.id, one, first), order(b.url, s.vase.id, two, second)]);
      ok = answers.filter((x) => x.status === 200).length;
      // Both may step back (each found the other's hold): never both placed.
      expect(ok, `round ${round}: ${answers.map((x) => x.status)}`).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((x) => x.status !== 200)) expect(refused.body.error).toContain(bouquetGone);
      placed += ok;
      await counted(ok ? 0 : 1);
    }
    expect(placed).toBeGreaterThan(0);
  });

  it('shares one-time codes, cooldowns and sessions', async () => {
    const phone = '79550000001';
    expect((await call(a.url, '/api/login', { phone })).status).toBe(200);
    expect((await call(b.url, '/api/login', { phone })).status).toBe(429);
    const { body } = await call<{ code: string }>(b.url, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET');
    const verified = await call(b.url, '/api/phone-verify', { phone, code: body.code });
    expect(verified.status).toBe(200);
    expect((await call(a.url, '/api/user', undefined, verified.cookie)).body).toMatchObject({ user: { phone } });
    await call(a.url, '/api/logout', {}, verified.cookie);
    expect((await call(b.url, '/api/user', undefined, verified.cookie)).body).toEqual({ user: null });
  });

  it('compares at most five of 200 guesses sent at once to both, and refuses the right code after them', async () => {
    const phone = '79550000002';
    expect((await call(a.url, '/api/login', { phone })).status).toBe(200);
    const { body } = await call<{ code: string }>(a.url, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET');
    const wrong = body.code === '0000' ? '1111' : '0000';
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call<{ error?: string }>(i % 2 ? a.url : b.url, '/api/phone-verify', { phone, code: wrong })));
    const compared = answers.filter((r) => r.status === 400 && r.body.error?.startsWith('Неверный код'));
    expect(compared).toHaveLength(5);
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    for (const url of [a.url, b.url]) expect((await call(url, '/api/phone-verify', { phone, code: body.code })).status).toBe(429);
  }, 60_000);

  it('shows an event pushed through one process in the other', async () => {
    const cookie = await signIn(a.url, demoPhones.florist);
    const doc = { _id: 'two-proc-1', title: 'Встреча с поставщиком', type: 'event', sum: 7000, day: '2026-11-21', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } };
    const pushed = await fetch(`${a.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs: [doc] }) });
    expect((await pushed.json())[0]).toMatchObject({ ok: true });
    const listed = await call<{ id: string }[]>(b.url, '/api/events/list', { month: 11, year: 2026 }, cookie);
    expect(listed.body.map((e) => e.id)).toContain('two-proc-1');
  });

  it('takes a rush of orders through both processes while the store splits writes: no 5xx, no number twice, stock exact, no branch left', async () => {
    const staff = await signIn(a.url, demoPhones.manager);
    couch.splitWrites(rushSplits());
    const rush = await rushOrders(a.url, b.url, staff, 500, rushCustomers, settleMs);
    couch.splitWrites(null);
    expect(couch.splitCount()).toBeGreaterThan(20);
    expectRushHeld(rush);
    expect(await branchedDocs(couch.url, ['stock', 'counters', 'orders', 'catalog'])).toEqual([]);
  }, 240_000);
});

/**
 * The same rush against a real Apache CouchDB cluster, one app server per node:
 * `TEST_COUCHDB_URL=http://admin:secret@127.0.0.1:15984 TEST_COUCHDB_URL2=http://admin:secret@127.0.0.1:25984`.
 * Skipped without it. The shop's databases there are kept between runs, so each run signs in new customers and
 * counts only its own orders.
 */
describe.skipIf(!process.env.TEST_COUCHDB_URL)('two app servers on a real CouchDB cluster', () => {
  const first = process.env.TEST_COUCHDB_URL ?? '';
  const second = process.env.TEST_COUCHDB_URL2 ?? first;
  const start = (couchUrl: string) => startServerProcess({ ...testEnv, COUCHDB_URL: couchUrl });
  let a: Awaited<ReturnType<typeof start>>;
  let b: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    a = await start(first);
    b = await start(second);
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('takes a rush of orders through both: no 5xx, no number twice, stock exact, no branch left', async () => {
    const staff = await signIn(a.url, demoPhones.manager);
    const rush = await rushOrders(a.url, b.url, staff, 100_000 + Math.floor(Math.random() * 800_000), rushCustomers, settleMs);
    expectRushHeld(rush);
    expect(await branchedDocs(first, ['stock', 'counters', 'orders'])).toEqual([]);
  }, 300_000);

  it('answers one of two device edits pushed from the same revision through the two ok, the other a conflict, and keeps one leaf', async () => {
    const florist = await signIn(a.url, demoPhones.florist);
    const push = async (url: string, doc: object) => {
      const answer = await fetch(`${url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
      return ((await answer.json()) as { ok?: true; rev?: string; error?: string }[])[0];
    };
    const event = (id: string, title: string, rev?: string) => ({ _id: id, ...(rev ? { _rev: rev } : {}), title, type: 'event', sum: 0, day: '2026-11-24', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } });
    const ids: string[] = [];
    for (let round = 0; round < 40; round++) {
      const id = `cluster-push-${Date.now()}-${round}`;
      ids.push(id);
      const created = await push(a.url, event(id, 'Приёмка'));
      const answers = await Promise.all([push(a.url, event(id, 'Приёмка в 9:00', created.rev)), push(b.url, event(id, 'Приёмка в 10:00', created.rev))]);
      expect(answers.filter((r) => r.ok)).toHaveLength(1);
    }
    await new Promise((r) => setTimeout(r, 3000));
    expect((await branchedDocs(first, ['events'])).filter((found) => ids.includes(found.slice('events/'.length)))).toEqual([]);
  }, 120_000);
});

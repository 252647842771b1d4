import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn } from './testing/test-shop';
import { startCouchStandIn } from './testing/couch-stand-in';
import { startServerProcess } from './testing/server-process';
import { orderAtOnce, signInAll, testCustomer } from './testing/order-rush';
import { setStock, stockEquation } from './testing/stock-equation';
import type { Product } from '../schema/product';

const startProcess = (couchUrl: string) =>
  startServerProcess({ SHOP_MODE: 'demo', COUCHDB_URL: couchUrl, QUIET: '1', CODE_COOLDOWN_MS: '60000', VERIFIES_PER_IP_PER_HOUR: '100000', LOGINS_PER_IP_PER_HOUR: '100000', LOGINS_PER_IP_PER_DAY: '100000' });

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
  });

  it('shows an event pushed through one process in the other', async () => {
    const cookie = await signIn(a.url, demoPhones.florist);
    const doc = { _id: 'two-proc-1', title: 'Закрытие смены', type: 'event', sum: 7000, day: '2026-11-21', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } };
    const pushed = await fetch(`${a.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs: [doc] }) });
    expect((await pushed.json())[0]).toMatchObject({ ok: true });
    const listed = await call<{ id: string }[]>(b.url, '/api/events/list', { month: 11, year: 2026 }, cookie);
    expect(listed.body.map((e) => e.id)).toContain('two-proc-1');
  });

  it('takes a rush of orders through both processes: no 5xx, no number twice, stock exact', async () => {
    const staff = await signIn(a.url, demoPhones.manager);
    const { body } = await call<{ data: { items: Product[] } }>(a.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const bouquets = body.data.items.filter((p) => p.itemType === 'bouquet').slice(3, 6).map((p) => p.id);
    const initial = Object.fromEntries(bouquets.map((id) => [id, 30]));
    for (const id of bouquets) await setStock(b.url, staff, id, 30);
    const urlOf = (i: number) => (i % 2 ? b.url : a.url);
    const phones = Array.from({ length: 40 }, (_, i) => testCustomer(500 + i));
    const cookies = await signInAll(urlOf, phones);
    const statuses = await orderAtOnce(urlOf, cookies, phones, bouquets, 3);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses).toContain(200);
    expect(statuses).toContain(409);
    for (const [id, { expected, actual }] of Object.entries(await stockEquation(a.url, staff, initial))) expect(actual, id).toBe(expected);
    const listed = await call<{ data: { items: { number: number }[] } }>(b.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, staff);
    const numbers = listed.body.data.items.map((o) => o.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.length).toBe(statuses.filter((s) => s === 200).length);
   }, 180_000);
});

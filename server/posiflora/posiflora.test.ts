import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { oversizedBytes, startPosifloraStandIn, type StandInResource } from '../testing/posiflora-stand-in';
import { clientIdOf } from '../../schema/entities/client';
import { posifloraItemId } from '../../schema/studio/reports/posiflora-mapping';
import type { PosifloraRun } from '../../schema/studio/reports/posiflora';
import { posifloraStore } from './posiflora-store';

/** Seven digits after +7 916, as Posiflora stores a phone typed with its mask. */
const digits = (n: number) => String(10_000_000 + n).slice(1);
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const customer = (n: number, updatedAt = at(60), over: Record<string, unknown> = {}): StandInResource => ({
  id: `c-${String(n).padStart(4, '0')}`,
  type: 'customers',
  attributes: { title: `Клиент ${n}`, phone: `+7 (916) ${digits(n).slice(0, 3)}-${digits(n).slice(3, 5)}-${digits(n).slice(5)}`, email: `c${n}@example.ru`, status: 'on', updatedAt, ...over },
});
const phoneOf = (n: number) => `7916${digits(n)}`;

const onlyPosiflora = 'Адрес Posiflora — только https:// на posiflora.com, например https://studio.posiflora.com';

/** Issue 22, item 5: importing a studio's Posiflora account, against a stand-in written from Posiflora's OpenAPI. */
describe('the Posiflora import', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let posiflora: Awaited<ReturnType<typeof startPosifloraStandIn>>;
  const cookies: Record<'admin' | 'manager' | 'florist', string> = { admin: '', manager: '', florist: '' };
  const run = async () => {
    const answer = await call<{ data: PosifloraRun }>(shop.url, '/api/posiflora/run', {}, cookies.manager);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const clientCount = async () => (await call<{ data: { total: number } }>(shop.url, '/api/clients/list', { params: { limit: 1 } }, cookies.admin)).body.data.total;

  beforeAll(async () => {
    shop = await startTestShop();
    posiflora = await startPosifloraStandIn();
    for (const who of ['admin', 'manager', 'florist'] as const) cookies[who] = await signIn(shop.url, demoPhones[who]);
    for (let n = 1; n <= 150; n++) posiflora.data.customers.push(customer(n));
    posiflora.data.customers.push(customer(999, at(60), { phone: '123' }), customer(998, at(60), { status: 'deleted' }));
    posiflora.data['inventory-items'].push(
      { id: 'i-rose', type: 'inventory-items', attributes: { title: 'Роза Explorer 60 см', itemType: 'item', fractional: false, priceMax: 250, updatedAt: at(60) } },
      { id: 'i-ribbon', type: 'inventory-items', attributes: { title: 'Лента атласная', itemType: 'item', fractional: true, priceMax: 40.5, updatedAt: at(60) } },
      { id: 'i-delivery', type: 'inventory-items', attributes: { title: 'Доставка', itemType: 'service', updatedAt: at(60) } },
    );
    posiflora.data.orders.push({
      id: 'o-1',
      type: 'orders',
      attributes: { docNo: 'П-101', status: 'done', date: '2026-11-20', totalAmount: 5490, paymentsAmount: 5490, delivery: true, deliveryCity: 'Москва', deliveryStreet: 'Тверская', deliveryHouse: '7', updatedAt: at(60) },
      relationships: { customer: { data: { type: 'customers', id: 'c-0001' } } },
    });
  });
  afterAll(async () => {
    await shop.close();
    await posiflora.close();
  });

  it('connects only an admin, and only with a login Posiflora accepts; the password never comes back', async () => {
    const body = { url: posiflora.url, username: 'studio', password: 'secret' };
    expect((await call(shop.url, '/api/posiflora/connect', body, cookies.florist)).status).toBe(403);
    const wrong = await call(shop.url, '/api/posiflora/connect', { ...body, password: 'nope' }, cookies.admin);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Posiflora не приняла логин и пароль');
    expect((await call(shop.url, '/api/posiflora/connect', { ...body, url: 'http://posiflora.example' }, cookies.admin)).body.error).toBe(onlyPosiflora);
    expect((await call<{ data: { connected: boolean } }>(shop.url, '/api/posiflora/status', {}, cookies.florist)).body.data.connected).toBe(false);
    expect((await call(shop.url, '/api/posiflora/connect', body, cookies.admin)).status).toBe(200);
    const status = await call<{ data: { connected: boolean } }>(shop.url, '/api/posiflora/status', {}, cookies.florist);
    expect(status.body.data.connected).toBe(true);
    expect(JSON.stringify(status.body)).not.toContain('secret');
    expect(JSON.stringify(status.body)).not.toMatch(/accessToken|refreshToken/);
  });

  it('brings clients, flowers and orders over, and a second run only what changed', async () => {
    const before = await clientCount();
    const first = await run();
    expect(first.errors).toEqual([]);
    expect(first.counts.customers).toEqual({ read: 152, written: 150, skipped: 2 });
    expect(first.counts.items).toEqual({ read: 3, written: 2, skipped: 1 });
    expect(first.counts.orders).toEqual({ read: 1, written: 1, skipped: 0 });
    expect(await clientCount()).toBe(before + 150);
    const card = await call<{ data: { data: { name: string; email: string } } }>(shop.url, '/api/clients/get', { id: clientIdOf(phoneOf(7)) }, cookies.admin);
    expect(card.body.data.data).toMatchObject({ name: 'Клиент 7', email: 'c7@example.ru' });
    const ribbon = await call<{ data: { data: { unit: string; price: number } } }>(shop.url, '/api/flowers/get', { id: posifloraItemId('i-ribbon') }, cookies.florist);
    expect(ribbon.body.data.data).toMatchObject({ unit: 'm', price: 41 });
    const orders = await call<{ data: { items: { docNo: string; customerPhone: string; address: string }[] } }>(shop.url, '/api/posiflora/orders', {}, cookies.admin);
    expect(orders.body.data.items).toEqual([expect.objectContaining({ docNo: 'П-101', customerPhone: phoneOf(1), address: 'Москва, Тверская, 7' })]);
    expect((await call(shop.url, '/api/posiflora/orders', {}, cookies.florist)).status).toBe(403);

    // Only changes: the next run asks for what changed since the first began, and brings the one changed card.
    posiflora.requests.length = 0;
    posiflora.data.customers[4] = customer(5, new Date(Date.now() - 1).toISOString(), { title: 'Клиентка Пятая' });
    const second = await run();
    expect(second.counts.customers).toEqual({ read: 1, written: 1, skipped: 0 });
    expect(posiflora.requests.filter((r) => r.path === 'customers').every((r) => r.since === new Date(first.startedAt).toISOString())).toBe(true);
    expect(await clientCount()).toBe(before + 150);
    expect((await call<{ data: { data: { name: string } } }>(shop.url, '/api/clients/get', { id: clientIdOf(phoneOf(5)) }, cookies.admin)).body.data.data.name).toBe('Клиентка Пятая');
  });

  it('goes on from the page a run stopped at, with no duplicates, and logs a page that is not what the API promises', async () => {
    const before = await clientCount();
    const later = new Date(Date.now() + 2000).toISOString();
    for (let n = 201; n <= 350; n++) posiflora.data.customers.push(customer(n, later));
    posiflora.failures.push({ path: 'customers', page: 2, mode: '500' });
    const cut = await run();
    expect(cut.errors).toEqual([{ kind: 'customers', message: 'Posiflora ответила 500 на /customers' }]);
    expect(await clientCount()).toBe(before + 100);

    posiflora.requests.length = 0;
    const resumed = await run();
    expect(resumed.errors).toEqual([]);
    expect(posiflora.requests.filter((r) => r.path === 'customers').map((r) => r.page)).toEqual([2]);
    expect(await clientCount()).toBe(before + 150);

    posiflora.data.customers.push(customer(400, new Date(Date.now() + 3000).toISOString()));
    posiflora.failures.push({ path: 'customers', page: 1, mode: 'malformed' });
    const broken = await run();
    expect(broken.errors[0]?.message).toMatch(/^ответ Posiflora не такой, как обещает её API \(страница 1/);
    expect(await clientCount()).toBe(before + 150);
    const log = await call<{ data: { runs: PosifloraRun[] } }>(shop.url, '/api/posiflora/status', {}, cookies.florist);
    expect(log.body.data.runs[0]?.errors).toEqual(broken.errors);
    expect((await run()).counts.customers?.written).toBe(1);
  });

  it('never overwrites what a person changed here: an edited card is only filled', async () => {
    const id = clientIdOf(phoneOf(9));
    const card = (await call<{ data: { updatedAt: number; data: Record<string, unknown> } }>(shop.url, '/api/clients/get', { id }, cookies.admin)).body.data;
    const { orders: _o, spent: _s, averageCheck: _a, lastOrder: _l, ...data } = card.data;
    expect((await call(shop.url, '/api/clients/update', { id, updatedAt: card.updatedAt, data: { ...data, name: 'Ирина (постоянная)', email: '' } }, cookies.admin)).status).toBe(200);
    posiflora.data.customers[8] = customer(9, new Date(Date.now() + 5000).toISOString(), { title: 'Ирина', email: 'irina@example.ru' });
    await run();
    const after = (await call<{ data: { data: { name: string; email: string } } }>(shop.url, '/api/clients/get', { id }, cookies.admin)).body.data.data;
    expect(after).toMatchObject({ name: 'Ирина (постоянная)', email: 'irina@example.ru' });
  });

  it('brings a customer whose phone was merged into another card to that card, never to a new one of its own', async () => {
    const [kept, dropped] = [clientIdOf(phoneOf(11)), clientIdOf(phoneOf(10))];
    const merged = await call(shop.url, '/api/clients/merge', { keep: kept, drop: dropped }, cookies.admin);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const before = await clientCount();
    posiflora.data.customers[9] = customer(10, new Date(Date.now() + 5000).toISOString(), { title: 'Десятая' });
    await run();
    expect((await call(shop.url, '/api/clients/get', { id: dropped }, cookies.admin)).status).toBe(404);
    expect(await clientCount()).toBe(before);
    const card = (await call<{ data: { data: Record<string, unknown> } }>(shop.url, '/api/clients/get', { id: kept }, cookies.admin)).body.data.data;
    expect(card).toMatchObject({ phone: phoneOf(11), otherPhones: phoneOf(10), name: 'Клиент 11' });
  });

  it('stops reading an answer past 20 MB: the run logs why, brings nothing of that page, and the next run asks it again', async () => {
    const before = await clientCount();
    for (let n = 501; n <= 503; n++) posiflora.data.customers.push(customer(n, new Date(Date.now() + 6000).toISOString()));
    posiflora.failures.push({ path: 'customers', page: 1, mode: 'oversized' });
    posiflora.requests.length = 0;
    const cut = await run();
    expect(cut.errors).toEqual([{ kind: 'customers', message: 'Posiflora прислала ответ больше 20 МБ: сервер его не дочитал и ничего из него не взял' }]);
    expect(cut.counts.customers).toEqual({ read: 0, written: 0, skipped: 0 });
    expect(posiflora.oversized).toEqual([expect.objectContaining({ finished: false })]);
    expect(posiflora.oversized[0]!.sent).toBeLessThan(oversizedBytes);
    expect(await clientCount()).toBe(before);
    const log = await call<{ data: { runs: PosifloraRun[] } }>(shop.url, '/api/posiflora/status', {}, cookies.florist);
    expect(log.body.data.runs[0]?.errors).toEqual(cut.errors);

    posiflora.requests.length = 0;
    const resumed = await run();
    expect(resumed.errors).toEqual([]);
    // Cards the earlier tests dated ahead are read again too; only the three new ones are written.
    expect(resumed.counts.customers?.written).toBe(3);
    expect(posiflora.requests.find((r) => r.path === 'customers')?.page).toBe(1);
    expect(await clientCount()).toBe(before + 3);
  });

  it('does not wait for a sign-in answer that says it is longer than 20 MB', async () => {
    // A host that announces 64 MB, sends a byte and holds the line: read on, the connect form would wait for it.
    const teller = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': String(oversizedBytes) });
      res.write('{');
    });
    await new Promise<void>((resolve) => teller.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(teller.address() as AddressInfo).port}`;
      const answer = await call(shop.url, '/api/posiflora/connect', { url, username: 'studio', password: 'secret' }, cookies.admin);
      expect([answer.status, answer.body.error]).toEqual([400, 'Posiflora прислала ответ больше 20 МБ: сервер его не дочитал и ничего из него не взял']);
    } finally {
      teller.closeAllConnections();
      await new Promise<void>((resolve) => teller.close(() => resolve()));
    }
  });

  it('sends the login only to https on a Posiflora host: a private, link-local or foreign address is refused before a byte leaves', async () => {
    const body = { username: 'studio', password: 'secret' };
    const asked = posiflora.requests.length;
    for (const url of [
      'https://10.0.0.5',
      'https://192.168.1.1/api',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1',
      'https://localhost:8443',
      'https://[::1]',
      'http://studio.posiflora.com',
      'https://posiflora.com.example.ru',
      'https://evilposiflora.com',
      'https://example.ru',
    ]) {
      const answer = await call(shop.url, '/api/posiflora/connect', { ...body, url }, cookies.admin);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error, url).toBe(onlyPosiflora);
    }
    const withLogin = await call(shop.url, '/api/posiflora/connect', { ...body, url: 'https://studio:secret@studio.posiflora.com' }, cookies.admin);
    expect(withLogin.status).toBe(400);
    expect(withLogin.body.error).toBe('Адрес Posiflora — без логина и пароля в нём: их укажите в полях ниже');
    expect(posiflora.requests.length).toBe(asked);
  });

  it('follows no redirect: an allowed address cannot send the server on to another', async () => {
    // A host the rule lets through that answers every call with a redirect to the (real) stand-in.
    const bouncer = http.createServer((req, res) => res.writeHead(307, { location: `${posiflora.url}${req.url}` }).end());
    await new Promise<void>((resolve) => bouncer.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(bouncer.address() as AddressInfo).port}`;
      const answer = await call(shop.url, '/api/posiflora/connect', { url, username: 'studio', password: 'secret' }, cookies.admin);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('Posiflora ответила 307 на вход: проверьте адрес аккаунта');
      expect((await call<{ data: { url: string } }>(shop.url, '/api/posiflora/status', {}, cookies.florist)).body.data.url).toBe(posiflora.url);
    } finally {
      await new Promise<void>((resolve) => bouncer.close(() => resolve()));
    }
  });

  it('does not reach an address stored before the rule: the run says why in the log', async () => {
    const store = posifloraStore(shop.shop.storage);
    const account = await store.account();
    expect(account).not.toBeNull();
    await store.saveAccount({ ...account!, url: 'https://10.255.255.1', accessToken: '', expireAt: 0 });
    const logged = await run();
    expect(logged.errors.map((e) => e.message)).toEqual([onlyPosiflora, onlyPosiflora, onlyPosiflora]);
  });
});

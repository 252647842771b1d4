import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specAdminMatrix, visitors, type Visitor } from '../e2e/fixtures/spec-admin-matrix';
import { can, canOpen } from '../schema/shared/access';
import { adminPaths, type AdminPath } from '../schema/shared/admin-routes';
import { canOpenScreen, entityRoutes, screenOf } from '../schema/shared/back-office-routes';
import { apiAccess, type ApiRoute } from '../schema/shared/api-routes';
import { entities } from '../schema/entities';
import { levels, reaches, type Level, type User } from '../schema/shared/user';
import { call, demoPhones, signIn, startTestShop } from './testing/test-shop';

const customerPhone = '79220000001';
const otherCustomer = '79220000002';

const people: Record<Visitor, User | null> = {
  guest: null,
  customer: { phone: customerPhone, name: '', roles: [], isAdmin: false },
  florist: { phone: demoPhones.florist, name: '', roles: ['florist'], isAdmin: false },
  manager: { phone: demoPhones.manager, name: '', roles: ['manager'], isAdmin: false },
  admin: { phone: demoPhones.admin, name: '', roles: ['admin'], isAdmin: false },
};

/**
 * The back-office calls behind admin screens that are not registry entities, written by hand with a valid body.
 * Registry entities are found by their path (`/admin/couriers` → `/api/couriers/list`).
 */
const handWrittenApis: Record<string, { route: string; body: unknown }> = {
  '/admin/orders': { route: '/api/orders/list', body: {} },
  '/admin/clients': { route: '/api/clients/list', body: {} },
  '/admin/events': { route: '/api/events/list', body: { month: 1, year: 2030 } },
  '/admin/events/list': { route: '/api/events/list', body: { month: 1, year: 2030 } },
};

/**
 * The list an admin screen reads. Where the screen asks more than reading its entity (flowers: an admin screen of the
 * spec, but florists pick flowers offline in write-offs and invoices, so every staff device holds them), the list
 * answers by the entity's read level.
 */
const apiBehind = (path: string): { route: string; body: unknown; read?: Level } | null => {
  if (handWrittenApis[path]) return handWrittenApis[path];
  const entity = Object.values(entities).find((e) => `/admin/${e.path}` === path);
  return entity ? { route: `/api/${entity.path}/list`, body: {}, read: entity.access.read } : null;
};

describe('the spec admin table (literal matrix) against the code', () => {
  it('names the same admin routes as schema/shared/admin-routes.ts', () => {
    expect([...adminPaths].sort()).toEqual(Object.keys(specAdminMatrix).sort());
  });

  it('canOpen agrees with the spec for every route and visitor', () => {
    for (const [path, row] of Object.entries(specAdminMatrix)) {
      for (const who of visitors) expect(canOpen(people[who], path as AdminPath), `${who} opens ${path}`).toBe(row[who]);
    }
    // «admin» also comes from the isAdmin flag (spec §6).
    expect(canOpen({ phone: '79220000009', name: '', roles: [], isAdmin: true }, '/admin/settings')).toBe(true);
  });

  it('gives every registry entity a route of the spec, or one of its own beyond the spec the matrix need not name', () => {
    // A command has no screen of its own: it is shown on the order it acts on.
    // An entity without a screen of its own names the spec's it is shown on (a shift's close on /admin/charges).
    // An entity beyond the spec (schema/shared/back-office-routes.ts `entityRoutes`) is opened by whoever reads it.
    for (const e of Object.values(entities)) {
      const path = screenOf(e);
      if (Object.hasOwn(entityRoutes, path)) {
        for (const who of visitors) expect(canOpenScreen(people[who], path), `${who} opens ${path}`).toBe(who !== 'guest' && who !== 'customer' && can(people[who], 'read', e));
      } else expect(specAdminMatrix[path], e.path).toBeDefined();
    }
  });
});

describe('the server against the spec admin table and the /db declaration', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const cookies: Partial<Record<Level, string>> = {};
  beforeAll(async () => {
    shop = await startTestShop();
    cookies.customer = await signIn(shop.url, customerPhone);
    cookies.florist = await signIn(shop.url, demoPhones.florist);
    cookies.manager = await signIn(shop.url, demoPhones.manager);
    cookies.admin = await signIn(shop.url, demoPhones.admin);
  });
  afterAll(() => shop.close());

  it('answers the list behind each admin screen as the spec lets each visitor open it', async () => {
    const checked: string[] = [];
    for (const [path, row] of Object.entries(specAdminMatrix)) {
      const api = apiBehind(path);
      if (!api) continue;
      checked.push(path);
      for (const who of visitors) {
        const answer = await call(shop.url, api.route, api.body, cookies[who]);
        const expected = row[who] || (api.read && reaches(who, api.read)) ? 200 : who === 'guest' ? 401 : 403;
        expect(answer.status, `${who} → ${api.route} (${path})`).toBe(expected);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['/admin/couriers', '/admin/tasks', '/admin/suppliers', '/admin/orders', '/admin/clients']));
  });

  /**
   * What /db lets each visitor pull and push, written by hand. office: staff push, each document then checked by
   * its entity's `can` (server/records/office-push-rule.test.ts); the server-only databases are not served at all.
   */
  const y = true;
  const n = false;
  const dbMatrix: Record<string, { read: boolean[]; push: boolean[] }> = {
    catalog: { read: [y, y, y, y, y], push: [n, n, n, n, n] },
    pages: { read: [y, y, y, y, y], push: [n, n, n, n, n] },
    events: { read: [n, n, y, y, y], push: [n, n, y, y, y] },
    office: { read: [n, n, y, y, y], push: [n, n, y, y, y] },
  };
  const serverOnly = ['admin', 'users', 'auth', 'orders', 'counters', 'staff'];

  const now = Date.now();
  const pushable: Record<string, (id: string, phone: string) => Record<string, unknown>> = {
    catalog: (id) => ({ _id: id, art: 'X-1', name: 'Взлом' }),
    pages: (id) => ({ _id: id, key: id, value: {} }),
    events: (id) => ({ _id: id, title: 'Встреча с поставщиком', type: 'event', sum: 1000, day: '2026-11-20', source: 'admin', description: '', data: {}, meta: { author: '', createdAt: 1 } }),
    office: (id, phone) => ({
      _id: id, type: 'courier', v: 1, title: 'Пётр', createdBy: phone, createdAt: now, updatedBy: phone, updatedAt: now,
      data: { name: 'Пётр', phone: '79001112233', feePerDelivery: 300, active: true, note: '' }, _deleted: false,
    }),
  };

  visitors.forEach((who, column) => {
    it(`/db and the live stream as ${who}`, async () => {
      const cookie = cookies[who];
      const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
      const phone = people[who]?.phone ?? '';
      for (const [name, rule] of Object.entries(dbMatrix)) {
        const read = await fetch(`${shop.url}/db/${name}/_changes`, { headers });
        expect(read.status, `${who} reads ${name}`).toBe(rule.read[column] ? 200 : who === 'guest' ? 401 : 403);
        const stream = await fetch(`${shop.url}/api/sync/stream?db=${name}`, { headers, signal: AbortSignal.timeout(5000) });
        expect(stream.status, `${who} streams ${name}`).toBe(rule.read[column] ? 200 : who === 'guest' ? 401 : 403);
        await stream.body?.cancel();
        const id = `access-${who}-${name}`;
        const push = await fetch(`${shop.url}/db/${name}/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: [pushable[name](id, phone)] }) });
        const [row] = (await push.json()) as { ok?: boolean; rejected?: boolean; reason?: string }[];
        expect(row.ok === true, `${who} pushes to ${name}: ${row.reason}`).toBe(rule.push[column]);
        if (!rule.push[column]) expect(row.reason, `${who} pushes to ${name}`).toMatch(/[а-я]/i);
        const stored = await shop.shop.storage.db(name).get(id).then(() => true, () => false);
        expect(stored, `${who} stored in ${name}`).toBe(rule.push[column]);
      }
      for (const name of serverOnly) {
        expect((await fetch(`${shop.url}/db/${name}/_changes`, { headers })).status, `${who} reads ${name}`).toBe(404);
        const stream = await fetch(`${shop.url}/api/sync/stream?db=${name}`, { headers });
        expect(stream.status, `${who} streams ${name}`).toBe(who === 'guest' ? 401 : 403);
      }
      for (const owner of [customerPhone, otherCustomer]) {
        const read = await fetch(`${shop.url}/db/orders-${owner}/_changes`, { headers });
        // A florist or manager reads orders through studio-orders (the studio window), never a customer's whole database.
        const allowed = who === 'admin' || (who === 'customer' && owner === customerPhone);
        expect(read.status, `${who} reads orders-${owner}`).toBe(allowed ? 200 : who === 'guest' ? 401 : 403);
        const stream = await fetch(`${shop.url}/api/sync/stream?db=orders-${owner}`, { headers, signal: AbortSignal.timeout(5000) });
        expect(stream.status, `${who} streams orders-${owner}`).toBe(allowed ? 200 : who === 'guest' ? 401 : 403);
        await stream.body?.cancel();
      }
    });
  });

  // The route table is the server's: every route registered through it refuses whoever it does not let in.
  const routes = (Object.keys(apiAccess) as ApiRoute[]).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
  for (const have of levels) {
    it(`enforces every /api route's level as ${have}`, async () => {
      for (const key of routes) {
        const [method, path] = key.split(' ');
        const query = path === '/api/sync/stream' ? '?db=catalog' : path === '/api/dev/last-code' ? '?phone=79000000001' : '';
        const res = await fetch(shop.url + path + query, {
          method,
          signal: AbortSignal.timeout(5000),
          headers: { 'content-type': 'application/json', ...(cookies[have] ? { cookie: cookies[have] } : {}) },
          body: method === 'POST' ? '{}' : undefined,
        });
        await res.body?.cancel();
        if (reaches(have, apiAccess[key])) expect(res.status, `${have} may ${key}`).not.toBeOneOf([401, 403]);
        else expect(res.status, `${have} may not ${key}`).toBe(have === 'guest' ? 401 : 403);
      }
      if (have !== 'guest') cookies[have] = await signIn(shop.url, have === 'customer' ? customerPhone : demoPhones[have]);
    });
  }

  it('has a real route behind every entry', async () => {
    for (const key of routes.filter((k) => k.startsWith('POST'))) {
      const res = await fetch(shop.url + key.split(' ')[1], { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies.admin! }, body: '{}' });
      expect(await res.text(), key).not.toContain('Нет такого метода API');
    }
  });
});

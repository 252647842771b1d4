import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levels, reaches, type Level } from '../schema/user';
import { apiAccess, dbAccess, type ApiRoute } from './access';
import { demoPhones, signIn, startTestShop } from './testing/test-shop';

const customerPhone = '79220000001';
const otherCustomer = '79220000002';

/** The status of one call, without waiting for a stream to end. */
const probe = async (base: string, key: ApiRoute, cookie?: string): Promise<number> => {
  const [method, path] = key.split(' ');
  const query = path === '/api/sync/stream' ? '?db=catalog' : path === '/api/dev/last-code' ? '?phone=79000000001' : '';
  const abort = new AbortController();
  const res = await fetch(base + path + query, {
    method,
    signal: abort.signal,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: method === 'POST' ? '{}' : undefined,
  });
  abort.abort();
  return res.status;
};

const expectAccess = (status: number, have: Level, need: Level, what: string) => {
  if (reaches(have, need)) expect(status, `${have} may ${what}`).not.toBeOneOf([401, 403]);
  else expect(status, `${have} may not ${what}`).toBe(have === 'guest' ? 401 : 403);
};

describe('the access table, walked for every role', () => {
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

  // Logging out ends the session the later probes use, so it goes last.
  const routes = (Object.keys(apiAccess) as ApiRoute[]).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));

  for (const have of levels) {
    it(`/api as ${have}`, async () => {
      for (const key of routes) expectAccess(await probe(shop.url, key, cookies[have]), have, apiAccess[key], key);
      if (have !== 'guest') cookies[have] = await signIn(shop.url, have === 'customer' ? customerPhone : demoPhones[have]);
    });
  }

  const event = (id: string) => ({ _id: id, title: 'Закрытие смены', type: 'event', sum: 1000, day: '2026-11-20', source: 'admin', description: '', data: {}, meta: { author: '', createdAt: 1 } });

  for (const have of levels) {
    it(`/db as ${have}`, async () => {
      const cookie = cookies[have];
      const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
      for (const [name, rule] of Object.entries(dbAccess)) {
        const read = await fetch(`${shop.url}/db/${name}/_changes`, { headers });
        expectAccess(read.status, have, rule.read, `read ${name}`);
        const id = `access-${have}-${name}`;
        const push = await fetch(`${shop.url}/db/${name}/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: [event(id)] }) });
        const [row] = (await push.json()) as { ok?: boolean; rejected?: boolean }[];
        const mayWrite = !!rule.write && reaches(have, rule.write);
        expect(row.ok === true, `${have} writes ${name}`).toBe(mayWrite);
        expect(row.rejected === true, `${have} is refused on ${name}`).toBe(!mayWrite);
        const stored = await shop.shop.storage.db(name).get(id).then(() => true, () => false);
        expect(stored).toBe(mayWrite);
      }
      for (const owner of [customerPhone, otherCustomer]) {
        const read = await fetch(`${shop.url}/db/orders-${owner}/_changes`, { headers });
        const allowed = reaches(have, 'florist') || (have === 'customer' && owner === customerPhone);
        if (allowed) expect(read.status, `${have} reads orders-${owner}`).toBe(200);
        else expect(read.status, `${have} reads orders-${owner}`).toBe(have === 'guest' ? 401 : 403);
      }
    });
  }

  it('has a real route behind every entry', async () => {
    for (const key of routes.filter((k) => k.startsWith('POST'))) {
      const res = await fetch(shop.url + key.split(' ')[1], { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies.admin! }, body: '{}' });
      expect(await res.text(), key).not.toContain('Нет такого метода API');
    }
  });
});

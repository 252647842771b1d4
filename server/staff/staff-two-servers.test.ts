import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffChange, StaffPerson } from '../../schema/studio/team/staff';
import type { User } from '../../schema/shared/user';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;

/** Two app servers on one CouchDB (issue 20, item 3): the last-admin rule and a removal hold across them. */
describe('staff changes on two servers sharing one CouchDB', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let a: Shop;
  let b: Shop;
  beforeAll(async () => {
    shops = await startTwoShops();
    ({ a, b } = shops);
  });
  afterAll(async () => {
    await shops?.close();
  });

  const save = (shop: Shop, cookie: string, body: unknown) => call<{ data?: StaffChange; error?: string }>(shop.url, '/api/staff/update', body, cookie);

  it('two admins demoting each other at once on two servers leave exactly one admin, and the log holds only the change that won', async () => {
    for (let round = 0; round < 5; round++) {
      const anna = await signIn(a.url, demoPhones.admin);
      const second = `7944000260${round}`;
      expect((await save(a, anna, { phone: second, name: `Админ ${round}`, roles: ['admin'], add: true })).status).toBe(200);
      const other = await signIn(b.url, second);
      const before = (await call<{ data: { total: number } }>(a.url, '/api/staff/changes', {}, anna)).body.data.total;
      const [onA, onB] = await Promise.all([
        save(a, anna, { phone: second, name: `Админ ${round}`, roles: ['florist'] }),
        save(b, other, { phone: demoPhones.admin, name: 'Анна Админова', roles: ['florist'] }),
      ]);
      expect([onA.status, onB.status].sort(), JSON.stringify([onA.body, onB.body])).toEqual([200, 403]);
      const winner = onA.status === 200 ? { shop: a, cookie: anna, left: demoPhones.admin } : { shop: b, cookie: other, left: second };
      const people = (await call<{ data: { items: StaffPerson[] } }>(winner.shop.url, '/api/staff/people', {}, winner.cookie)).body.data.items;
      expect(people.filter((p) => p.roles.includes('admin')).map((p) => p.phone)).toEqual([winner.left]);
      expect((await call<{ data: { total: number } }>(winner.shop.url, '/api/staff/changes', {}, winner.cookie)).body.data.total).toBe(before + 1);
      // Back to Анна alone for the next round.
      if (winner.left !== demoPhones.admin) expect((await save(b, other, { phone: demoPhones.admin, name: 'Анна Админова', roles: ['admin'] })).status).toBe(200);
      const again = await signIn(a.url, demoPhones.admin);
      expect((await call(a.url, '/api/staff/remove', { phone: second }, again)).status).toBe(200);
    }
  });

  it('a person removed on one server is signed out on the other: her stream there is told, her next request is a guest’s', async () => {
    const anna = await signIn(a.url, demoPhones.admin);
    expect((await save(a, anna, { phone: '79440002701', name: 'Вера Ушедшая', roles: ['florist'], add: true })).status).toBe(200);
    const onB = await signIn(b.url, '79440002701');
    const stream = await fetch(`${b.url}/api/sync/stream?db=office`, { headers: { cookie: onB } });
    const reader = stream.body!.getReader();
    const told = (async () => {
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
        if (text.includes('event: signed-out')) return text;
      }
    })();
    expect((await call(a.url, '/api/staff/remove', { phone: '79440002701' }, anna)).status).toBe(200);
    expect(await told).toContain('event: signed-out');
    expect((await call<{ user: User | null }>(b.url, '/api/user', undefined, onB, 'GET')).body.user).toBeNull();
    expect((await fetch(`${b.url}/db/office/_changes`, { headers: { cookie: onB } })).status).toBe(401);
  });
});

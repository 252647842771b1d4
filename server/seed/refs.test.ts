import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refDefaults, refList } from '../../schema/entities/ref';
import type { OfficeRecord } from '../../schema/shared/record';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Page = { data: { items: OfficeRecord[]; total: number } };

const defaultCount = refList.options.reduce((n, list) => n + refDefaults[list].length, 0);

describe('the reference lists (/admin/refs): seeded once, changed by admins only', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let a: Shop;
  let b: Shop;
  let admin: string;
  let florist: string;
  const list = (base: string, query: Record<string, unknown> = {}, cookie = admin) =>
    call<Page>(base, '/api/refs/list', { params: { limit: 200 }, query }, cookie);

  beforeAll(async () => {
    couch = await startCouchStandIn();
    // Two app servers starting at once on one empty store: each default entry is stored once.
    [a, b] = await Promise.all([startTestShop({ couchUrl: couch.url }), startTestShop({ couchUrl: couch.url, seed: false })]);
    admin = await signIn(a.url, demoPhones.admin);
    florist = await signIn(a.url, demoPhones.florist);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await couch?.close();
  });

  it('stores every default entry once, with the key id and in the defaults order, whichever server answers', async () => {
    for (const base of [a.url, b.url]) {
      const { status, body } = await list(base);
      expect(status).toBe(200);
      expect(body.data.total).toBe(defaultCount);
      const reasons = body.data.items.filter((r) => r.data.list === 'write-off-reason').sort((x, y) => Number(x.data.position) - Number(y.data.position));
      expect(reasons.map((r) => [r.id, r.data.label])).toEqual(refDefaults['write-off-reason'].map((e) => [`ref-write-off-reason-${e.code}`, e.label]));
    }
    const { body } = await list(a.url, { list: 'unit' });
    expect(body.data.items.map((r) => r.data.code).sort()).toEqual(refDefaults.unit.map((e) => e.code).sort());
  });

  it('lets a florist read the lists but not change them; a guest reads nothing', async () => {
    expect((await list(a.url, {}, florist)).status).toBe(200);
    expect((await list(a.url, {}, '')).status).toBe(401);
    const made = await call(a.url, '/api/refs/update', { data: { list: 'write-off-reason', code: 'frozen', label: 'Подмёрзли' } }, florist);
    expect(made.status).toBe(403);
    expect(made.body.error).toMatch(/Недостаточно прав/);
  });

  it('refuses a second entry with a code its list already has, in Russian, and stores nothing', async () => {
    const taken = await call(a.url, '/api/refs/update', { data: { list: 'write-off-reason', code: 'wilted', label: 'Опять завяли' } }, admin);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Такой код в этом справочнике уже есть');
    expect((await list(b.url, { list: 'write-off-reason' })).body.data.items.find((r) => r.data.code === 'wilted')?.data.label).toBe('Завяли');
    // The same code in another list is another entry.
    const other = await call(a.url, '/api/refs/update', { data: { list: 'order-source', code: 'wilted', label: 'Проверка' } }, admin);
    expect(other.status).toBe(200);
  });

  it('does not bring back an entry an admin deleted or restore a label an admin changed, when a server starts again', async () => {
    const [wilted] = (await list(a.url, { list: 'write-off-reason', search: 'wilted' })).body.data.items;
    const renamed = await call<{ data: OfficeRecord }>(a.url, '/api/refs/update', { id: wilted.id, updatedAt: wilted.updatedAt, data: { ...wilted.data, label: 'Увяли' } }, admin);
    expect(renamed.status).toBe(200);
    const [pack] = (await list(a.url, { list: 'unit', search: 'pack' })).body.data.items;
    expect((await call(a.url, '/api/refs/delete', { id: pack.id }, admin)).status).toBe(200);

    await b.close();
    b = await startTestShop({ couchUrl: couch.url, seed: false });
    const units = (await list(b.url, { list: 'unit' }, await signIn(b.url, demoPhones.admin))).body.data.items.map((r) => r.data.code);
    expect(units).not.toContain('pack');
    expect((await list(a.url, { list: 'write-off-reason', search: 'wilted' })).body.data.items[0].data.label).toBe('Увяли');
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/shop/product';
import { call, signIn, startTestShop } from '../testing/test-shop';

const anna = '79440000501';
const boris = '79440000502';

/** Issue 12, item 7: favourites kept per customer on the server, changed by marks that converge. */
describe('favourites', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let annaCookie: string;
  let borisCookie: string;
  let ids: string[];
  const list = (cookie?: string) => call<{ data: string[]; error?: string }>(shop.url, '/api/favourites/list', {}, cookie);
  const change = (marks: unknown, cookie?: string) => call<{ data: string[]; error?: string }>(shop.url, '/api/favourites/change', { marks }, cookie);

  beforeAll(async () => {
    shop = await startTestShop();
    [annaCookie, borisCookie] = await Promise.all([signIn(shop.url, anna), signIn(shop.url, boris)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 10 }, query: {} });
    ids = body.data.items.map((p) => p.id);
  });
  afterAll(() => shop.close());

  it('belong to the session’s phone: a guest has none on the server, and nobody reads or writes another’s', async () => {
    expect((await list()).status).toBe(401);
    expect((await change([{ id: ids[0], on: true, at: 1 }])).status).toBe(401);
    expect((await change([{ id: ids[0], on: true, at: Date.now() }], annaCookie)).body.data).toEqual([ids[0]]);
    expect((await list(borisCookie)).body.data).toEqual([]);
    // The phone comes from the session; a body that names one is refused.
    const forged = await call(shop.url, '/api/favourites/change', { marks: [{ id: ids[1], on: true, at: 1 }], phone: boris }, annaCookie);
    expect(forged.status).toBe(400);
    expect((await list(borisCookie)).body.data).toEqual([]);
    expect((await call(shop.url, '/api/favourites/list', { phone: boris }, annaCookie)).status).toBe(400);
    // Not served through /db.
    expect((await fetch(`${shop.url}/db/favourites/_all_docs`, { headers: { cookie: annaCookie } })).status).toBe(404);
  });

  it('refuses bad input in Russian and stores nothing of it', async () => {
    const before = (await list(borisCookie)).body.data;
    const bad = [
      [],
      [{ id: 'no-such-product', on: true, at: 1 }],
      [{ id: ids[1], on: 'yes', at: 1 }],
      [{ id: ids[1], on: true, at: -1 }],
      [{ id: ids[1], on: true, at: 1.5 }],
      [{ id: '', on: true, at: 1 }],
      [{ id: 'x'.repeat(65), on: true, at: 1 }],
      [{ id: ids[1], on: true, at: 1, extra: 1 }],
      Array.from({ length: 101 }, () => ({ id: ids[1], on: true, at: 1 })),
      'not a list',
    ];
    for (const marks of bad) {
      const answer = await change(marks, borisCookie);
      expect(answer.status, JSON.stringify(marks).slice(0, 80)).toBe(400);
      expect(answer.body.error).toMatch(/[а-я]/i);
    }
    expect((await list(borisCookie)).body.data).toEqual(before);
  });

  it('converge by the newest change per product, whatever order they arrive in; adding twice keeps one', async () => {
    const [a, b, c] = ids.slice(2, 5);
    const t = Date.now() - 60_000;
    // Device 1 adds a and b; device 2, offline earlier, had removed a before that: its late mark changes nothing.
    await change([{ id: a, on: true, at: t + 10 }, { id: b, on: true, at: t + 20 }, { id: a, on: true, at: t + 15 }], borisCookie);
    expect((await change([{ id: a, on: false, at: t + 5 }], borisCookie)).body.data).toEqual([b, a]);
    // A removal made after the add wins, even when it comes in the same batch as an older add.
    expect((await change([{ id: b, on: false, at: t + 30 }, { id: b, on: true, at: t + 25 }], borisCookie)).body.data).toEqual([a]);
    // The same moment on two devices: adding wins.
    await change([{ id: c, on: true, at: t + 40 }], borisCookie);
    expect((await change([{ id: c, on: false, at: t + 40 }], borisCookie)).body.data).toEqual([c, a]);
    // A clock running ahead counts as now: a removal made a moment later still takes the heart off.
    await change([{ id: b, on: true, at: Date.now() + 86_400_000 }], borisCookie);
    await new Promise((r) => setTimeout(r, 5));
    expect((await change([{ id: b, on: false, at: Date.now() }], borisCookie)).body.data).toEqual([c, a]);
  });

  it('resolves conflict branches of a mark by the same rule (a CouchDB cluster)', async () => {
    const product = ids[6];
    await change([{ id: product, on: true, at: 1000 }], annaCookie);
    const db = shop.shop.storage.db('favourites');
    const id = `${anna}:${product}`;
    // A branch another copy accepted: a later removal, made beside the add this copy holds (which stays the winner).
    await db.bulkDocs([{ _id: id, _rev: '1-00000000000000000000000000000000', on: false, at: 2000 }], { new_edits: false });
    expect(await db.get(id)).toMatchObject({ on: true });
    expect(((await db.get(id, { conflicts: true })) as { _conflicts?: string[] })._conflicts ?? []).not.toEqual([]);
    expect((await list(annaCookie)).body.data).not.toContain(product);
    expect(((await db.get(id, { conflicts: true })) as { _conflicts?: string[] })._conflicts).toBeUndefined();
  });
});

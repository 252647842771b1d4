import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';

/** File handles this process holds under a directory: the LevelDB files of the databases open there. */
const filesOpenUnder = (dir: string) =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;

const phone = (i: number) => `7966${String(i).padStart(7, '0')}`;

describe('a refused request opens nothing', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let customer: string;
  let florist: string;
  const get = (p: string, cookie?: string) => fetch(`${shop.url}/db${p}`, { headers: cookie ? { cookie } : {} });
  const state = () => ({ files: filesOpenUnder(shop.dataDir), open: shop.shop.storage.openNames().sort(), dirs: fs.readdirSync(shop.dataDir).sort() });

  beforeAll(async () => {
    shop = await startTestShop();
    customer = await signIn(shop.url, '79550000001');
    florist = await signIn(shop.url, demoPhones.florist);
  });
  afterAll(() => shop.close());

  it('keeps files, open databases and the data directory as they were after 200 refused requests', async () => {
    const before = state();
    expect(before.files).toBeGreaterThan(0);
    const statuses = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const answers = await Promise.all([
        get(`/orders-${phone(i)}`),
        get(`/orders-${phone(i)}/_changes?since=0`),
        get(`/orders-${phone(i)}/_all_docs`, customer),
        fetch(`${shop.url}/db/orders-${phone(i)}/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: [{ _id: 'x' }] }) }),
      ]);
      answers.forEach((a) => statuses.add(a.status));
      await Promise.all(answers.map((a) => a.text()));
    }
    expect([...statuses].sort()).toEqual([201, 401, 403]);
    expect(state()).toEqual(before);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('answers 404 for /db/%s', async (name) => {
    const before = state();
    for (const p of [`/${name}`, `/${name}/`, `/${name}/_changes`, `/${name}/_all_docs`]) {
      expect((await get(p, florist)).status, p).toBe(404);
    }
    expect(state()).toEqual(before);
  });

  it("answers a customer's own orders as empty until the server writes the first one, without creating the database", async () => {
    const own = 'orders-79550000001';
    const before = state();
    expect(await (await get(`/${own}/`, customer)).json()).toMatchObject({ db_name: own, doc_count: 0 });
    expect(await (await get(`/${own}/_changes?style=all_docs&feed=normal&include_docs=true&since=0&limit=200`, customer)).json()).toEqual({ results: [], last_seq: 0 });
    expect((await (await get(`/${own}/_all_docs?include_docs=true`, customer)).json()).rows).toEqual([]);
    expect((await get(`/${own}/some-order-id`, customer)).status).toBe(404);
    expect(fs.existsSync(path.join(shop.dataDir, own))).toBe(false);
    expect(state()).toEqual(before);

    await shop.shop.storage.db(own).put({ _id: 'order-draft-0001', number: 1 });
    const changes = await (await get(`/${own}/_changes?include_docs=true&since=0`, customer)).json();
    expect(changes.results.map((r: { id: string }) => r.id)).toEqual(['order-draft-0001']);
  });

  it('does not create a database for a change stream that names one not written yet, and signals when it appears', async () => {
    const own = 'orders-79550000002';
    const cookie = await signIn(shop.url, '79550000002');
    const abort = new AbortController();
    const stream = await fetch(`${shop.url}/api/sync/stream?db=${own}`, { headers: { cookie }, signal: abort.signal });
    const reader = stream.body!.getReader();
    await reader.read(); // retry: … — the stream is open
    expect(fs.existsSync(path.join(shop.dataDir, own))).toBe(false);
    expect(shop.shop.storage.openNames()).not.toContain(own);

    await shop.shop.storage.db(own).put({ _id: 'order-draft-0002', number: 2 });
    let text = '';
    while (!text.includes(`"db":"${own}"`)) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
  });
});

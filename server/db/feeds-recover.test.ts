import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { startTestShop, call } from '../testing/test-shop';
import { toSynced } from './synced';
import { changesHub, retryDelay } from './changes-hub';
import { benchProducts } from '../../bench/products';

type StandIn = Awaited<ReturnType<typeof startCouchStandIn>>;

/** Waits (bounded) for a condition the shop reaches on its own; fails the test if it never does. */
const eventually = async (what: string, check: () => boolean | Promise<boolean>, tries = 300) => {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect.fail(`never: ${what}`);
};

/** An SSE client of /api/sync/stream: counts the change events it has read. */
const listen = async (url: string) => {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const seen = { changes: 0 };
  const reader = res.body!.getReader();
  void (async () => {
    const text = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      seen.changes += text.decode(value).split('event: change').length - 1;
    }
  })();
  return { seen, stop: () => controller.abort() };
};

const product = (i: number) => {
  const p = benchProducts(i + 1)[i];
  return { _id: `recover-${i}`, ...toSynced(p) };
};

describe('live changes after the database restarts', () => {
  let couch: StandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shop = await startTestShop({ couchUrl: couch.url, seed: false });
  });
  afterAll(async () => {
    await shop?.close();
    await couch?.close();
  });

  it('feeds reconnect and catch up, the catalogue shows the news, and health says when the database is away', async () => {
    const health = async () => (await call<{ ok: boolean; db: string; since?: string; message?: string }>(shop.url, '/api/health', undefined, undefined, 'GET'));
    expect(await health()).toMatchObject({ status: 200, body: { ok: true, db: 'ok' } });

    const hub = changesHub(shop.shop.storage, { firstMs: 100, maxMs: 1_000 });
    let heard = 0;
    const stopWatching = hub.watch('catalog', () => heard++);
    const browser = await listen(`${shop.url}/api/sync/stream?db=catalog`);
    const total = async () => (await call<{ data: { total: number } }>(shop.url, '/api/items/list', {})).body.data.total;
    const before = await total();

    const writer = () => new PouchDB(`${couch.url}catalog`, { skip_setup: true });
    const first = writer();
    await first.put(product(0));
    await first.close();
    await eventually('the first change reaches the hub and the browser', () => heard > 0 && browser.seen.changes > 0);
    await eventually('the catalogue shows the first product', async () => (await total()) === before + 1);

    await couch.stop();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ok: false, db: 'unreachable' });
    expect(Date.parse(down.body.since ?? '')).not.toBeNaN();
    expect(down.body.message).toMatch(/База данных недоступна/);
    // Long enough for both feeds to notice and fail at least once.
    await new Promise((r) => setTimeout(r, 1_500));

    couch = await startCouchStandIn({ port: couch.port, dir: couch.dir });
    const [heardBefore, seenBefore] = [heard, browser.seen.changes];
    const second = writer();
    await second.put(product(1));
    await second.close();
    await eventually('a change written after the restart reaches the hub', () => heard > heardBefore);
    await eventually('and the browser', () => browser.seen.changes > seenBefore);
    await eventually('the catalogue shows it', async () => (await total()) === before + 2);
    expect(await health()).toMatchObject({ status: 200, body: { ok: true, db: 'ok' } });

    const third = writer();
    const [heardThen, seenThen] = [heard, browser.seen.changes];
    await third.put(product(2));
    await third.close();
    await eventually('the restarted feeds stay live', () => heard > heardThen && browser.seen.changes > seenThen);

    browser.stop();
    stopWatching();
    hub.close();
  }, 60_000);

  it('waits longer after each failure, never beyond the bound, with jitter', () => {
    const retry = { firstMs: 500, maxMs: 30_000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, retry, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelay(20, retry, () => 1)).toBe(30_000);
    expect(retryDelay(20, retry, () => 0)).toBe(15_000);
  });
});

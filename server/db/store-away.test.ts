import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { setStock } from '../testing/stock-equation';
import { captureLogs } from '../testing/log-capture';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { branchGraceMs } from './docs';

describe('a shop whose CouchDB is out of reach', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let staff: string;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shop = await startTestShop({ couchUrl: couch.url });
    staff = await signIn(shop.url, demoPhones.manager);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await couch?.close();
  });

  it('answers /api and /db 503 with a Russian reason, not 500, from the session read on', async () => {
    // The staff session is read now, so its calls below reach the databases themselves.
    await fetch(`${shop.url}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: staff }, body: '{}' });
    await couch.stop();
    // A session not read yet, so the first thing each request does is a read from the store.
    const cookie = `sid=${'A'.repeat(43)}`;
    const asked = [
      fetch(`${shop.url}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' }),
      fetch(`${shop.url}/api/orders/list`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' }),
      fetch(`${shop.url}/db/catalog/_changes?since=0&limit=1`, { headers: { cookie } }),
      fetch(`${shop.url}/db/catalog/`),
      fetch(`${shop.url}/db/catalog/_all_docs?limit=2`, { headers: { cookie: staff } }),
      fetch(`${shop.url}/db/catalog/p-001`, { headers: { cookie: staff } }),
      fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: staff }, body: JSON.stringify({ docs: [{ _id: 'away-1', title: 'Приёмка' }] }) }),
      fetch(`${shop.url}/api/tasks/list`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: staff }, body: '{}' }),
    ];
    const answers = await Promise.all(asked.map(async (a) => a.then(async (r) => ({ status: r.status, body: (await r.json()) as { error: string; reason?: string } }))));
    expect(answers.map(({ status, body }) => [status, body.reason ?? body.error])).toEqual(answers.map(() => [503, expect.stringMatching(/База данных сейчас недоступна/)]));
    await couch.stop().catch(() => undefined);
    couch = await startCouchStandIn({ port: couch.port, dir: couch.dir });
  }, 60_000);
});

describe('closing a shop on CouchDB', () => {
  it('cancels the merges of its stock ledgers still waiting, so nothing runs against its closed databases afterwards', async () => {
    const couch = await startCouchStandIn();
    const shop = await startTestShop({ couchUrl: couch.url });
    const logged = captureLogs();
    try {
      const staff = await signIn(shop.url, demoPhones.manager);
      const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 5 }, query: {} });
      // A change to a ledger leaves its merge waiting for a few seconds.
      await setStock(shop.url, staff, body.data.items[0].id, 7);
      await shop.close();
      await couch.close();
      await new Promise((r) => setTimeout(r, branchGraceMs + 1500));
      expect(logged.errors()).toEqual([]);
    } finally {
      logged.stop();
    }
  }, 60_000);
});

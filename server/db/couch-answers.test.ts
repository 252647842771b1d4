import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { startTestShop } from '../testing/test-shop';

/** Issue 11 item 4: on COUCHDB_URL every /db answer is CouchDB JSON, and a long-poll ends when `timeout` says. */
describe('/db answers on CouchDB', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  /** The answer's text must parse as JSON: a reader (RxDB, PouchDB) gets nothing else. */
  const json = async (path: string) => {
    const res = await fetch(`${shop.url}/db${path}`, { headers: { accept: 'application/json' } });
    const text = await res.text();
    expect(res.headers.get('content-type'), path).toMatch(/json/);
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  };
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shop = await startTestShop({ couchUrl: couch.url, seed: false });
    await shop.shop.storage.db('catalog').put({ _id: 'couch-answer-1', name: 'Пион' });
  });
  afterAll(async () => {
    await shop?.close();
    await couch?.close();
  });

  it('answers every replication call with JSON', async () => {
    expect((await json('/catalog')).body).toMatchObject({ db_name: 'catalog' });
    expect((await json('/catalog/_changes?since=0&include_docs=true')).body).toMatchObject({ results: [expect.objectContaining({ id: 'couch-answer-1' })] });
    expect((await json('/catalog/_all_docs?include_docs=true')).body).toMatchObject({ rows: [expect.objectContaining({ id: 'couch-answer-1' })] });
    expect((await json('/catalog/_all_docs?keys=["couch-answer-1","none"]&include_docs=true')).body.rows).toHaveLength(2);
    expect((await json('/catalog/couch-answer-1')).body).toMatchObject({ name: 'Пион' });
    expect(await json('/catalog/none')).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('ends a long-poll that finds nothing when its timeout asks, with JSON', async () => {
    // The gateway's own cap is 30 s, beyond this test's limit: only `timeout` can end it in time.
    const { status, body } = await json('/catalog/_changes?feed=longpoll&since=now&timeout=200');
    expect(status).toBe(200);
    expect(body).toEqual({ results: [], last_seq: expect.anything() });
  }, 10_000);

  it('answers a long-poll that waited as soon as something changes, with JSON', async () => {
    const { update_seq } = await shop.shop.storage.db('catalog').info();
    const waiting = json(`/catalog/_changes?feed=longpoll&since=${update_seq}&timeout=20000&include_docs=true`);
    await new Promise((r) => setTimeout(r, 100));
    await shop.shop.storage.db('catalog').put({ _id: 'couch-answer-2', name: 'Роза' });
    const { body } = await waiting;
    expect((body.results as { id: string }[]).map((r) => r.id)).toEqual(['couch-answer-2']);
    expect(typeof body.last_seq === 'string' || typeof body.last_seq === 'number').toBe(true);
  }, 10_000);
});

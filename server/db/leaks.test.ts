import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGatewayLimits } from './gateway-reads';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';

const cyrillic = /[а-яё]/i;

describe('/db answers leak nothing and refuse malformed queries', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let florist: string;
  const answers: string[] = [];
  const db = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${shop.url}/db${path}`, { ...init, headers: { 'content-type': 'application/json', cookie: florist, ...init.headers } });
    const text = await res.text();
    answers.push(text);
    return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  beforeAll(async () => {
    shop = await startTestShop();
    florist = await signIn(shop.url, demoPhones.florist);
  });
  afterAll(() => shop.close());

  it.each([
    '/catalog/_all_docs?keys=[1,2',
    '/catalog/_all_docs?keys=notjson',
    '/catalog/_all_docs?keys={"a":1}',
    '/catalog/_all_docs?keys=[1,2]&include_docs=true',
    '/catalog/_all_docs?limit=abc',
    '/catalog/_all_docs?startkey=[1',
    '/catalog/_all_docs?keys[]=a',
    '/catalog/p-001?open_revs=[1',
    '/catalog/p-001?open_revs=["bad"]',
    '/catalog/p-001?open_revs={}',
    '/catalog/p-001?rev=xyz',
    '/catalog/_changes?since=abc',
    '/catalog/_changes?since=-1',
    '/catalog/_changes?since[a]=1',
    '/catalog/_changes?limit=-5',
    '/catalog/_changes?limit=abc',
    '/catalog/_changes?include_docs=maybe',
    '/catalog/_changes?style=everything',
    '/catalog/_changes?heartbeat=abc',
    '/catalog/_changes?foo=1',
    '/catalog/?x=1',
  ])('GET %s is 400 with a Russian reason', async (path) => {
    const answer = await db(path);
    expect(answer.status).toBe(400);
    expect(answer.json().reason).toMatch(cyrillic);
  });

  it.each([
    ['/catalog/_all_docs', '{"keys":"p-001"}'],
    ['/catalog/_all_docs', '{"keys":[1,2]}'],
    ['/catalog/_all_docs', '[1,2]'],
    ['/catalog/_all_docs', '{"keys":["a"],"extra":1}'],
    ['/catalog/_changes', '{"doc_ids":"p-001"}'],
    ['/catalog/_all_docs', '{"keys":['],
    ['/events/_bulk_docs', '{"docs":"x"}'],
  ])('POST %s %s is 400 with a Russian reason', async (path, body) => {
    const answer = await db(path, { method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(answer.json().reason).toMatch(cyrillic);
  });

  it('shows no storage address in the info answer', async () => {
    const info = (await db('/catalog/')).json();
    expect(Object.keys(info).sort()).toEqual(['db_name', 'doc_count', 'instance_start_time', 'update_seq']);
  });

  it('answers a revision conflict without a stack', async () => {
    const event = { title: 'Продажа', type: 'sell', sum: 100, day: '2026-11-20', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } };
    await db('/events/_bulk_docs', { method: 'POST', body: JSON.stringify({ docs: [{ _id: 'leak-check-0001', ...event }] }) });
    const again = await db('/events/_bulk_docs', { method: 'POST', body: JSON.stringify({ docs: [{ _id: 'leak-check-0001', ...event }, { _id: 'leak-check-0001', _rev: '1-00000000000000000000000000000000', ...event }] }) });
    const rows = JSON.parse(again.text) as Record<string, unknown>[];
    expect(rows.map((r) => r.error)).toEqual(['conflict', 'conflict']);
    rows.forEach((r) => expect(Object.keys(r).sort()).toEqual(expect.arrayContaining(['error', 'id', 'reason'])));
  });

  it('reads missing documents and closed calls without server details', async () => {
    expect((await db('/catalog/no-such-doc')).status).toBe(404);
    expect((await db('/catalog/_design/x')).status).toBe(404);
    expect((await db('/catalog/p-001?open_revs=["1-00000000000000000000000000000000"]')).status).toBeLessThan(500);
  });

  it('leaks no path, stack or address in any of the answers above', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const text of answers) {
      expect(text).not.toContain(shop.dataDir);
      expect(text).not.toContain(os.tmpdir());
      expect(text).not.toMatch(/"stack"|\bat [\w.<>]+ \(|node_modules|"host"|"adapter"|leveldb/i);
    }
  });
});

describe('long-polls are bounded', () => {
  // The production bounds scaled down tenfold, the same rule: a test of the 30 s cap need not wait 30 s.
  const limits = { ...defaultGatewayLimits, longpollMs: defaultGatewayLimits.longpollMs / 10, heartbeatFloorMs: defaultGatewayLimits.heartbeatFloorMs / 10 };
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop({ gatewayLimits: limits });
  });
  afterAll(() => shop.close());

  it('ends within the cap whatever timeout asks, with heartbeats no oftener than the floor', async () => {
    const started = Date.now();
    const res = await fetch(`${shop.url}/db/catalog/_changes?feed=longpoll&since=now&timeout=600000&heartbeat=1`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(limits.longpollMs * 10);
    const heartbeats = text.length - text.trimStart().length;
    expect(heartbeats).toBeGreaterThan(0);
    expect(heartbeats).toBeLessThanOrEqual(Math.ceil(limits.longpollMs / limits.heartbeatFloorMs));
    expect(JSON.parse(text)).toEqual({ results: [], last_seq: expect.any(Number) });
  });

  it('answers as soon as something changes', async () => {
    const { update_seq } = await shop.shop.storage.db('catalog').info();
    const waiting = fetch(`${shop.url}/db/catalog/_changes?feed=longpoll&since=${update_seq}&include_docs=true`).then((r) => r.json());
    await shop.shop.storage.db('catalog').put({ _id: 'longpoll-news-1', name: 'Новинка' });
    const answer = (await waiting) as { results: { id: string }[] };
    expect(answer.results.map((r) => r.id)).toEqual(['longpoll-news-1']);
  });

  it('lets one client hold only a few at once', async () => {
    const abort = new AbortController();
    // Each holder asks again as soon as the cap answers it (3 s here): on a loaded machine the last ones reached the
    // server after the first had been answered, so all of them were never held at once and nothing was refused.
    const hold = async () => {
      while (!abort.signal.aborted)
        await fetch(`${shop.url}/db/pages/_changes?feed=longpoll&since=now`, { signal: abort.signal })
          .then((r) => r.text())
          .catch(() => null);
    };
    const held = Array.from({ length: limits.longpollsPerClient }, hold);
    let refused: Response | null = null;
    // The held ones reach the server in their own time; ask again until they all have (bounded, not timed).
    for (let i = 0; i < 200 && refused?.status !== 429; i++) {
      await new Promise((r) => setTimeout(r, 100));
      refused = await fetch(`${shop.url}/db/pages/_changes?feed=longpoll&since=now&timeout=1`);
    }
    expect(refused?.status).toBe(429);
    expect(((await refused!.json()) as { reason: string }).reason).toMatch(cyrillic);
    abort.abort();
    await Promise.all(held);
  });
});

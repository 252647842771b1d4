import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { captureLogs } from '../testing/log-capture';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { maskPhones } from './log';

// Issue 31 item 3: a shop you can watch — /metrics, the log, /api/health.

const token = 'scrape-token-for-tests-7d1f';

/** One sample's value from Prometheus's text, by name and labels (in any order); 0 when absent. */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number => {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const given = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(m[3]);
  }
  return 0;
};

const scrape = async (base: string, headers: Record<string, string>) => {
  const res = await fetch(`${base}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

describe('/metrics', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  beforeAll(async () => {
    shop = await startTestShop({ metricsToken: token });
    admin = await signIn(shop.url, demoPhones.admin);
  });
  afterAll(() => shop.close());

  it('is refused without rights, with no figures: nobody, a florist, a wrong token', async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    const refused = [await scrape(shop.url, {}), await scrape(shop.url, { cookie: florist }), await scrape(shop.url, { authorization: 'Bearer not-the-token' })];
    expect(refused.map((r) => r.status)).toEqual([401, 403, 403]);
    for (const r of refused) expect(r.text).not.toMatch(/http_requests_total|process_cpu/);
  });

  it('an admin’s session and the bearer token read figures that move: a 404 counts for route other, by pattern never by path', async () => {
    const before = await scrape(shop.url, { cookie: admin });
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/text\/plain/);
    expect(before.text).toMatch(/process_cpu_user_seconds_total/);
    const other = { method: 'GET', route: 'other', status_class: '4xx' };
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };

    expect((await fetch(`${shop.url}/api/no-such-call/79001234567`)).status).toBe(404);
    await fetch(`${shop.url}/api/health`);
    const after = await scrape(shop.url, { authorization: `Bearer ${token}` });
    expect(after.status).toBe(200);
    expect(sample(after.text, 'http_requests_total', other)).toBe(sample(before.text, 'http_requests_total', other) + 1);
    expect(sample(after.text, 'http_request_duration_seconds_count', other)).toBe(sample(before.text, 'http_request_duration_seconds_count', other) + 1);
    expect(sample(after.text, 'http_requests_total', health)).toBe(sample(before.text, 'http_requests_total', health) + 1);
    expect(after.text).not.toMatch(/no-such-call|79001234567/);
    // Read from the store at the scrape: nothing waits in a fresh shop, the store answered, backups are off here.
    expect(sample(after.text, 'shop_order_commands_waiting')).toBe(0);
    expect(sample(after.text, 'shop_store_up')).toBe(1);
    // prom-client writes NaN as «Nan», which Prometheus reads (Go parses it in any case).
    expect(after.text).toMatch(/^shop_backup_age_seconds nan$/im);
    expect(after.text).toMatch(/^shop_couchdb_quorum_refusals_total 0$/m);
    expect(after.text).toMatch(/^shop_photo_decodes_waiting 0$/m);
  });

  it('counts a device’s push and the documents the rules refused', async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    const refused = { database: 'events', outcome: 'refused' };
    const before = (await scrape(shop.url, { cookie: admin })).text;
    const pushed = await fetch(`${shop.url}/db/events/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: florist },
      body: JSON.stringify({ docs: [{ _id: 'not-an-event-1', title: 'Без даты и вида' }] }),
    });
    expect(await pushed.json()).toEqual([expect.objectContaining({ id: 'not-an-event-1', error: 'conflict', rejected: true })]);
    const after = (await scrape(shop.url, { cookie: admin })).text;
    expect(sample(after, 'shop_db_pushes_total', { database: 'events' })).toBe(sample(before, 'shop_db_pushes_total', { database: 'events' }) + 1);
    expect(sample(after, 'shop_db_pushed_documents_total', refused)).toBe(sample(before, 'shop_db_pushed_documents_total', refused) + 1);
  });
});

describe('the log', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    // Not quiet: the demo's SMS line is written, as `npm start` writes it.
    shop = await startTestShop({ quiet: false });
  });
  afterAll(() => shop.close());

  it('masks phones however written, keeping the last four digits', () => {
    expect(maskPhones('[sms] +79001234567: код 4821')).toBe('[sms] +7 *** ***-45-67: код 4821');
    expect(maskPhones('8 (900) 123-45-67, orders-79001234567, 1764325919000')).toBe('+7 *** ***-45-67, orders-+7 *** ***-45-67, 1764325919000');
  });

  it('carries the request’s id on every line written while serving it, answers it back, and never shows the phone', async () => {
    const phone = '79005553311';
    const logged = captureLogs();
    let lines;
    let answer: Response;
    let own: Response;
    try {
      answer = await fetch(`${shop.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'proxy-id-0001' }, body: JSON.stringify({ phone }) });
      own = await fetch(`${shop.url}/api/health`, { headers: { 'x-request-id': 'bad id "forged"' } });
      // The access line is written when the server's side of the answer closes, which may follow the client's read.
      const ownId = own.headers.get('x-request-id');
      for (let tries = 0; tries < 100 && !logged.lines().some((l) => l.reqId === ownId && l.msg === 'request'); tries++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      logged.stop();
      lines = logged.lines();
    }
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('proxy-id-0001');
    const code = (await call<{ code: string }>(shop.url, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET')).body.code;

    const forLogin = lines.filter((l) => l.reqId === 'proxy-id-0001');
    // The SMS line deep in the code flow and the access line alike.
    expect(forLogin.map((l) => l.msg)).toEqual(expect.arrayContaining([`[sms] +7 *** ***-33-11: Код для входа в Цветочную мастерскую: ${code}`, 'request']));
    expect(forLogin.find((l) => l.msg === 'request')).toMatchObject({ level: 30, method: 'POST', route: '/api/login', status: 200 });
    for (const raw of logged.raw) expect(raw).not.toMatch(/9005553311|900\D?555\D?33\D?11/);

    // An id no proxy could sanely send is replaced by the server's own, in the header and the line alike.
    const ownId = own.headers.get('x-request-id') ?? '';
    expect(ownId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.reqId === ownId && l.msg === 'request')).toMatchObject({ route: '/api/health', status: 200 });
    expect(logged.raw.join('')).not.toContain('forged');
  });
});

describe('/api/health', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });
  const health = (base: string) => call(base, '/api/health', undefined, undefined, 'GET');

  it('is ok on a demo shop without backups, and degraded (still 200) when the backup is stale', async () => {
    const plain = await startTestShop();
    try {
      expect(await health(plain.url)).toMatchObject({ status: 200, body: { ok: true, status: 'ok', db: 'ok', quorum: 'embedded', backup: 'off', sms: 'log' } });
    } finally {
      await plain.close();
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-health-'));
    dirs.push(dir);
    const shop = await startTestShop({ backup: { dir, at: '03:00', keep: 1 }, metricsToken: token });
    try {
      expect(await health(shop.url)).toMatchObject({ status: 200, body: { ok: true, status: 'degraded', backup: 'stale' } });
      // No backup yet: its age is infinite on /metrics.
      expect((await scrape(shop.url, { authorization: `Bearer ${token}` })).text).toMatch(/^shop_backup_age_seconds \+Inf$/m);
      const admin = await signIn(shop.url, demoPhones.admin);
      expect((await call(shop.url, '/api/backups/run', {}, admin)).status).toBe(200);
      const fresh = await health(shop.url);
      expect(fresh.body).toMatchObject({ status: 'ok', backup: 'ok', backupAgeSeconds: expect.any(Number) });
      expect(sample((await scrape(shop.url, { authorization: `Bearer ${token}` })).text, 'shop_backup_age_seconds')).toBeLessThan(3600);
    } finally {
      await shop.close();
    }
  });

  it('on CouchDB says when a node of the cluster is away, naming none', async () => {
    const couch = await startCouchStandIn();
    const shop = await startTestShop({ couchUrl: couch.url });
    try {
      expect((await health(shop.url)).body).toMatchObject({ status: 'ok', quorum: 'ok' });
      // The stand-in's third node leaves the membership while it splits writes (none chosen here).
      couch.splitWrites(() => false);
      const short = await health(shop.url);
      expect(short).toMatchObject({ status: 200, body: { status: 'degraded', quorum: 'short' } });
      expect(JSON.stringify(short.body)).not.toMatch(/node|127\.0\.0\.1|couch/i);
    } finally {
      await shop.close();
      await couch.close();
    }
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn } from './testing/test-shop';
import { startCouchStandIn } from './testing/couch-stand-in';

/** Starts `server/main.ts` as its own process and answers its address once it listens. */
const startProcess = (couchUrl: string): Promise<{ url: string; child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, SHOP_MODE: 'demo', PORT: '0', COUCHDB_URL: couchUrl, QUIET: '1', CODE_COOLDOWN_MS: '60000', VERIFIES_PER_IP_PER_HOUR: '10000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /localhost:(\d+)/.exec(String(chunk))?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });

describe('two server processes on one CouchDB', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let a: Awaited<ReturnType<typeof startProcess>>;
  let b: Awaited<ReturnType<typeof startProcess>>;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    [a, b] = await Promise.all([startProcess(couch.url), startProcess(couch.url)]);
  });
  afterAll(async () => {
    a?.child.kill();
    b?.child.kill();
    await couch?.close();
  });

  it('seeds the catalogue once and serves it from both', async () => {
    const fromA = await call<{ data: { total: number } }>(a.url, '/api/items/list', {});
    const fromB = await call<{ data: { total: number } }>(b.url, '/api/items/list', {});
    expect(fromA.body.data.total).toBeGreaterThanOrEqual(60);
    expect(fromB.body.data.total).toBe(fromA.body.data.total);
  });

  it('shares one-time codes, cooldowns and sessions', async () => {
    const phone = '79550000001';
    expect((await call(a.url, '/api/login', { phone })).status).toBe(200);
    expect((await call(b.url, '/api/login', { phone })).status).toBe(429);
    const { body } = await call<{ code: string }>(b.url, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET');
    const verified = await call(b.url, '/api/phone-verify', { phone, code: body.code });
    expect(verified.status).toBe(200);
    expect((await call(a.url, '/api/user', undefined, verified.cookie)).body).toMatchObject({ user: { phone } });
    await call(a.url, '/api/logout', {}, verified.cookie);
    expect((await call(b.url, '/api/user', undefined, verified.cookie)).body).toEqual({ user: null });
  });

  it('compares at most five of 200 guesses sent at once to both, and refuses the right code after them', async () => {
    const phone = '79550000002';
    expect((await call(a.url, '/api/login', { phone })).status).toBe(200);
    const { body } = await call<{ code: string }>(a.url, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET');
    const wrong = body.code === '0000' ? '1111' : '0000';
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call<{ error?: string }>(i % 2 ? a.url : b.url, '/api/phone-verify', { phone, code: wrong })));
    const compared = answers.filter((r) => r.status === 400 && r.body.error?.startsWith('Неверный код'));
    expect(compared).toHaveLength(5);
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    for (const url of [a.url, b.url]) expect((await call(url, '/api/phone-verify', { phone, code: body.code })).status).toBe(429);
  });

  it('shows an event pushed through one process in the other', async () => {
    const cookie = await signIn(a.url, demoPhones.florist);
    const doc = { _id: 'two-proc-1', title: 'Закрытие смены', type: 'event', sum: 7000, day: '2026-11-21', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } };
    const pushed = await fetch(`${a.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs: [doc] }) });
    expect((await pushed.json())[0]).toMatchObject({ ok: true });
    const listed = await call<{ id: string }[]>(b.url, '/api/events/list', { month: 11, year: 2026 }, cookie);
    expect(listed.body.map((e) => e.id)).toContain('two-proc-1');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Running = Awaited<ReturnType<typeof startTestShop>>;
const lastCode = async (url: string, phone: string) =>
  (await call<{ code: string }>(url, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET')).body.code;

describe('sign-in by phone', () => {
  let shop: Running;
  beforeAll(async () => {
    shop = await startTestShop({ codeCooldownMs: 60_000 });
  });
  afterAll(() => shop.close());

  it('sends a code, verifies it and starts an httpOnly SameSite session', async () => {
    const sent = await call(shop.url, '/api/login', { phone: '+7 (912) 345-67-89' });
    expect(sent).toMatchObject({ status: 200, body: { status: 'sended', retryAfter: 60 } });
    const code = await lastCode(shop.url, '79123456789');
    expect(code).toMatch(/^\d{4}$/);
    const res = await fetch(`${shop.url}/api/phone-verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '79123456789', code }) });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await res.json()).toEqual({ user: { phone: '79123456789', name: '', roles: [], isAdmin: false } });
    const me = await call(shop.url, '/api/user', undefined, setCookie.split(';')[0], 'GET');
    expect(me.body).toMatchObject({ user: { phone: '79123456789' } });
  });

  it('stores the code hashed, never as typed', async () => {
    await call(shop.url, '/api/login', { phone: '79110000001' });
    const code = await lastCode(shop.url, '79110000001');
    const { rows } = await shop.shop.auth.allDocs({ startkey: 'code:79110000001:', endkey: 'code:79110000001:\ufff0', include_docs: true });
    const stored = rows[0].doc as unknown as { hash: string };
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
  });

  it('refuses a second code before the cooldown', async () => {
    await call(shop.url, '/api/login', { phone: '79110000002' });
    const again = await call<{ error: string }>(shop.url, '/api/login', { phone: '79110000002' });
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/Новый код можно запросить через \d+ с/);
  });

  it('allows five wrong tries per code, then refuses even the right one', async () => {
    const phone = '79110000003';
    await call(shop.url, '/api/login', { phone });
    const code = await lastCode(shop.url, phone);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 4; i >= 0; i--) {
      const r = await call<{ error: string }>(shop.url, '/api/phone-verify', { phone, code: wrong });
      expect(r.status).toBe(400);
      expect(r.body.error).toContain('Неверный код');
    }
    const right = await call(shop.url, '/api/phone-verify', { phone, code });
    expect(right.status).toBe(429);
    expect(right.cookie).toBeUndefined();
  });

  it('accepts a code once', async () => {
    const phone = '79110000004';
    await call(shop.url, '/api/login', { phone });
    const code = await lastCode(shop.url, phone);
    expect((await call(shop.url, '/api/phone-verify', { phone, code })).status).toBe(200);
    expect((await call(shop.url, '/api/phone-verify', { phone, code })).status).toBe(400);
  });

  it('gives staff their roles and ends the session on logout', async () => {
    const cookie = await signIn(shop.url, demoPhones.florist);
    expect((await call(shop.url, '/api/user', undefined, cookie)).body).toMatchObject({ user: { roles: ['florist'] } });
    expect((await call(shop.url, '/api/logout', {}, cookie)).body).toEqual({ user: null });
    expect((await call(shop.url, '/api/user', undefined, cookie)).body).toEqual({ user: null });
    expect((await call(shop.url, '/api/events/list', { month: 1, year: 2026 }, cookie)).status).toBe(401);
  });

  it('lets a user change their name but never their roles', async () => {
    const cookie = await signIn(shop.url, '79110000005');
    const renamed = await call(shop.url, '/api/user-update', { name: 'Ирина' }, cookie);
    expect(renamed.body).toMatchObject({ user: { name: 'Ирина', roles: [] } });
    const escalate = await call(shop.url, '/api/user-update', { name: 'Ирина', roles: ['admin'] }, cookie);
    expect(escalate.status).toBe(400);
    expect((await call(shop.url, '/api/user', undefined, cookie)).body).toMatchObject({ user: { roles: [] } });
  });
});

describe('codes expire', () => {
  it('refuses a code older than its lifetime', async () => {
    const shop = await startTestShop({ codeTtlMs: 50 });
    try {
      await call(shop.url, '/api/login', { phone: '79110000006' });
      const code = await lastCode(shop.url, '79110000006');
      await new Promise((r) => setTimeout(r, 80));
      const late = await call<{ error: string }>(shop.url, '/api/phone-verify', { phone: '79110000006', code });
      expect(late.status).toBe(400);
      expect(late.body.error).toContain('Код устарел');
    } finally {
      await shop.close();
    }
  });
});

describe('with an SMS gateway configured', () => {
  it('sends the code through it and has no dev route', async () => {
    const received: { phone: string; text: string }[] = [];
    const gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c)).on('end', () => {
        received.push(JSON.parse(body));
        res.end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const shop = await startTestShop({ smsGatewayUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send` });
    try {
      expect((await call(shop.url, '/api/login', { phone: '79110000007' })).status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0].phone).toBe('79110000007');
      const code = /(\d{4})$/.exec(received[0].text)![1];
      expect((await call(shop.url, '/api/dev/last-code?phone=79110000007', undefined, undefined, 'GET')).status).toBe(404);
      expect((await call(shop.url, '/api/phone-verify', { phone: '79110000007', code })).status).toBe(200);
    } finally {
      await shop.close();
      gateway.close();
    }
  });
});

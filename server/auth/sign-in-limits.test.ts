import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShopConfig } from '../config';
import { call, startTestShop } from '../testing/test-shop';

type Running = Awaited<ReturnType<typeof startTestShop>>;
const lastCode = async (url: string, phone: string) =>
  (await call<{ code: string }>(url, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET')).body.code;
const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');

/** A shop with the production limits (not the test shop's lifted ones), unless the test names others. */
const limitedShop = (overrides: Partial<ShopConfig> = {}) =>
  startTestShop({
    loginsPerIpPerHour: 30,
    loginsPerIpPerDay: 100,
    verifiesPerIpPerHour: 60,
    codesPerPhonePerDay: 6,
    codesPerHour: 300,
    guessesPerPhonePerDay: 10,
    guessesPerPhonePer30Days: 30,
    ...overrides,
  });

/** The answers of a verify burst: compared wrong (400 «Неверный код»), compared right (200), or refused before comparing. */
const tally = (answers: { status: number; body: { error?: string } }[]) => ({
  wrong: answers.filter((a) => a.status === 400 && a.body.error?.startsWith('Неверный код')).length,
  right: answers.filter((a) => a.status === 200).length,
  refused: answers.filter((a) => a.status === 429).length,
  failed: answers.filter((a) => a.status >= 500).length,
});

describe('parallel guesses against one code', () => {
  let shop: Running;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('compares at most five of 300 sent at once, and refuses the right code after them', async () => {
    const phone = '79400000001';
    expect((await call(shop.url, '/api/login', { phone })).status).toBe(200);
    const code = await lastCode(shop.url, phone);
    const guesses = await Promise.all(Array.from({ length: 300 }, () => call<{ error?: string }>(shop.url, '/api/phone-verify', { phone, code: wrongFor(code) })));
    expect(tally(guesses)).toEqual({ wrong: 5, right: 0, refused: 295, failed: 0 });
    const right = await call(shop.url, '/api/phone-verify', { phone, code });
    expect(right.status).toBe(429);
    expect(right.cookie).toBeUndefined();
  });

  it('compares at most five when the right code is among 300 at once', async () => {
    const phone = '79400000002';
    await call(shop.url, '/api/login', { phone });
    const code = await lastCode(shop.url, phone);
    const sent = Array.from({ length: 300 }, (_, i) => (i === 150 ? code : wrongFor(code)));
    const answers = tally(await Promise.all(sent.map((c) => call<{ error?: string }>(shop.url, '/api/phone-verify', { phone, code: c }))));
    expect(answers.wrong + answers.right).toBe(5);
    expect(answers.failed).toBe(0);
  });

  it('accepts a right code once even when it is sent twice at once', async () => {
    const phone = '79400000003';
    await call(shop.url, '/api/login', { phone });
    const code = await lastCode(shop.url, phone);
    const answers = await Promise.all([1, 2, 3].map(() => call(shop.url, '/api/phone-verify', { phone, code })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });
});

describe('the phone’s budget of wrong codes across codes', () => {
  let shop: Running;
  // Only Date is faked: the server's clock moves to chosen days; timers and I/O run as usual.
  const period = 30 * 24 * 3600_000;
  const start = Math.ceil(Date.now() / period) * period + 3600_000;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    shop = await limitedShop({ codeCooldownMs: 0, codesPerPhonePerDay: 100 });
  });
  afterAll(async () => {
    await shop.close();
    vi.useRealTimers();
  });

  /** Asks for a code and spends `n` wrong tries on it; answers the last refusal. */
  const spend = async (phone: string, n: number) => {
    const sent = await call<{ error?: string }>(shop.url, '/api/login', { phone });
    if (sent.status !== 200) return sent;
    const code = await lastCode(shop.url, phone);
    let last = sent;
    for (let i = 0; i < n; i++) last = await call<{ error?: string }>(shop.url, '/api/phone-verify', { phone, code: wrongFor(code) });
    return last;
  };

  it('gives 10 wrong codes a day, then locks until the next day; 30 in the period, then until it ends', async () => {
    const phone = '79400000010';
    expect((await spend(phone, 5)).body.error).toContain('Попытки закончились, запросите новый код');
    const tenth = await spend(phone, 5);
    expect(tenth.body.error).toMatch(/Неверный код\. Слишком много неверных кодов для этого номера/);
    // A new code is not even sent, and a code sent before the lock cannot be tried.
    const locked = await call<{ error: string }>(shop.url, '/api/login', { phone });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Вход по СМС откроется \d+ [а-я]+ в \d\d:\d\d/);

    for (const d of [1, 2]) {
      vi.setSystemTime(start + d * 24 * 3600_000);
      expect((await spend(phone, 5)).body.error).toContain('Попытки закончились, запросите новый код');
      expect((await spend(phone, 5)).body.error).toContain('Слишком много неверных кодов');
    }
    // 30 wrong codes in the period: the next days stay locked, until the period ends.
    for (const d of [3, 10, 29]) {
      vi.setSystemTime(start + d * 24 * 3600_000);
      expect((await call(shop.url, '/api/login', { phone })).status, `day ${d}`).toBe(429);
    }
    vi.setSystemTime(start + 30 * 24 * 3600_000);
    expect((await call(shop.url, '/api/login', { phone })).status).toBe(200);
  });

  it('is not spent by right codes', async () => {
    vi.setSystemTime(start + 5 * 24 * 3600_000);
    const phone = '79400000011';
    for (let i = 0; i < 15; i++) {
      await call(shop.url, '/api/login', { phone });
      expect((await call(shop.url, '/api/phone-verify', { phone, code: await lastCode(shop.url, phone) })).status).toBe(200);
    }
  });
});

describe('per-address limits', () => {
  afterEach(() => vi.useRealTimers());

  it('limits code checks from one address, whatever the phone', async () => {
    const shop = await limitedShop({ verifiesPerIpPerHour: 3 });
    try {
      for (let i = 1; i <= 3; i++) expect((await call(shop.url, '/api/phone-verify', { phone: `7941000000${i}`, code: '1234' })).status).toBe(400);
      const fourth = await call<{ error: string }>(shop.url, '/api/phone-verify', { phone: '79410000009', code: '1234' });
      expect(fourth.status).toBe(429);
      expect(fourth.body.error).toContain('Слишком много запросов');
    } finally {
      await shop.close();
    }
  });

  const loginFrom = (url: string, phone: string, forwardedFor: string) =>
    fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ phone }) }).then((r) => r.status);

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const shop = await limitedShop({ loginsPerIpPerHour: 2 });
    try {
      expect(await loginFrom(shop.url, '79420000001', '203.0.113.1')).toBe(200);
      expect(await loginFrom(shop.url, '79420000002', '203.0.113.2')).toBe(200);
      expect(await loginFrom(shop.url, '79420000003', '203.0.113.3')).toBe(429);
    } finally {
      await shop.close();
    }
  });

  it('counts each real client behind a trusted proxy', async () => {
    const shop = await limitedShop({ loginsPerIpPerHour: 2, trustProxy: 'loopback' });
    try {
      expect(await loginFrom(shop.url, '79430000001', '203.0.113.1')).toBe(200);
      expect(await loginFrom(shop.url, '79430000002', '203.0.113.1')).toBe(200);
      expect(await loginFrom(shop.url, '79430000003', '203.0.113.1')).toBe(429);
      expect(await loginFrom(shop.url, '79430000004', '203.0.113.2')).toBe(200);
      // One IPv6 subscriber holds a /64: its addresses share one count.
      expect(await loginFrom(shop.url, '79430000005', '2001:db8:1:2::1')).toBe(200);
      expect(await loginFrom(shop.url, '79430000006', '2001:db8:1:2:ffff::9')).toBe(200);
      expect(await loginFrom(shop.url, '79430000007', '2001:db8:1:2:0:0:0:7')).toBe(429);
    } finally {
      await shop.close();
    }
  });

  it('answers a burst of 60 code requests and 60 code checks from one address without a server error', async () => {
    const shop = await limitedShop();
    try {
      const phones = Array.from({ length: 60 }, (_, i) => `7944${String(i).padStart(7, '0')}`);
      const sent = await Promise.all(phones.map((phone) => call(shop.url, '/api/login', { phone })));
      expect(sent.filter((a) => a.status >= 500)).toEqual([]);
      expect(sent.filter((a) => a.status === 200)).toHaveLength(30);
      const checked = await Promise.all(phones.map((phone) => call(shop.url, '/api/phone-verify', { phone, code: '1234' })));
      expect(checked.filter((a) => a.status >= 500)).toEqual([]);
      expect(checked.filter((a) => a.status === 429)).toHaveLength(0);
      const again = await Promise.all(phones.map((phone) => call(shop.url, '/api/phone-verify', { phone, code: '1234' })));
      expect(again.filter((a) => a.status >= 500)).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});

describe('SMS caps', () => {
  let gateway: http.Server;
  const received: string[] = [];
  let gatewayUrl = '';
  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c)).on('end', () => {
        received.push((JSON.parse(body) as { phone: string }).phone);
        res.end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise((r) => gateway.close(r)));

  const sends = async (overrides: Partial<ShopConfig>, phones: string[]) => {
    const shop = await limitedShop({ smsGatewayUrl: gatewayUrl, codeCooldownMs: 0, ...overrides });
    received.length = 0;
    try {
      const statuses: number[] = [];
      for (const phone of phones) statuses.push((await call(shop.url, '/api/login', { phone })).status);
      return { statuses, sent: [...received] };
    } finally {
      await shop.close();
    }
  };

  it('sends only to Russian mobile numbers', async () => {
    expect(await sends({}, ['74951234567', '73832000000', '79451234567'])).toEqual({ statuses: [400, 400, 200], sent: ['79451234567'] });
  });

  it('sends a phone a few codes a day', async () => {
    expect(await sends({ codesPerPhonePerDay: 2 }, ['79450000001', '79450000001', '79450000001', '79450000002'])).toEqual({
      statuses: [200, 200, 429, 200],
      sent: ['79450000001', '79450000001', '79450000002'],
    });
  });

  it('sends one address a bounded number of codes a day', async () => {
    const { statuses } = await sends({ loginsPerIpPerDay: 3 }, ['79460000001', '79460000002', '79460000003', '79460000004']);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('stops the whole shop sending past its hourly cap', async () => {
    const { statuses, sent } = await sends({ codesPerHour: 3 }, ['79470000001', '79470000002', '79470000003', '79470000004']);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(sent).toHaveLength(3);
  });

  it('answers 502 when the gateway fails, and lets the customer ask again at once', async () => {
    const failing = http.createServer((_req, res) => void res.writeHead(503).end());
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const shop = await limitedShop({ smsGatewayUrl: `http://127.0.0.1:${(failing.address() as AddressInfo).port}/send`, codeCooldownMs: 60_000 });
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await call<{ error: string }>(shop.url, '/api/login', { phone: '79490000001' });
        expect(answer.status).toBe(502);
        expect(answer.body.error).toContain('Не удалось отправить СМС');
      }
    } finally {
      await shop.close();
      failing.close();
    }
  });

  it('sends no second code within the cooldown to a request just past a slot’s edge', async () => {
    const shop = await limitedShop({ smsGatewayUrl: gatewayUrl, codeCooldownMs: 60_000 });
    received.length = 0;
    try {
      // Another request took the slot before this one a moment ago (on another app server, its code not stored yet).
      const slot = Math.floor(Date.now() / 60_000);
      await shop.shop.auth.put({ _id: `send:79480000002:${slot - 1}:00001`, expiresAt: Date.now() + 30_000 });
      const answer = await call<{ error: string }>(shop.url, '/api/login', { phone: '79480000002' });
      expect(answer.status).toBe(429);
      expect(received).toEqual([]);
    } finally {
      await shop.close();
    }
  });

  it('waits the cooldown between two codes to one phone, also when asked at once', async () => {
    const shop = await limitedShop({ smsGatewayUrl: gatewayUrl, codeCooldownMs: 60_000 });
    received.length = 0;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(shop.url, '/api/login', { phone: '79480000001' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
      expect(received).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });
});

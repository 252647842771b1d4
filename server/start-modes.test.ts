import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../schema/shared/day';
import type { Order } from '../schema/studio/orders/order';
import type { Product } from '../schema/shop/product';
import { serverEntry } from './testing/server-entry';
import { call, signIn } from './testing/test-shop';

/** Runs `server/main.ts` as the real process with `env`; answers its exit code, or its address once it listens. */
const start = (env: Record<string, string>) =>
  new Promise<{ code: number | null; out: string; url?: string; stop(): void }>((resolve) => {
    const child = spawn(process.execPath, serverEntry(), {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', SEED: '0', QUIET: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const read = (chunk: Buffer) => {
      out += String(chunk);
      const port = /localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve({ code: null, out, url: `http://127.0.0.1:${port}`, stop: () => child.kill() });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ code, out, stop: () => undefined }));
  });

describe('how the server process starts', () => {
  let dataDir: string;
  let gateway: http.Server;
  let gatewayUrl: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'start-modes-'));
    gateway = http.createServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => {
    gateway.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  for (const mode of [undefined, 'production']) {
    it(`refuses to start without an SMS gateway when SHOP_MODE is ${mode ?? 'unset'}`, async () => {
      const run = await start({ DATA_DIR: path.join(dataDir, `refused-${mode}`), ...(mode ? { SHOP_MODE: mode } : {}) });
      expect(run.code).toBe(1);
      expect(run.out).toContain('Не задан SMS_GATEWAY_URL');
      expect(run.out).toContain('SMS_GATEWAY_URL is not set');
      await expect(fs.stat(path.join(dataDir, `refused-${mode}`))).rejects.toThrow();
    });
  }

  it('refuses an unknown mode and TRUST_PROXY=true', async () => {
    expect((await start({ SHOP_MODE: 'prod', SMS_GATEWAY_URL: gatewayUrl, DATA_DIR: path.join(dataDir, 'x') })).code).toBe(1);
    const trustAll = await start({ SHOP_MODE: 'production', SMS_GATEWAY_URL: gatewayUrl, TRUST_PROXY: 'true', DATA_DIR: path.join(dataDir, 'y') });
    expect(trustAll.code).toBe(1);
    expect(trustAll.out).toContain('TRUST_PROXY');
  });

  it('refuses to start in production without PUBLIC_ORIGIN, or with one that is not an http(s) address', async () => {
    const unset = await start({ SHOP_MODE: 'production', SMS_GATEWAY_URL: gatewayUrl, DATA_DIR: path.join(dataDir, 'no-origin') });
    expect(unset.code).toBe(1);
    expect(unset.out).toContain('PUBLIC_ORIGIN is not set');
    const wrong = await start({ SHOP_MODE: 'production', SMS_GATEWAY_URL: gatewayUrl, PUBLIC_ORIGIN: 'javascript:alert(1)', DATA_DIR: path.join(dataDir, 'bad-origin') });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('PUBLIC_ORIGIN');
  });

  it('in demo mode says so loudly and serves the codes', async () => {
    const run = await start({ SHOP_MODE: 'demo', DATA_DIR: path.join(dataDir, 'demo') });
    try {
      expect(run.out).toContain('ДЕМО-РЕЖИМ / DEMO MODE');
      expect(run.out).toContain('/api/dev/last-code');
      const sent = await fetch(`${run.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"phone":"79560000001"}' });
      expect(sent.status).toBe(200);
      const code = await fetch(`${run.url}/api/dev/last-code?phone=79560000001`);
      expect(code.status).toBe(200);
      expect(await code.json()).toEqual({ code: expect.stringMatching(/^\d{4}$/) });
    } finally {
      run.stop();
    }
  });

  it('in production with a gateway has no code route and no banner', async () => {
    const run = await start({ SHOP_MODE: 'production', SMS_GATEWAY_URL: gatewayUrl, PUBLIC_ORIGIN: 'https://cvety.example', DATA_DIR: path.join(dataDir, 'production') });
    try {
      expect(run.url).toBeDefined();
      expect(run.out).not.toContain('DEMO');
      const sent = await fetch(`${run.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"phone":"79560000002"}' });
      expect(sent.status).toBe(200);
      expect((await fetch(`${run.url}/api/dev/last-code?phone=79560000002`)).status).toBe(404);
      // Without YooKassa's keys production offers no online payment: never the demo's stand-in.
      expect((await call<{ data: { online: boolean } }>(run.url!, '/api/payments/offer', undefined, undefined, 'GET')).body.data.online).toBe(false);
      expect(run.out).not.toContain('Онлайн-оплата');
    } finally {
      run.stop();
    }
  });

  it('in demo mode pays «Оплатить сейчас» through the YooKassa stand-in, whose page says it is a test payment (issue 29, item 8)', async () => {
    const run = await start({ SHOP_MODE: 'demo', SEED: '1', DATA_DIR: path.join(dataDir, 'demo-pay') });
    try {
      expect(run.out).toContain('Онлайн-оплата — тестовая');
      expect((await call<{ data: { online: boolean } }>(run.url!, '/api/payments/offer', undefined, undefined, 'GET')).body.data.online).toBe(true);
      const phone = '79560000011';
      const cookie = await signIn(run.url!, phone);
      const items = (await call<{ data: { items: Product[] } }>(run.url!, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} })).body.data.items;
      const bouquet = items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 1)!;
      const draft = {
        id: `demo-pay-${crypto.randomUUID()}`,
        lines: [{ id: bouquet.id, count: 1 }],
        sender: { name: 'Анна', phone },
        recipient: { name: 'Ольга', phone: '79440000509' },
        delivery: { method: 'pickup' },
        date: nextDay(today()),
        slot: '12:00–15:00',
        payment: 'card',
      };
      const started = await call<{ data: { order: Order; confirmationUrl: string } }>(run.url!, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, cookie);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const { confirmationUrl, order } = started.body.data;
      expect(confirmationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
      expect(await (await fetch(confirmationUrl)).text()).toContain('Тестовая оплата — деньги не списываются');
      const paid = await fetch(`${confirmationUrl}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toContain(`/orders/thank-you?order=${order.id}`);
      // The stand-in told the shop before it sent the customer back, as YooKassa's notification does.
      const checked = await call<{ data: { order: Order } }>(run.url!, '/api/payments/check', { order: order.id }, cookie);
      expect(checked.body.data.order.paid).toMatchObject({ status: 'paid', method: 'online', amount: order.total });
    } finally {
      run.stop();
    }
  });
});

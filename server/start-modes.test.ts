import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Runs `server/main.ts` as the real process with `env`; answers its exit code, or its address once it listens. */
const start = (env: Record<string, string>) =>
  new Promise<{ code: number | null; out: string; url?: string; stop(): void }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
    } finally {
      run.stop();
    }
  });
});

import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/log-capture';
import { startTestShop } from '../testing/test-shop';

const script = `export const big = ${JSON.stringify('x'.repeat(200_000))};\n`;

/** A browser leaving the page: it asks for a file and hangs up before the answer comes. */
const askAndHangUp = (url: string, file: string) =>
  new Promise<void>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${file} HTTP/1.1\r\nHost: ${hostname}\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n`);
      socket.destroy();
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });

describe('a client that goes away', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head><title>Цветы</title></head><body><div id="root"></div></body></html>');
    const file = path.join(dist, 'assets', 'chunk-abc123.js');
    await fs.writeFile(file, script);
    await fs.writeFile(`${file}.br`, new Uint8Array(zlib.brotliCompressSync(script)));
    await fs.writeFile(`${file}.gz`, new Uint8Array(zlib.gzipSync(script)));
    // A broken build: where the brotli copy should be there is a folder, which the server cannot send.
    await fs.mkdir(path.join(dist, 'assets', 'broken-abc123.js.br'), { recursive: true });
    shop = await startTestShop({ distDir: dist });
  });
  afterAll(async () => {
    await shop.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('is no server error: a script request dropped before its answer logs nothing, and the server answers the next one whole', async () => {
    const logged = captureLogs();
    try {
      // Each hang-up lands before the file is opened (the old code logged «Error: Request aborted» for nearly each).
      for (let i = 0; i < 30; i++) await askAndHangUp(shop.url, '/assets/chunk-abc123.js');
      const whole = await fetch(`${shop.url}/assets/chunk-abc123.js`, { headers: { 'accept-encoding': 'br' } });
      expect(whole.status).toBe(200);
      expect(await whole.text()).toBe(script);
      expect(logged.errors()).toEqual([]);
    } finally {
      logged.stop();
    }
  });

  it('leaves a real failure to send a file logged, as a 500', async () => {
    const logged = captureLogs();
    try {
      const res = await fetch(`${shop.url}/assets/broken-abc123.js`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(500);
      expect(logged.errors().map((l) => JSON.stringify(l))).toEqual([expect.stringMatching(/EISDIR/)]);
    } finally {
      logged.stop();
    }
  });
});

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { putSynced } from '../db/synced';
import { demoProducts } from '../seed/products';
import { contentSecurityPolicy, noCounters } from './security-headers';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that shows the bytes as sent: fetch would decompress them and hide Content-Encoding's effect. */
const raw = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Raw>((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Uint8Array) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

const shell = '<!doctype html><html lang="ru"><head><title>Цветы</title><meta name="description" content="общее" /><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const script = `export const bouquets = ${JSON.stringify(demoProducts)};\n`;
/** As the build writes them (vite.config.ts): other bytes than the server's on-the-fly compression would send. */
const builtBr = new Uint8Array(zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
const builtGz = new Uint8Array(zlib.gzipSync(script, { level: 9 }));

describe('what every answer carries, and how it is compressed', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), shell);
    const file = path.join(dist, 'assets', 'app-abc123.js');
    await fs.writeFile(file, script);
    await fs.writeFile(`${file}.br`, builtBr);
    await fs.writeFile(`${file}.gz`, builtGz);
    shop = await startTestShop({ distDir: dist });
  });
  afterAll(async () => {
    await shop.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends the CSP and forbids framing on every HTML answer', async () => {
    for (const route of ['/', `/items/${demoProducts[0].id}`, '/qr-login?code=abc', '/admin', '/no/such/page', '/orders/create']) {
      const res = await raw(shop.url + route);
      expect(res.headers['content-type'], route).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy'], route).toBe(contentSecurityPolicy(noCounters));
      expect(res.headers['x-frame-options'], route).toBe('DENY');
    }
    const csp = contentSecurityPolicy(noCounters);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:/);
  });

  it("allows a counter's hosts only for a page that loads that counter", () => {
    const metrika = contentSecurityPolicy({ metrika: true, tmr: false });
    expect(metrika).toMatch(/script-src 'self' https:\/\/mc\.yandex\.ru https:\/\/yastatic\.net;/);
    expect(metrika).not.toContain('mail.ru');
    const tmr = contentSecurityPolicy({ metrika: false, tmr: true });
    expect(tmr).toMatch(/script-src 'self' https:\/\/top-fwz1\.mail\.ru;/);
    expect(tmr).toMatch(/connect-src 'self' https:\/\/top-fwz1\.mail\.ru;/);
    expect(tmr).not.toContain('yandex');
  });

  it('sends the build\'s brotli or gzip file with its type, Vary and a year of caching', async () => {
    const url = `${shop.url}/assets/app-abc123.js`;
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.equals(builtBr), 'the build\'s .br file').toBe(true);

    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(builtGz), 'the build\'s .gz file').toBe(true);
    expect((await raw(url, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');

    const plain = await raw(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses dynamic answers: HTML and JSON', async () => {
    const page = await raw(`${shop.url}/items/${demoProducts[0].id}`, { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(new Uint8Array(page.body)).toString()).toContain('<title>');
    const list = await new Promise<Raw>((resolve, reject) => {
      const req = http.request(`${shop.url}/api/items/list`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Uint8Array[] = [];
        res.on('data', (c: Uint8Array) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject).end('{}');
    });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
  });

  it('never compresses the event stream, which delivers each change as it happens', async () => {
    const events: string[] = [];
    const req = http.get(`${shop.url}/api/sync/stream?db=catalog`, { headers: { 'accept-encoding': 'br, gzip, deflate' } });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
    try {
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['content-encoding']).toBeUndefined();
      const changed = new Promise<void>((resolve) =>
        res.setEncoding('utf8').on('data', (chunk: string) => {
          events.push(chunk);
          if (chunk.includes('event: change')) resolve();
        }),
      );
      await putSynced(shop.shop.storage.db('catalog'), { ...demoProducts[0], name: 'Новое имя' });
      await changed;
      expect(events.join('')).toContain('data: {"db":"catalog"}');
    } finally {
      req.destroy();
    }
  });
});

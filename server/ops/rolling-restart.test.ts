import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { demoPhones, signIn } from '../testing/test-shop';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { startServerProcess, testEnv, type ServerProcess } from '../testing/server-process';
import { draftOf, testCustomer } from '../testing/order-rush';
import { setStock, storedOrders } from '../testing/stock-equation';

const nginxPath = '/usr/sbin/nginx';
const hasNginx = fs.existsSync(nginxPath);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });

const listening = async (port: number) => {
  for (let i = 0; i < 200; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() && true)).once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
};

/**
 * The repository's ops/nginx/shop.conf as production has it, with only what a test must change: the app servers'
 * ports, loopback listen addresses on free ports (no IPv6 here) and a certificate made for this run.
 */
const renderConf = (dir: string, ports: { a: number; b: number; http: number; tls: number }) => {
  const conf = fs
    .readFileSync('ops/nginx/shop.conf', 'utf8')
    .replace('127.0.0.1:3001', `127.0.0.1:${ports.a}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${ports.b}`)
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.tls} ssl http2;`)
    .replace(/\/etc\/letsencrypt\/live\/cvety\.example\/fullchain\.pem/, path.join(dir, 'cert.pem'))
    .replace(/\/etc\/letsencrypt\/live\/cvety\.example\/privkey\.pem/, path.join(dir, 'key.pem'));
  fs.writeFileSync(path.join(dir, 'shop.conf'), conf);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'user root;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      `http { access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')} include ${path.join(dir, 'shop.conf')}; }`,
    ].join('\n'),
  );
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request through nginx's TLS port, trusting this run's certificate (made for 127.0.0.1). */
const through = (port: number, ca: Buffer, route: string, { method = 'GET', body, cookie, headers = {} }: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method,
        ca,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...headers },
      },
      (res) => {
        const chunks: Uint8Array[] = [];
        res.on('data', (c: Uint8Array) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

/** Issue 31 items 4 and 5: the production proxy configuration, run, and two app servers restarted in turn under load. */
describe.skipIf(!hasNginx)('nginx in front of two app servers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let nginx: ChildProcess;
  let ca: Buffer;
  const ports = { a: 0, b: 0, http: 0, tls: 0 };
  const servers: ServerProcess[] = [];
  // The production grace: a stopping server serves 5 s more (each answer closing its connection), longer than nginx keeps an idle one.
  const env = (port: number) => ({ ...testEnv, COUCHDB_URL: couch.url, PORT: String(port), TRUST_PROXY: '1', STOP_GRACE_MS: '5000' });

  beforeAll(async () => {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    ca = fs.readFileSync(path.join(dir, 'cert.pem'));
    [ports.a, ports.b, ports.http, ports.tls] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    couch = await startCouchStandIn();
    servers.push(await startServerProcess(env(ports.a)));
    servers.push(await startServerProcess(env(ports.b)));
    renderConf(dir, ports);
    nginx = spawn(nginxPath, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    await listening(ports.tls);
  });
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    // What nginx said, for a failure's reader.
    if (fs.existsSync(path.join(dir, 'error.log'))) console.log(fs.readFileSync(path.join(dir, 'error.log'), 'utf8').split('\n').filter((l) => !/connect\(\) failed|while connecting/.test(l)).slice(-20).join('\n'));
    await Promise.all(servers.map((s) => s.stop()));
    await couch?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What `sed` and `nginx -s reload` do in docs/PRODUCTION.md: the upstream line marked `down` or not, then a reload. */
  const inRotation = async (port: number, serving: boolean) => {
    const file = path.join(dir, 'shop.conf');
    const line = new RegExp(`^(\\s*server 127\\.0\\.0\\.1:${port}\\b[^;]*?)( down)?;`, 'm');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(line, serving ? '$1;' : '$1 down;'));
    nginx.kill('SIGHUP');
    // The new workers take requests at once; the old ones finish theirs inside the stopping server's grace.
    await new Promise((r) => setTimeout(r, 1000));
  };

  it('passes `nginx -t` as the repository has it, with only ports, addresses and certificates replaced', () => {
    const out = execFileSync(nginxPath, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toBe('');
  });

  it('sends http to https, serves pages compressed by the app, and passes /db and the change stream through', async () => {
    const redirect = await new Promise<number>((resolve, reject) => net.connect(ports.http, '127.0.0.1').once('error', reject).end('GET /items HTTP/1.1\r\nHost: cvety.example\r\nConnection: close\r\n\r\n').once('data', (d) => resolve(Number(/HTTP\/1\.1 (\d+)/.exec(String(d))?.[1]))));
    expect(redirect).toBe(301);
    const page = await through(ports.tls, ca, '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(new Uint8Array(page.body)).toString()).toContain('<html');
    const catalog = await through(ports.tls, ca, '/db/catalog/');
    expect(catalog.status).toBe(200);
    const staff = await signIn(servers[0].url, demoPhones.manager);
    // A long-poll held through nginx, answered by a change made through the other app server.
    const poll = through(ports.tls, ca, '/db/catalog/_changes?feed=longpoll&since=now&timeout=30000');
    await new Promise((r) => setTimeout(r, 500));
    await setStock(servers[1].url, staff, 'p-001', 7);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect((JSON.parse(String(answer.body)) as { results: { id: string }[] }).results.map((r) => r.id)).toContain('p-001');
  });

  it('restarts both app servers in turn during a rush: no 5xx, every accepted order stored once, no number twice', async () => {
    const customers = Array.from({ length: 12 }, (_, i) => testCustomer(700 + i));
    const cookies = await Promise.all(customers.map((phone, i) => signIn(servers[i % 2].url, phone)));
    const { body } = await through(ports.tls, ca, '/api/items/list', { method: 'POST', body: { params: { skip: 0, limit: 60 }, query: {} } });
    const products = (JSON.parse(String(body)) as { data: { items: { id: string; itemType: string; count: number }[] } }).data.items.filter((p) => p.count > 0).map((p) => p.id);
    let restarting = true;
    const statuses: number[] = [];
    const failures: string[] = [];
    const accepted: string[] = [];
    const rush = customers.map(async (phone, i) => {
      for (let n = 0; restarting || n < 2; n++) {
        const draft = draftOf(phone, [{ id: products[(i + n) % products.length]!, count: 1 }]);
        try {
          const answer = await through(ports.tls, ca, '/api/orders/create', { method: 'POST', body: draft, cookie: cookies[i] });
          statuses.push(answer.status);
          if (answer.status === 200) accepted.push((JSON.parse(String(answer.body)) as { data: { id: string } }).data.id);
          else if (answer.status >= 500) failures.push(`${answer.status} ${String(answer.body).slice(0, 200)}`);
        } catch (e) {
          failures.push(`no answer: ${(e as Error).message}`);
        }
      }
    });
    // As docs/PRODUCTION.md «Upgrading» says: one at a time, each first taken out of nginx's rotation (`down`, then a
    // reload), stopped, started, and put back once it answers.
    for (const [i, port] of [ports.a, ports.b].entries()) {
      await new Promise((r) => setTimeout(r, 1500));
      await inRotation(port, false);
      await servers[i]!.stop();
      servers[i] = await startServerProcess(env(port));
      await inRotation(port, true);
    }
    restarting = false;
    await Promise.all(rush);

    expect(failures).toEqual([]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(accepted.length).toBeGreaterThan(20);
    const staff = await signIn(servers[0].url, demoPhones.manager);
    const stored = await storedOrders(servers[1].url, staff);
    const ids = stored.map((o) => o.id);
    for (const id of accepted) expect(ids.filter((x) => x === id), id).toHaveLength(1);
    const numbers = stored.map((o) => o.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  }, 180_000);
});

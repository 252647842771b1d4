import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosifloraRun } from '../../schema/posiflora';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { addressIssue, onlyPosiflora } from './posiflora-api';
import { insideReason } from './posiflora-connection';
import { posifloraStore } from './posiflora-store';

/**
 * What each Posiflora name answers in these tests: names that lead inside a network, as a rebinding DNS server would
 * answer them (a public address to a first question, 127.0.0.1 to the connection's). 203.0.113.7 is a documentation
 * address: never connected to here either.
 */
const answers: Record<string, string[]> = {
  'loop.posiflora.com': ['127.0.0.1'],
  'lan.posiflora.com': ['10.0.0.7'],
  'meta.posiflora.com': ['169.254.169.254'],
  'cgnat.posiflora.com': ['100.64.0.9'],
  'six.posiflora.com': ['::1'],
  'ula.posiflora.com': ['fd12:3456::1'],
  'link.posiflora.com': ['fe80::1'],
  'mapped.posiflora.com': ['::ffff:127.0.0.1'],
  'mixed.posiflora.com': ['203.0.113.7', '127.0.0.1'],
};

describe('the connection to Posiflora', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let manager: string;
  /** A listener on this machine: where a connection to a name answered with 127.0.0.1 would land. */
  let listener: net.Server;
  let port: number;
  let connections = 0;
  const asked: string[] = [];

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    shop = await startTestShop({
      posiflora: {
        standInOnLoopback: true,
        resolve: async (hostname) => {
          asked.push(hostname);
          return (answers[hostname] ?? []).map((address) => ({ address, family: net.isIP(address) }));
        },
      },
    });
    [admin, manager] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager)]);
  });
  afterAll(async () => {
    await shop.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('refuses a Posiflora name that resolves to this machine: the name is asked once and nothing connects', async () => {
    asked.length = 0;
    const answer = await call<{ error: string }>(shop.url, '/api/posiflora/connect', { url: `https://loop.posiflora.com:${port}`, username: 'studio', password: 'secret' }, admin);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(insideReason('loop.posiflora.com', '127.0.0.1'));
    expect(answer.body.error).toBe('Адрес Posiflora loop.posiflora.com ведёт во внутреннюю сеть (127.0.0.1): сервер туда не подключается');
    expect(asked).toEqual(['loop.posiflora.com']);
    expect(connections).toBe(0);
    expect((await call<{ data: { connected: boolean } }>(shop.url, '/api/posiflora/status', {}, admin)).body.data.connected).toBe(false);
  });

  it('refuses private, link-local, unique-local, mapped and mixed answers alike, in Russian', async () => {
    for (const [hostname, addresses] of Object.entries(answers)) {
      const answer = await call<{ error: string }>(shop.url, '/api/posiflora/connect', { url: `https://${hostname}:${port}`, username: 'studio', password: 'secret' }, admin);
      expect(answer.status, hostname).toBe(400);
      expect(answer.body.error, hostname).toBe(insideReason(hostname, addresses.find((a) => a !== '203.0.113.7')!));
    }
    expect(connections).toBe(0);
  });

  it('refuses the same at every run of a stored account, and the log says why', async () => {
    const store = posifloraStore(shop.shop.storage);
    await store.saveAccount({ url: `https://loop.posiflora.com:${port}`, username: 'studio', password: 'secret', accessToken: '', refreshToken: '', expireAt: 0, connectedBy: demoPhones.admin, connectedAt: Date.now() });
    const run = await call<{ data: PosifloraRun }>(shop.url, '/api/posiflora/run', {}, manager);
    expect(run.status).toBe(200);
    expect(new Set(run.body.data.errors.map((e) => e.message))).toEqual(new Set([insideReason('loop.posiflora.com', '127.0.0.1')]));
    expect(connections).toBe(0);
  });
});

describe('plain http to Posiflora', () => {
  it('is refused without the tests’ allowance, which only a test shop sets: the stand-in on 127.0.0.1 alone', () => {
    for (const url of ['http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9']) expect(addressIssue(url), url).toBe(onlyPosiflora);
    expect(addressIssue('http://127.0.0.1:9', { standInOnLoopback: true })).toBeUndefined();
    for (const url of ['http://localhost:9', 'http://[::1]:9', 'http://10.0.0.1']) expect(addressIssue(url, { standInOnLoopback: true }), url).toBe(onlyPosiflora);
    expect(addressIssue('https://studio.posiflora.com')).toBeUndefined();
  });
});

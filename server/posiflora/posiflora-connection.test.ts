import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosifloraRun } from '../../schema/studio/reports/posiflora';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { addressIssue, onlyPosiflora } from './posiflora-api';
import { insideAddress, insideReason } from '../http/outside-request';
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

/**
 * Names answering IPv6 forms that carry an IPv4 address (or the 6to4 relay's IPv4 range): a relay or the host's own
 * stack may deliver them to the IPv4 address inside, whatever it is, so each range is refused whole.
 */
const carriers: Record<string, string> = {
  'compat.posiflora.com': '::127.0.0.1', // IPv4-compatible, ::/96
  'compat-hex.posiflora.com': '::a00:7', // the same form written in hex: 10.0.0.7
  'mapped-public.posiflora.com': '::ffff:203.0.113.7', // IPv4-mapped, ::ffff:0:0/96, whatever the address inside
  'sixtofour.posiflora.com': '2002:c0a8:101::1', // 6to4, 2002::/16, over 192.168.1.1
  'teredo.posiflora.com': '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo, 2001::/32
  'relay.posiflora.com': '192.88.99.1', // the 6to4 relays' anycast, 192.88.99.0/24
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
          return (answers[hostname] ?? (carriers[hostname] ? [carriers[hostname]] : [])).map((address) => ({ address, family: net.isIP(address) }));
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
    expect(answer.body.error).toBe(insideReason('Posiflora', 'loop.posiflora.com', '127.0.0.1'));
    expect(answer.body.error).toBe('Адрес Posiflora loop.posiflora.com ведёт во внутреннюю сеть (127.0.0.1): сервер туда не подключается');
    expect(asked).toEqual(['loop.posiflora.com']);
    expect(connections).toBe(0);
    expect((await call<{ data: { connected: boolean } }>(shop.url, '/api/posiflora/status', {}, admin)).body.data.connected).toBe(false);
  });

  it('refuses private, link-local, unique-local, mapped and mixed answers alike, in Russian', async () => {
    for (const [hostname, addresses] of Object.entries(answers)) {
      const answer = await call<{ error: string }>(shop.url, '/api/posiflora/connect', { url: `https://${hostname}:${port}`, username: 'studio', password: 'secret' }, admin);
      expect(answer.status, hostname).toBe(400);
      expect(answer.body.error, hostname).toBe(insideReason('Posiflora', hostname, addresses.find((a) => a !== '203.0.113.7')!));
    }
    expect(connections).toBe(0);
  });

  it('refuses IPv4-compatible, mapped, 6to4 and Teredo addresses and the 6to4 relays, written in the address or answered for a name (issue 27, item 7)', async () => {
    for (const address of Object.values(carriers)) {
      expect(insideAddress(address), address).toBe(true);
      const literal = net.isIPv6(address) ? `[${address}]` : address;
      for (const url of [`https://${literal}`, `http://${literal}:${port}`])
        expect((await call<{ error: string }>(shop.url, '/api/posiflora/connect', { url, username: 'studio', password: 'secret' }, admin)).body.error, url).toBe(onlyPosiflora);
    }
    for (const [hostname, address] of Object.entries(carriers)) {
      const answer = await call<{ error: string }>(shop.url, '/api/posiflora/connect', { url: `https://${hostname}:${port}`, username: 'studio', password: 'secret' }, admin);
      expect(answer.status, hostname).toBe(400);
      expect(answer.body.error, hostname).toBe(insideReason('Posiflora', hostname, address));
    }
    // Neighbours on the internet stay reachable: the ranges are not wider than written.
    for (const address of ['192.88.98.1', '192.88.100.1', '2001:4860:4860::8888', '2003::1', '::1:0:0:1']) expect(insideAddress(address), address).toBe(false);
    expect(connections).toBe(0);
  });

  it('refuses the same at every run of a stored account, and the log says why', async () => {
    const store = posifloraStore(shop.shop.storage);
    await store.saveAccount({ url: `https://loop.posiflora.com:${port}`, username: 'studio', password: 'secret', accessToken: '', refreshToken: '', expireAt: 0, connectedBy: demoPhones.admin, connectedAt: Date.now() });
    const run = await call<{ data: PosifloraRun }>(shop.url, '/api/posiflora/run', {}, manager);
    expect(run.status).toBe(200);
    expect(new Set(run.body.data.errors.map((e) => e.message))).toEqual(new Set([insideReason('Posiflora', 'loop.posiflora.com', '127.0.0.1')]));
    expect(connections).toBe(0);
  });

  it('is disconnected twice without a failure: a second «Отключить» (another tab) finds nothing to end', async () => {
    const store = posifloraStore(shop.shop.storage);
    await store.saveAccount({ url: 'https://studio.posiflora.com', username: 'studio', password: 'secret', accessToken: '', refreshToken: '', expireAt: 0, connectedBy: demoPhones.admin, connectedAt: Date.now() });
    for (let i = 0; i < 2; i++) expect((await call(shop.url, '/api/posiflora/disconnect', {}, admin)).status).toBe(200);
    expect(await store.account()).toBeNull();
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

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ShopConfig } from '../config';
import type { OutsideReach } from '../http/outside-request';
import { startShop, type RunningShop } from '../shop';
import { startCouchStandIn } from './couch-stand-in';

/**
 * No test reaches Posiflora on the internet: a test shop resolves none of its names (a test that means a name to
 * resolve gives its own resolver), and plain http to 127.0.0.1 lets the stand-in through.
 */
const offlinePosiflora: OutsideReach = {
  resolve: (hostname) => Promise.reject(Object.assign(new Error(`${hostname}: тесты не ходят в интернет`), { code: 'ENOTFOUND' })),
  standInOnLoopback: true,
};

/**
 * The real server on a random port with a temporary data directory, removed on close. Demo mode, so codes are
 * readable at /api/dev/last-code; the per-address and SMS caps are lifted unless a test sets them; Posiflora is
 * reached only at the stand-in (`offlinePosiflora`).
 */
export const startTestShop = async (overrides: Partial<ShopConfig> = {}): Promise<RunningShop & { dataDir: string }> => {
  // A folder the test passes (a restore's target) is the test's to keep or delete; else one made for this shop alone.
  const own = !overrides.dataDir;
  const dataDir = overrides.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'flower-shop-')));
  const running = await startShop({
    mode: 'demo',
    seed: true,
    // The tests' books start empty (stock, invoices): the demo's recipes and their opening stock only when a test asks.
    seedRecipes: false,
    port: 0,
    dataDir,
    quiet: true,
    codeCooldownMs: 0,
    loginsPerIpPerHour: 10_000,
    loginsPerIpPerDay: 10_000,
    verifiesPerIpPerHour: 10_000,
    codesPerPhonePerDay: 10_000,
    codesPerHour: 10_000,
    guessesPerPhonePerDay: 1_000,
    guessesPerPhonePer30Days: 1_000,
    ordersPerCustomerPerHour: 10_000,
    unconfirmedOrdersPerCustomer: 10_000,
    posiflora: offlinePosiflora,
    pushStandInOnLoopback: true,
    backup: { at: '03:00', keep: 1 },
    stopGraceMs: 0,
    ...overrides,
  });
  return {
    ...running,
    dataDir,
    async close() {
      await running.close();
      if (own) await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
};

interface Answer<T = unknown> {
  status: number;
  body: T;
  cookie?: string;
}

/** POSTs JSON (or a raw string) to the shop, as a browser would, with an optional session cookie. */
export const call = async <T = Record<string, unknown>>(base: string, route: string, body?: unknown, cookie?: string, method = 'POST'): Promise<Answer<T>> => {
  const res = await fetch(base + route, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  const setCookie = res.headers.get('set-cookie')?.split(';')[0];
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, cookie: setCookie };
};

/** Signs a phone in through the real code flow and answers its session cookie. */
export const signIn = async (base: string, phone: string): Promise<string> => {
  const sent = await call(base, '/api/login', { phone });
  if (sent.status !== 200) throw new Error(`login ${sent.status} ${JSON.stringify(sent.body)}`);
  // On a CouchDB cluster the demo's SMS log is read from one copy per range, which may not hold the write yet.
  const lastCode = () => call<{ code: string }>(base, `/api/dev/last-code?phone=${phone}`, undefined, undefined, 'GET');
  let sms = await lastCode();
  for (let tries = 0; sms.status === 404 && tries < 20; tries++) {
    await new Promise((r) => setTimeout(r, 100));
    sms = await lastCode();
  }
  const verified = await call(base, '/api/phone-verify', { phone, code: sms.body.code });
  if (!verified.cookie) throw new Error(`verify ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.cookie;
};

export const demoPhones = { admin: '79000000001', manager: '79000000002', florist: '79000000003' } as const;

/** Two app servers sharing one CouchDB stand-in, the first seeding it: how a test sees one shop on many machines. */
export const startTwoShops = async () => {
  const couch = await startCouchStandIn();
  const a = await startTestShop({ couchUrl: couch.url });
  const b = await startTestShop({ couchUrl: couch.url, seed: false });
  return {
    a,
    b,
    couch,
    async close() {
      await a.close();
      await b.close();
      await couch.close();
    },
  };
};

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schema/shop/page';
import type { Product } from '../../schema/shop/product';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startServerProcess, testEnv } from '../testing/server-process';
import { serverEntry } from '../testing/server-entry';
import { demoProducts } from './products';
import { demoPages } from './pages';
import { demoStaff } from './staff';

/** Bytes in a LevelDB database's write-ahead logs: what this process wrote into it since it opened it. */
const logBytes = (dir: string) => {
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith('.log')).reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);
  } catch {
    return 0;
  }
};

/** Starts the server and kills it (-9) once `db` has taken `bytes` more, or once it listens, whichever is first. */
const killDuringStart = (env: Record<string, string>, db: string, bytes: number) =>
  new Promise<void>((resolve) => {
    const dir = path.join(env.DATA_DIR, db);
    const before = logBytes(dir);
    const child = spawn(process.execPath, serverEntry(), { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const kill = () => {
      clearInterval(watch);
      child.kill('SIGKILL');
    };
    const watch = setInterval(() => logBytes(dir) - before >= bytes && kill(), 1);
    child.stdout!.on('data', kill);
    child.once('exit', () => resolve());
  });

describe('first start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flower-first-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('killed at several points while seeding, the next start completes the shop', async () => {
    const env = { ...testEnv, DATA_DIR: dataDir };
    // Mid-catalogue twice, mid-pages, at the staff accounts.
    for (const [db, bytes] of [['catalog', 8_000], ['catalog', 8_000], ['pages', 8_000], ['users', 1]] as const) await killDuringStart(env, db, bytes);
    const server = await startServerProcess(env);
    try {
      const staff = await signIn(server.url, demoPhones.admin);
      const { body } = await call<{ data: { items: Product[] } }>(server.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} }, staff);
      expect(body.data.items.map((p) => p.id).sort()).toEqual(demoProducts.map((p) => p.id).sort());
      for (const p of body.data.items) expect(p.count, p.id).toBe(demoProducts.find((d) => d.id === p.id)!.count);
      const pages = await call<{ data: Page[] }>(server.url, '/api/pages/list', {});
      expect(pages.body.data.map((p) => p.id).sort()).toEqual(demoPages.map((p) => p.id).sort());
      for (const u of demoStaff) {
        const cookie = await signIn(server.url, u.phone);
        expect((await call(server.url, '/api/user', undefined, cookie, 'GET')).body, u.phone).toMatchObject({ user: { phone: u.phone, roles: u.roles } });
      }
    } finally {
      await server.stop();
    }
   }, 180_000);

  it('makes ADMIN_PHONE an admin of a shop started without demo data', async () => {
    const shop = await startTestShop({ seed: false, adminPhone: '79770000001' });
    try {
      expect((await call<{ data: { total: number } }>(shop.url, '/api/items/list', {})).body.data.total).toBe(0);
      const cookie = await signIn(shop.url, '79770000001');
      expect((await call(shop.url, '/api/user', undefined, cookie, 'GET')).body).toMatchObject({ user: { roles: ['admin'] } });
      expect((await call(shop.url, '/api/clients/list', {}, cookie)).status).toBe(200);
    } finally {
      await shop.close();
    }
  });
});

import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { startTestShop } from '../testing/test-shop';
import { storeBackup, takeBackup } from './backup';
import { backupChecks, backupCouchCheck, diskCheck, doctorReport, runDoctor, type Finding } from './doctor';

const temporary: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-doctor-'));
  temporary.push(dir);
  return dir;
};
const levels = (found: Finding[]) => Object.fromEntries(found.map((f) => [f.check, f.level]));
const of = (found: Finding[], check: string) => found.find((f) => f.check === check)!;

/** A production environment as docs/PRODUCTION.md writes it, on this machine's real folders. */
const production = (dataDir: string, backupDir: string) => ({
  SHOP_MODE: 'production', PUBLIC_ORIGIN: 'https://cvety.example', SECURE_COOKIES: '1', TRUST_PROXY: '1', METRICS_TOKEN: 'долгая-случайная-строка',
  SMS_GATEWAY_URL: 'https://sms.example/send', SMS_GATEWAY_TOKEN: 't', DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: 'ключ',
});

describe('npm run doctor', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let archives: string;
  beforeAll(async () => {
    shop = await startTestShop();
    archives = await tempDir();
    await storeBackup(await takeBackup(shop.shop.storage, { dataDir: shop.dataDir }), archives, 2);
  }, 60_000);
  afterAll(async () => {
    await shop.close();
    for (const dir of temporary) await fs.rm(dir, { recursive: true, force: true });
  });

  it('passes a production configuration beside a running shop on the embedded store, warning only that it is one machine', async () => {
    const found = await runDoctor(production(shop.dataDir, archives), { shopUrl: shop.url });
    expect(levels(found)).toEqual({
      mode: 'ok', origin: 'ok', cookies: 'ok', proxy: 'ok', metrics: 'ok', shop: expect.stringMatching(/ok|warn/), sms: 'ok',
      couchdb: 'warn', 'data-disk': expect.stringMatching(/ok|warn/), 'backup-target': 'ok', 'backup-age': 'ok', 'backup-key': 'ok', 'backup-disk': expect.stringMatching(/ok|warn/),
    });
    expect(of(found, 'couchdb').message).toMatch(/COUCHDB_URL не задан/);
    expect(doctorReport(found).mustFix).toBe(false);
  });

  it('names each thing to fix in Russian: demo mode, http origin, cookies, metrics, SMS, a shop that does not answer', async () => {
    const closed = `http://127.0.0.1:${shop.port + 1}`;
    const env = { ...production(shop.dataDir, archives), SHOP_MODE: 'demo', PUBLIC_ORIGIN: 'http://cvety.example', SECURE_COOKIES: '', METRICS_TOKEN: '', SMS_GATEWAY_URL: '', TRUST_PROXY: '', BACKUP_KEY: '' };
    const found = await runDoctor(env, { shopUrl: closed });
    expect(levels(found)).toMatchObject({ mode: 'fix', origin: 'fix', cookies: 'fix', metrics: 'fix', sms: 'fix', shop: 'fix', proxy: 'warn', 'backup-key': 'warn' });
    expect(of(found, 'origin').message).toMatch(/https/);
    expect(of(found, 'shop').message).toContain(closed);
    const report = doctorReport(found);
    expect(report.mustFix).toBe(true);
    expect(report.text).toMatch(/Нужно исправить: 6; предупреждений: 3\./);
  });

  it('takes the SMS gateway saved in the shop’s settings, which only the running shop can tell', async () => {
    // The test shop runs in demo mode with no gateway: it says `log`, which is no gateway for production.
    const found = await runDoctor({ ...production(shop.dataDir, archives), SMS_GATEWAY_URL: '' }, { shopUrl: shop.url });
    expect(of(found, 'sms').level).toBe('fix');
  });

  it('refuses a setting the app server would refuse to start with', async () => {
    const found = await runDoctor({ ...production(shop.dataDir, archives), TRUST_PROXY: 'true' }, { shopUrl: shop.url });
    expect(found).toEqual([expect.objectContaining({ check: 'config', level: 'fix', message: expect.stringMatching(/TRUST_PROXY=true/) })]);
  });

  it('checks the backup folder: writable, an archive younger than a day, none yet', async () => {
    const settings = (dir: string) => ({ mode: 'production' as const, backup: { dir, at: '03:00', keep: 14, key: 'k' } });
    const stale = await tempDir();
    const old = path.join(stale, 'shop-2026-11-20-00-00-00-000.fsbk');
    await fs.writeFile(old, 'x');
    const twoDaysAgo = new Date(Date.now() - 50 * 3_600_000);
    await fs.utimes(old, twoDaysAgo, twoDaysAgo);
    expect(levels(await backupChecks(settings(stale), {}))).toMatchObject({ 'backup-target': 'ok', 'backup-age': 'fix' });
    expect(of(await backupChecks(settings(stale), {}), 'backup-age').message).toMatch(/Последней копии в .* 50 ч/);
    expect(of(await backupChecks(settings(await tempDir()), {}), 'backup-age').level).toBe('warn');
    // A folder that cannot be: a path through a file (a disk not mounted leaves the same kind of hole).
    const file = path.join(await tempDir(), 'not-a-folder');
    await fs.writeFile(file, '');
    const unwritable = await backupChecks(settings(path.join(file, 'backups')), {});
    expect(unwritable).toEqual([expect.objectContaining({ check: 'backup-target', level: 'fix', message: expect.stringMatching(/нельзя записать .*ENOTDIR/) })]);
    expect(await backupChecks({ mode: 'production', backup: { at: '03:00', keep: 14 } }, {})).toEqual([expect.objectContaining({ check: 'backup', level: 'fix' })]);
    // Nothing is left behind by the probe.
    expect(await fs.readdir(stale)).toEqual(['shop-2026-11-20-00-00-00-000.fsbk']);
  });

  it('checks a second CouchDB as the backup target: it answers, takes its name and password, and says in Russian what to fix', async () => {
    const target = await startCouchStandIn(undefined, { admin: { name: 'backup', password: 'верный-пароль' } });
    try {
      const at = (user: string, password: string) => `http://${user}:${encodeURIComponent(password)}@127.0.0.1:${target.port}/`;
      const good = await backupCouchCheck(at('backup', 'верный-пароль'));
      expect(good).toMatchObject({ check: 'backup-couch', level: 'ok', message: expect.stringContaining(`127.0.0.1:${target.port}`) });
      const wrong = await backupCouchCheck(at('backup', 'неверный'));
      expect(wrong).toMatchObject({ level: 'fix', message: expect.stringMatching(/не принимает имя и пароль из BACKUP_COUCHDB_URL/) });
      // The password is never repeated to whoever reads the report.
      expect(wrong.message).not.toContain('неверный');
      // A couch-only target needs no folder; both are checked when both are set.
      const couchOnly = await backupChecks({ mode: 'production', backup: { at: '03:00', keep: 14, couchUrl: at('backup', 'верный-пароль') } }, {});
      expect(levels(couchOnly)).toEqual({ 'backup-couch': 'ok' });
      const both = await backupChecks({ mode: 'production', backup: { dir: await tempDir(), at: '03:00', keep: 14, key: 'k', couchUrl: at('backup', 'неверный') } }, {});
      expect(levels(both)).toMatchObject({ 'backup-couch': 'fix', 'backup-target': 'ok' });
      const { port } = target;
      await target.close();
      const gone = await backupCouchCheck(`http://backup:x@127.0.0.1:${port}/`);
      expect(gone).toMatchObject({ level: 'fix', message: expect.stringMatching(/не отвечает: проверьте адрес в BACKUP_COUCHDB_URL/) });
      // Something else on the address: not a CouchDB (a plain page, answered at once however busy the machine).
      const site = http.createServer((_req, res) => res.end('<html>Цветы</html>'));
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      try {
        const notCouch = await backupCouchCheck(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
        expect(notCouch).toMatchObject({ level: 'fix', message: expect.stringMatching(/отвечает, но не как CouchDB/) });
      } finally {
        site.close();
      }
    } finally {
      await target.close().catch(() => undefined);
    }
  });

  it('measures free space on the real disk of a folder, even one not made yet', async () => {
    const dir = path.join(await tempDir(), 'not', 'yet');
    expect((await diskCheck('data-disk', 'Диск данных', dir, {})).message).toMatch(/^Диск данных .*: свободно \d/);
    expect((await diskCheck('data-disk', 'Диск данных', dir, { minFreeBytes: Number.MAX_SAFE_INTEGER })).level).toBe('fix');
    expect((await diskCheck('data-disk', 'Диск данных', dir, { minFreeBytes: 0, warnFreeBytes: Number.MAX_SAFE_INTEGER })).level).toBe('warn');
  });

  it('asks CouchDB for its cluster when COUCHDB_URL is set, and says when it does not answer', async () => {
    const couch = await startCouchStandIn();
    try {
      const env = { ...production(shop.dataDir, archives), COUCHDB_URL: couch.url };
      expect(of(await runDoctor(env, { shopUrl: shop.url }), 'couchdb')).toMatchObject({ level: 'ok', message: 'CouchDB: все узлы кластера на связи' });
    } finally {
      await couch.close();
    }
    const gone = await runDoctor({ ...production(shop.dataDir, archives), COUCHDB_URL: couch.url }, { shopUrl: shop.url });
    expect(of(gone, 'couchdb')).toMatchObject({ level: 'fix', message: expect.stringMatching(/CouchDB не отвечает/) });
    expect(gone.some((f) => f.check === 'data-disk')).toBe(false);
  });

  it('exits 1 with the report when something must be fixed, 0 when not', async () => {
    const run = (env: Record<string, string>) =>
      // As `npm run doctor` runs it (tsx), without npx and tsx's own launcher around it (~0.75 CPU-s a run).
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/doctor-cli.ts', '--url', shop.url], { env: { ...process.env, ...env } }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    const bad = await run({ ...production(shop.dataDir, archives), METRICS_TOKEN: '' });
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/✗ Не задан METRICS_TOKEN/);
    const good = await run(production(shop.dataDir, archives));
    expect(good.out).toMatch(/Исправлять нечего/);
    expect(good.code).toBe(0);
  }, 60_000);
});

/**
 * The backup target's check against a real Apache CouchDB cluster (`TEST_COUCHDB_URL`, ../shared/couchdb/cluster.sh
 * start3): its administrator is taken, a wrong password and a user who is not an administrator are told apart.
 */
describe.skipIf(!process.env.TEST_COUCHDB_URL)('the backup target check on a real CouchDB cluster', () => {
  it('takes its administrator, refuses a wrong password and a plain user, in Russian, never repeating the password', async () => {
    const real = new URL(process.env.TEST_COUCHDB_URL ?? '');
    const at = (user: string, password: string) => `${real.protocol}//${encodeURIComponent(user)}:${encodeURIComponent(password)}@${real.host}/`;
    expect(await backupCouchCheck(real.href)).toMatchObject({ check: 'backup-couch', level: 'ok', message: expect.stringContaining(real.host) });
    const wrong = await backupCouchCheck(at(decodeURIComponent(real.username), 'неверный-пароль'));
    expect(wrong).toMatchObject({ level: 'fix', message: expect.stringMatching(/не принимает имя и пароль из BACKUP_COUCHDB_URL/) });
    expect(wrong.message).not.toContain('неверный-пароль');
    // A user of the cluster's _users who is no administrator: a copy could not create its databases.
    const admin = `Basic ${Buffer.from(`${decodeURIComponent(real.username)}:${decodeURIComponent(real.password)}`).toString('base64')}`;
    const userDoc = `${real.protocol}//${real.host}/_users/org.couchdb.user:backup-reader`;
    const put = await fetch(userDoc, { method: 'PUT', headers: { authorization: admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'backup-reader', password: 'читатель-1', roles: [], type: 'user' }) });
    expect([201, 202, 409]).toContain(put.status);
    try {
      const plain = await backupCouchCheck(at('backup-reader', 'читатель-1'));
      expect(plain).toMatchObject({ level: 'fix', message: expect.stringMatching(/backup-reader .* не администратор/) });
    } finally {
      const { _rev } = (await (await fetch(userDoc, { headers: { authorization: admin } })).json()) as { _rev?: string };
      if (_rev) await fetch(`${userDoc}?rev=${_rev}`, { method: 'DELETE', headers: { authorization: admin } });
    }
  }, 60_000);
});

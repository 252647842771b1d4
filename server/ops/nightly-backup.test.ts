import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { readArchive } from './backup-archive';
import { archiveName, backupFailureReason, storeBackup } from './backup';
import { backupIsStale, backupNow, untilNext } from './nightly-backup';

describe('the night’s backup', () => {
  it('is planned for the next BACKUP_AT in Moscow, and called stale after a day', () => {
    expect(untilNext('03:00', Date.parse('2026-11-27T23:00:00Z'))).toBe(3_600_000);
    expect(untilNext('03:00', Date.parse('2026-11-28T00:30:00Z'))).toBe(23.5 * 3_600_000);
    expect(untilNext('23:45', Date.parse('2026-11-28T20:40:00Z'))).toBe(5 * 60_000);
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(backupIsStale({}, now)).toBe(true);
    expect(backupIsStale({ at: '2026-11-28T00:00:00Z' }, now)).toBe(false);
    expect(backupIsStale({ at: '2026-11-26T23:00:00Z' }, now)).toBe(true);
  });
});

describe('backups seen from /admin and /api/health', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('are off unless a folder is set: health says so, and one asked for is refused in Russian', async () => {
    const shop = await startTestShop();
    try {
      const admin = await signIn(shop.url, demoPhones.admin);
      expect((await call(shop.url, '/api/health', undefined, undefined, 'GET')).body).toMatchObject({ ok: true, backup: 'off' });
      expect(await call(shop.url, '/api/backups/run', {}, admin)).toMatchObject({ status: 409, body: { error: expect.stringContaining('BACKUP_DIR') } });
    } finally {
      await shop.close();
    }
  });

  it('say none was made yet, then when one was; only admins ask; a night is backed up once whichever server asks', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-backups-'));
    dirs.push(dir);
    const shop = await startTestShop({ backup: { dir, at: '03:00', keep: 3 } });
    try {
      const admin = await signIn(shop.url, demoPhones.admin);
      const florist = await signIn(shop.url, demoPhones.florist);
      expect((await call(shop.url, '/api/backups/status', {}, admin)).body).toEqual({ on: true, at: null, stale: true, failure: null });
      expect((await call(shop.url, '/api/health', undefined, undefined, 'GET')).body).toMatchObject({ backup: 'stale' });
      expect((await call(shop.url, '/api/backups/status', {}, florist)).status).toBe(403);
      expect((await call(shop.url, '/api/backups/run', {}, florist)).status).toBe(403);

      const made = await call<{ at: string; stale: boolean }>(shop.url, '/api/backups/run', {}, admin);
      expect(made.status).toBe(200);
      expect(made.body.stale).toBe(false);
      expect((await call(shop.url, '/api/health', undefined, undefined, 'GET')).body).toMatchObject({ backup: 'ok' });
      const [archive] = await fs.readdir(dir);
      expect((await readArchive(path.join(dir, archive))).manifest.createdAt).toBe(made.body.at);

      const config = { ...shop.shop.config, backup: { dir, at: '03:00', keep: 3 } };
      await backupNow(shop.shop.storage, config, '2026-11-28');
      await backupNow(shop.shop.storage, config, '2026-11-28');
      expect(await fs.readdir(dir)).toHaveLength(2);
    } finally {
      await shop.close();
    }
  });

  it('to a target that is not a folder fail in Russian on /admin and /api/health, and the shop keeps serving', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-backups-'));
    dirs.push(dir);
    // A disk that is not mounted where BACKUP_DIR points: the path goes through a file (as root, a read-only mode would not stop a write).
    const file = path.join(dir, 'not-a-folder');
    await fs.writeFile(file, 'x');
    const target = path.join(file, 'backups');
    const shop = await startTestShop({ backup: { dir: target, at: '03:00', keep: 3 } });
    try {
      const admin = await signIn(shop.url, demoPhones.admin);
      const failed = await call<{ at: string | null; failure: { reason: string } | null }>(shop.url, '/api/backups/run', {}, admin);
      expect(failed.status).toBe(200);
      expect(failed.body).toMatchObject({ at: null, failure: { reason: expect.stringMatching(/^Папки резервных копий нет \(BACKUP_DIR\)/) } });
      const health = await call(shop.url, '/api/health', undefined, undefined, 'GET');
      expect(health).toMatchObject({ status: 200, body: { ok: true, status: 'degraded', backup: 'failing', backupFailure: failed.body.failure?.reason } });
      expect(JSON.stringify(health.body)).not.toContain(dir);
      expect((await call(shop.url, '/api/backups/status', {}, admin)).body).toEqual(failed.body);
      // The shop is unharmed: it still answers, and nothing was written beside the file.
      expect((await call(shop.url, '/api/pages/list', {})).status).toBe(200);
      expect(await fs.readdir(dir)).toEqual(['not-a-folder']);

      // The disk is back: the next backup is made and the failure is no longer shown.
      await fs.rm(file);
      const made = await call<{ at: string | null; failure: unknown }>(shop.url, '/api/backups/run', {}, admin);
      expect(made.body).toMatchObject({ at: expect.any(String), failure: null });
      expect((await call(shop.url, '/api/health', undefined, undefined, 'GET')).body).toMatchObject({ backup: 'ok' });
    } finally {
      await shop.close();
    }
  });
});

describe('an archive written to a full disk', () => {
  it('fails with the disk\'s reason in Russian and leaves no partial file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-backups-full-'));
    try {
      const createdAt = '2026-11-28T00:00:00.000Z';
      // The partial file's name leads to /dev/full: every write to it fails with ENOSPC, as on a full disk.
      await fs.symlink('/dev/full', path.join(dir, `${archiveName(new Date(createdAt))}.partial`));
      const backup = { bytes: new Uint8Array(64 * 1024).fill(7), manifest: { shop: 's', createdAt, databases: [] } };
      const error: unknown = await storeBackup(backup, dir, 3).then(() => null, (e: unknown) => e);
      expect(error).toMatchObject({ code: 'ENOSPC' });
      expect(backupFailureReason(error)).toMatch(/^На диске для резервных копий нет места/);
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

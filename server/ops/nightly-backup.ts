import { today } from '../../schema/shared/day';
import type { BackupSettings, ShopConfig } from '../config';
import type { Storage } from '../db/storage';
import { createIfMissing, getDoc, upsert } from '../db/docs';
import { backupFailureReason, storeBackup, takeBackup } from './backup';
import { copyToCouch, targetName } from './backup-couch';
import { log } from './log';

/** What the last backup of the shop did, kept beside the shop's counters for every app server and /admin to read. */
export interface BackupStatus {
  /** When the last archive was written whole (ISO). */
  at?: string;
  file?: string;
  bytes?: number;
  docs?: number;
  /** When the second CouchDB (BACKUP_COUCHDB_URL) last took a whole copy (ISO), and its name without credentials. */
  couchAt?: string;
  target?: string;
  /** The last attempt that failed, and why (in Russian, for the owner). */
  failedAt?: string;
  failure?: string;
}

const statusDb = 'counters';
const statusId = 'backup-status';
const moscowOffsetMs = 3 * 3_600_000;
const dayMs = 86_400_000;

/** Backups are on when they have somewhere to go: a folder (BACKUP_DIR), a second CouchDB (BACKUP_COUCHDB_URL), or both. */
export const backupsOn = (settings: BackupSettings): boolean => !!settings.dir || !!settings.couchUrl;

/** The last failure, when it came after the last success: what /admin and /api/health show until a backup succeeds. */
export const lastFailure = (status: BackupStatus): { at: string; reason: string } | null =>
  status.failedAt && (!status.at || status.failedAt > status.at) ? { at: status.failedAt, reason: status.failure ?? '' } : null;

export const backupStatus = async (storage: Storage): Promise<BackupStatus> => (await getDoc<BackupStatus>(storage.db(statusDb), statusId)) ?? {};

/** Seconds since the last backup was made, or null when none was. */
export const backupAgeSeconds = (status: BackupStatus, now = Date.now()): number | null => (status.at ? Math.max(0, (now - Date.parse(status.at)) / 1000) : null);

/** A backup older than a day (or none) is worth a warning on /admin and in /api/health. */
export const backupIsStale = (status: BackupStatus, now = Date.now()): boolean => {
  const age = backupAgeSeconds(status, now);
  return age === null || age * 1000 > dayMs + 3_600_000;
};

/** Milliseconds from `now` to the next «HH:MM» in Moscow (UTC+3 all year). */
export const untilNext = (at: string, now = Date.now()): number => {
  const [h, m] = at.split(':').map(Number);
  const moscowNow = now + moscowOffsetMs;
  const todayAt = Math.floor(moscowNow / dayMs) * dayMs + (h * 60 + m) * 60_000;
  return (todayAt > moscowNow ? todayAt : todayAt + dayMs) - moscowNow;
};

/**
 * One backup now, written into the settings' folder; the status says how it went. `night` (a Moscow day) makes it
 * the night's: the first app server to claim that night takes it, the others step aside.
 */
export const backupNow = async (
  storage: Storage,
  config: Pick<ShopConfig, 'dataDir' | 'couchUrl'> & { backup: BackupSettings },
  night?: string,
): Promise<BackupStatus> => {
  const { dir, keep, key, couchUrl } = config.backup;
  if (!backupsOn(config.backup)) throw new Error('Резервные копии выключены: не задана папка BACKUP_DIR и нет BACKUP_COUCHDB_URL');
  if (night && !(await createIfMissing(storage.db(statusDb), `backup-night-${night}`, { at: new Date().toISOString() }))) return backupStatus(storage);
  const write = (change: (s: BackupStatus) => BackupStatus) => upsert<BackupStatus>(storage.db(statusDb), statusId, (current) => change(current ?? {}));
  const failed = async (e: unknown) => {
    // A disk's failure in Russian by its code, without the folder's path (backup.ts); the target's worded without its
    // credentials (backup-couch.ts). The log keeps the error as it came.
    const failure = backupFailureReason(e);
    log.error({ failure, error: e instanceof Error ? e.message : String(e) }, 'Резервная копия не сделана');
    return (await write((s) => ({ ...s, failedAt: new Date().toISOString(), failure }))) ?? {};
  };
  let status = await backupStatus(storage);
  if (dir) {
    try {
      const backup = await takeBackup(storage, config, key);
      const file = await storeBackup(backup, dir, keep);
      const docs = backup.manifest.databases.reduce((n, d) => n + d.docs, 0);
      status = (await write((s) => ({ ...s, at: backup.manifest.createdAt, file, bytes: backup.bytes.length, docs }))) ?? {};
    } catch (e) {
      return failed(e);
    }
  }
  if (couchUrl) {
    try {
      const copy = await copyToCouch(storage, config, couchUrl, new Date(), key);
      const docs = copy.databases.reduce((n, d) => n + d.docs, 0);
      // Without a folder the copy is the backup; with one, the archive's time stands and the copy's is beside it.
      status = (await write((s) => ({ ...s, couchAt: copy.finishedAt, target: targetName(couchUrl), ...(dir ? {} : { at: copy.finishedAt, docs }) }))) ?? {};
    } catch (e) {
      return failed(e);
    }
  }
  return status;
};

/** Takes the night's backup at BACKUP_AT, Moscow time, every night while the shop runs. Answers the stop. */
export const backupNightly = (storage: Storage, config: Pick<ShopConfig, 'dataDir' | 'couchUrl'> & { backup: BackupSettings }): (() => void) => {
  if (!backupsOn(config.backup)) return () => {};
  let timer: NodeJS.Timeout;
  const plan = () => {
    timer = setTimeout(() => {
      void backupNow(storage, config, today()).finally(plan);
    }, untilNext(config.backup.at));
    timer.unref();
  };
  plan();
  return () => clearTimeout(timer);
};

import { today } from '../../schema/shared/day';
import type { BackupSettings, ShopConfig } from '../config';
import type { Storage } from '../db/storage';
import { createIfMissing, getDoc, upsert } from '../db/docs';
import { backupFailureReason, storeBackup, takeBackup } from './backup';
import { log } from './log';

/** What the last backup of the shop did, kept beside the shop's counters for every app server and /admin to read. */
export interface BackupStatus {
  /** When the last archive was written whole (ISO). */
  at?: string;
  file?: string;
  bytes?: number;
  docs?: number;
  /** The last attempt that failed, and why (in Russian, for the owner). */
  failedAt?: string;
  failure?: string;
}

const statusDb = 'counters';
const statusId = 'backup-status';
const moscowOffsetMs = 3 * 3_600_000;
const dayMs = 86_400_000;

export const backupStatus = async (storage: Storage): Promise<BackupStatus> => (await getDoc<BackupStatus>(storage.db(statusDb), statusId)) ?? {};

/** Seconds since the last backup was made, or null when none was. */
export const backupAgeSeconds = (status: BackupStatus, now = Date.now()): number | null => (status.at ? Math.max(0, (now - Date.parse(status.at)) / 1000) : null);

/** The last attempt failed after the last archive was written (or none ever was): its reason, else null. */
export const backupFailing = (status: BackupStatus): string | null =>
  status.failedAt && (!status.at || status.failedAt > status.at) ? (status.failure ?? 'Резервная копия не сделана') : null;

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
  const { dir, keep, key } = config.backup;
  if (!dir) throw new Error('Резервные копии выключены: не задана папка BACKUP_DIR');
  if (night && !(await createIfMissing(storage.db(statusDb), `backup-night-${night}`, { at: new Date().toISOString() }))) return backupStatus(storage);
  const write = (change: (s: BackupStatus) => BackupStatus) => upsert<BackupStatus>(storage.db(statusDb), statusId, (current) => change(current ?? {}));
  try {
    const backup = await takeBackup(storage, config, key);
    const file = await storeBackup(backup, dir, keep);
    const docs = backup.manifest.databases.reduce((n, d) => n + d.docs, 0);
    return (await write((s) => ({ ...s, at: backup.manifest.createdAt, file, bytes: backup.bytes.length, docs }))) ?? {};
  } catch (e) {
    const failure = backupFailureReason(e);
    log.error({ failure, error: e instanceof Error ? e.message : String(e) }, 'Резервная копия не сделана');
    return (await write((s) => ({ ...s, failedAt: new Date().toISOString(), failure }))) ?? {};
  }
};

/** Takes the night's backup at BACKUP_AT, Moscow time, every night while the shop runs. Answers the stop. */
export const backupNightly = (storage: Storage, config: Pick<ShopConfig, 'dataDir' | 'couchUrl'> & { backup: BackupSettings }): (() => void) => {
  if (!config.backup.dir) return () => {};
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

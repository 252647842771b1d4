import { Router } from 'express';
import type { BackupView } from '../../schema/shared/backup-view';
import type { Shop } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { backupFailing, backupIsStale, backupNow, backupStatus, type BackupStatus } from '../ops/nightly-backup';

/** What /admin shows of the backups: when the last was made, whether that is too long ago, the last failure. */
const shown = (status: BackupStatus, on: boolean): BackupView => ({
  on,
  at: status.at ?? null,
  stale: on && backupIsStale(status),
  failure: status.failedAt && backupFailing(status) !== null ? { at: status.failedAt, reason: backupFailing(status) ?? '' } : null,
});

/** The shop's backups for its admins (issue 31): their state, and one taken now (the night's are taken by themselves). */
export const backupsApi = (shop: Shop): Router => {
  const api = Router();
  const on = !!shop.config.backup.dir;
  route(api, 'POST /api/backups/status', async () => {
    return shown(await backupStatus(shop.storage), on);
  });
  route(api, 'POST /api/backups/run', async () => {
    if (!on) throw new HttpError(409, 'Резервные копии выключены: задайте папку BACKUP_DIR и перезапустите магазин');
    return shown(await backupNow(shop.storage, shop.config), on);
  });
  return api;
};

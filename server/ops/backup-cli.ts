import path from 'node:path';
import { defaultConfig } from '../config';
import { openStorage } from '../db/storage';
import { backupFailureReason, storeBackup, takeBackup } from './backup';

/**
 * `npm run backup [-- --to DIR]`: a copy of every database now, into BACKUP_DIR (or DIR, or `<DATA_DIR>-backups`).
 * On CouchDB it runs beside the app servers. The embedded store is held by a running shop (LevelDB allows one
 * process): there the shop's own nightly backup, or «Сделать копию» on /admin, takes it while the shop serves.
 */
const main = async () => {
  const config = defaultConfig();
  const to = process.argv.indexOf('--to');
  const dir = to > 0 ? path.resolve(process.argv[to + 1] ?? '') : (config.backup.dir ?? `${config.dataDir}-backups`);
  const storage = openStorage(config);
  try {
    const backup = await takeBackup(storage, config, config.backup.key);
    const file = await storeBackup(backup, dir, config.backup.keep);
    const docs = backup.manifest.databases.reduce((n, d) => n + d.docs, 0);
    console.log(`Резервная копия: ${file}\nБаз: ${backup.manifest.databases.length}, документов: ${docs}, ${(backup.bytes.length / 1e6).toFixed(1)} МБ${config.backup.key ? ', зашифрована' : ' (не зашифрована: задайте BACKUP_KEY)'}`);
  } finally {
    await storage.close();
  }
};

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  console.error(
    /lock|LOCK|Resource temporarily unavailable/.test(message)
      ? 'Хранилище занято работающим магазином. Копию снимает он сам каждую ночь (BACKUP_AT) и по кнопке «Сделать копию» в /admin; или остановите магазин и повторите.'
      : `Резервная копия не сделана: ${backupFailureReason(e)}`,
  );
  process.exit(1);
});

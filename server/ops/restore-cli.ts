import path from 'node:path';
import { defaultConfig } from '../config';
import { restoreFromCouch } from './backup-couch';
import { restoreShop } from './restore';

/**
 * `npm run restore ARCHIVE [-- --force]`: the archive's databases into DATA_DIR or COUCHDB_URL, with no shop running
 * on it. An empty store only, unless --force: then every database there is dropped first. Staff sign in again after.
 * `npm run restore -- --from-couch [URL]`: from the second CouchDB's copy instead (URL, or BACKUP_COUCHDB_URL).
 */
const main = async () => {
  const config = defaultConfig();
  const force = process.argv.includes('--force');
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (process.argv.includes('--from-couch')) {
    const target = file ?? config.backup.couchUrl;
    if (!target) throw new Error('Укажите резервную CouchDB: npm run restore -- --from-couch http://…, или задайте BACKUP_COUCHDB_URL');
    const copy = await restoreFromCouch(config, target, { force, key: config.backup.key });
    const docs = copy.databases.reduce((n, d) => n + d.docs, 0);
    console.log(`Восстановлено из резервной CouchDB, копия от ${copy.finishedAt}: баз ${copy.databases.length}, документов не меньше ${docs}. Запустите магазин; сотрудники войдут заново.`);
    return;
  }
  if (!file) throw new Error('Укажите файл копии: npm run restore -- путь/к/shop-….fsbk');
  const manifest = await restoreShop(config, path.resolve(file), { key: config.backup.key, force });
  const docs = manifest.databases.reduce((n, d) => n + d.docs, 0);
  console.log(`Восстановлено из копии от ${manifest.createdAt}: баз ${manifest.databases.length}, документов ${docs}. Запустите магазин; сотрудники войдут заново.`);
};

main().catch((e: unknown) => {
  console.error(`Восстановление не выполнено: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

import path from 'node:path';
import { defaultConfig } from '../config';
import { restoreShop } from './restore';

/**
 * `npm run restore ARCHIVE [-- --force]`: the archive's databases into DATA_DIR or COUCHDB_URL, with no shop running
 * on it. An empty store only, unless --force: then every database there is dropped first. Staff sign in again after.
 */
const main = async () => {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) throw new Error('Укажите файл копии: npm run restore -- путь/к/shop-….fsbk');
  const config = defaultConfig();
  const manifest = await restoreShop(config, path.resolve(file), { key: config.backup.key, force: process.argv.includes('--force') });
  const docs = manifest.databases.reduce((n, d) => n + d.docs, 0);
  console.log(`Восстановлено из копии от ${manifest.createdAt}: баз ${manifest.databases.length}, документов ${docs}. Запустите магазин; сотрудники войдут заново.`);
};

main().catch((e: unknown) => {
  console.error(`Восстановление не выполнено: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

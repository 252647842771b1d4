import fs from 'node:fs/promises';
import path from 'node:path';
import { healthAnswer } from '../../schema/shared/api-requests';
import { ConfigError, defaultConfig, type ShopConfig } from '../config';
import { z } from 'zod';
import { couchQuorum, probeMs, withinTime } from './couch-quorum';
import { couchRequest } from '../db/claim';
import { targetName } from './backup-couch';

/**
 * `npm run doctor`: is this a production configuration? Each check says, in Russian, what is right, what is worth a
 * look (`warn`) and what must be fixed (`fix`: the command exits non-zero). It reads the same environment the app
 * server reads (server/config.ts), the disks, the backup folder, CouchDB when COUCHDB_URL is set, and the running
 * shop's /api/health (the SMS gateway saved in the settings, the store as the shop sees it). It changes nothing but a
 * probe file it writes into the backup folder and removes.
 */
export type Level = 'ok' | 'warn' | 'fix';
export interface Finding {
  check: string;
  level: Level;
  message: string;
}

export interface DoctorOptions {
  /** The running shop, asked for /api/health; unset: http://127.0.0.1:$PORT. */
  shopUrl?: string;
  now?: number;
  /** Free space below this must be fixed; below `warnFreeBytes` is a warning. */
  minFreeBytes?: number;
  warnFreeBytes?: number;
}

const gib = 1024 ** 3;
const hourMs = 3_600_000;
/** A nightly backup is 24 h apart; an hour more for a slow night. */
const backupStaleMs = 25 * hourMs;

const ok = (check: string, message: string): Finding => ({ check, level: 'ok', message });
const warn = (check: string, message: string): Finding => ({ check, level: 'warn', message });
const fix = (check: string, message: string): Finding => ({ check, level: 'fix', message });

const gibText = (bytes: number) => `${(bytes / gib).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} ГБ`;

/** The nearest folder that exists at or above `dir` (a data folder not made yet still has a disk). */
const existingAbove = async (dir: string): Promise<string> => {
  for (let at = dir; ; at = path.dirname(at)) {
    if (await fs.stat(at).then((s) => s.isDirectory(), () => false)) return at;
    if (path.dirname(at) === at) return at;
  }
};

export const diskCheck = async (check: string, what: string, dir: string, o: DoctorOptions): Promise<Finding> => {
  const at = await existingAbove(dir);
  const s = await fs.statfs(at);
  const free = s.bavail * s.bsize;
  const min = o.minFreeBytes ?? 2 * gib;
  const low = o.warnFreeBytes ?? 10 * gib;
  const text = `${what} (${dir}): свободно ${gibText(free)}`;
  if (free < min) return fix(check, `${text} — меньше ${gibText(min)}: освободите место или перенесите на диск побольше, иначе база перестанет принимать записи`);
  if (free < low) return warn(check, `${text} — меньше ${gibText(low)}: место скоро кончится`);
  return ok(check, text);
};

/** `GET /_session`: who CouchDB takes the address's credentials for. */
const session = z.object({ userCtx: z.object({ name: z.string().nullable(), roles: z.array(z.string()) }) });

/**
 * The second CouchDB the nightly backup replicates into (BACKUP_COUCHDB_URL, server/ops/backup-couch.ts): it answers,
 * takes the address's name and password, and they are an administrator's (a copy creates databases). Only reads.
 */
export const backupCouchCheck = async (url: string): Promise<Finding> => {
  const where = targetName(url);
  const get = async (pathname: string) => {
    const { href, headers } = couchRequest(`${url.endsWith('/') ? url : `${url}/`}${pathname}`);
    return withinTime(fetch(href, { headers }), probeMs).catch(() => null);
  };
  const root = await get('');
  if (!root) return fix('backup-couch', `Резервная CouchDB ${where} не отвечает: проверьте адрес в BACKUP_COUCHDB_URL, что она запущена и что эта машина до неё достаёт (брандмауэр, порт)`);
  const answer = root.status === 401 ? root : await get('_session');
  if (answer?.status === 401 || answer?.status === 403)
    return fix('backup-couch', `Резервная CouchDB ${where} не принимает имя и пароль из BACKUP_COUCHDB_URL: исправьте их (http://имя:пароль@адрес:5984) в /etc/shop/shop.env`);
  const who = answer?.ok ? session.safeParse(await answer.json().catch(() => null)) : null;
  if (!who?.success) return fix('backup-couch', `${where} по адресу BACKUP_COUCHDB_URL отвечает, но не как CouchDB: проверьте адрес (нужен корень CouchDB, обычно порт 5984)`);
  const { name, roles } = who.data.userCtx;
  if (!roles.includes('_admin'))
    return fix('backup-couch', `Пользователь ${name ?? '(без имени)'} резервной CouchDB ${where} не администратор: копия создаёт базы, укажите в BACKUP_COUCHDB_URL администратора`);
  return ok('backup-couch', `Резервная CouchDB ${where} отвечает, имя и пароль приняты`);
};

/**
 * The backup targets: a second CouchDB that answers and takes its credentials; the backup folder there (or can be
 * made), writable, and holding an archive younger than a day.
 */
export const backupChecks = async (config: Pick<ShopConfig, 'backup' | 'mode'>, o: DoctorOptions): Promise<Finding[]> => {
  const { dir, key, couchUrl } = config.backup;
  if (!dir && !couchUrl) return [fix('backup', 'Резервные копии выключены (BACKUP_DIR=off, BACKUP_COUCHDB_URL не задан): задайте BACKUP_DIR — папку на другом диске или машине — или BACKUP_COUCHDB_URL')];
  const found: Finding[] = couchUrl ? [await backupCouchCheck(couchUrl)] : [];
  if (!dir) return found;
  const probe = path.join(dir, `.doctor-${process.pid}-${Date.now()}`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(probe, 'проверка записи');
    await fs.rm(probe);
    found.push(ok('backup-target', `Папка копий ${dir} доступна для записи`));
  } catch (e) {
    await fs.rm(probe, { force: true }).catch(() => undefined);
    return [fix('backup-target', `В папку копий ${dir} нельзя записать (${(e as NodeJS.ErrnoException).code ?? String(e)}): проверьте, что диск подключён и у пользователя магазина есть права`)];
  }
  const archives = (await fs.readdir(dir)).filter((n) => /^shop-.*\.fsbk$/.test(n));
  const ages = await Promise.all(archives.map(async (n) => (await fs.stat(path.join(dir, n))).mtimeMs));
  const newest = ages.length ? Math.max(...ages) : null;
  const now = o.now ?? Date.now();
  if (newest === null) found.push(warn('backup-age', `В ${dir} ещё нет ни одной копии: первая будет сделана ночью в ${config.backup.at} (МСК); проверьте утром`));
  else if (now - newest > backupStaleMs)
    found.push(fix('backup-age', `Последней копии в ${dir} ${Math.floor((now - newest) / hourMs)} ч: ночные копии не делаются — смотрите журнал магазина («backup») и /admin`));
  else found.push(ok('backup-age', `Последней копии ${Math.max(0, Math.floor((now - newest) / hourMs))} ч`));
  found.push(key ? ok('backup-key', 'Копии шифруются (BACKUP_KEY задан)') : warn('backup-key', 'BACKUP_KEY не задан: в копиях имена и телефоны клиентов лежат без шифрования; задайте ключ и храните его отдельно от копий'));
  found.push(await diskCheck('backup-disk', 'Диск копий', dir, o));
  return found;
};

/** What the environment says, before anything is asked of a disk or a server. */
export const settingChecks = (config: ShopConfig): Finding[] => {
  const found: Finding[] = [];
  found.push(config.mode === 'production' ? ok('mode', 'Режим production') : fix('mode', 'SHOP_MODE=demo: коды входа видны в журнале и на /api/dev/last-code. Уберите SHOP_MODE или задайте production'));
  const origin = config.publicOrigin;
  if (!origin) found.push(fix('origin', 'Не задан PUBLIC_ORIGIN (например https://cvety.example): с него начинаются ссылки, sitemap.xml и QR-код входа'));
  else if (!origin.startsWith('https://')) found.push(fix('origin', `PUBLIC_ORIGIN=${origin}: магазин должен открываться по https — иначе коды входа и сессии идут открытым текстом`));
  else found.push(ok('origin', `Адрес магазина ${origin}`));
  found.push(config.secureCookies ? ok('cookies', 'Куки сессий только по https (SECURE_COOKIES=1)') : fix('cookies', 'SECURE_COOKIES не равен 1: куку сессии браузер отправит и по http. Задайте SECURE_COOKIES=1 (магазин за https)'));
  found.push(config.trustProxy === false ? warn('proxy', 'TRUST_PROXY не задан: за прокси все покупатели для магазина — один адрес, и лимиты входа сработают на всех сразу. Задайте TRUST_PROXY=1 (или адрес прокси)') : ok('proxy', `Прокси, которому верим: ${String(config.trustProxy)}`));
  found.push(config.metricsToken ? ok('metrics', 'METRICS_TOKEN задан: Prometheus читает /metrics с ним') : fix('metrics', 'Не задан METRICS_TOKEN: Prometheus не сможет читать /metrics (без него — только администратор в браузере). Задайте длинную случайную строку'));
  return found;
};

/** The running shop's own answer: whether it reaches its store, and whether an SMS gateway is saved in its settings. */
const shopHealth = async (url: string) => {
  const answer = await withinTime(fetch(`${url.replace(/\/+$/, '')}/api/health`), probeMs * 2).catch(() => null);
  if (!answer) return null;
  const parsed = healthAnswer.safeParse(await answer.json().catch(() => null));
  return parsed.success ? parsed.data : null;
};

export const runDoctor = async (env: NodeJS.ProcessEnv, o: DoctorOptions = {}): Promise<Finding[]> => {
  let config: ShopConfig;
  try {
    config = defaultConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return [fix('config', e.message.split('\n')[0] ?? e.message)];
    throw e;
  }
  const found = settingChecks(config);
  const url = o.shopUrl ?? `http://127.0.0.1:${config.port}`;
  const health = await shopHealth(url);
  if (!health) found.push(fix('shop', `Магазин не отвечает на ${url}/api/health: он запущен? (systemctl status shop@1)`));
  else if (!health.ok) found.push(fix('shop', `Магазин не достаёт до базы: ${health.message}`));
  else found.push((health.status === 'ok' ? ok : warn)('shop', `Магазин отвечает на ${url}: ${health.status === 'ok' ? 'всё в порядке' : 'есть предупреждения, см. ниже'}`));

  if (config.smsGatewayUrl) found.push(ok('sms', 'SMS-шлюз задан (SMS_GATEWAY_URL)'));
  else if (health?.ok && health.sms === 'gateway') found.push(ok('sms', 'SMS-шлюз задан в настройках магазина'));
  else found.push(fix('sms', 'SMS-шлюз не задан: коды входа не дойдут, а в режиме production магазин не запустится. Задайте SMS_GATEWAY_URL и SMS_GATEWAY_TOKEN'));

  if (config.couchUrl) {
    const quorum = await couchQuorum(config.couchUrl);
    if (quorum === 'ok') found.push(ok('couchdb', 'CouchDB: все узлы кластера на связи'));
    else if (quorum === 'short') found.push(warn('couchdb', 'CouchDB: один узел кластера недоступен — записи идут (2 копии из 3), но ещё одна потеря остановит заказы. Поднимите узел'));
    else if (quorum === 'lost') found.push(fix('couchdb', 'CouchDB: доступно меньше половины узлов — заказы не принимаются (503). Поднимите узлы кластера'));
    else found.push(fix('couchdb', 'CouchDB не отвечает по COUCHDB_URL (или не отдаёт _up и _membership): проверьте адрес, пароль и что узел запущен'));
  } else {
    found.push(warn('couchdb', `COUCHDB_URL не задан: данные в ${config.dataDir} на одной машине, второй сервер приложения не подключить. Для двух серверов нужен кластер CouchDB (docs/PRODUCTION.md)`));
    found.push(await diskCheck('data-disk', 'Диск данных', config.dataDir, o));
  }
  found.push(...(await backupChecks(config, o)));
  return found;
};

const marks: Record<Level, string> = { ok: '✓', warn: '!', fix: '✗' };

/** The report as a person reads it, and whether anything must be fixed. */
export const doctorReport = (found: Finding[]): { text: string; mustFix: boolean } => {
  const mustFix = found.some((f) => f.level === 'fix');
  const lines = found.map((f) => `${marks[f.level]} ${f.message}`);
  const fixes = found.filter((f) => f.level === 'fix').length;
  const warns = found.filter((f) => f.level === 'warn').length;
  lines.push('', mustFix ? `Нужно исправить: ${fixes}; предупреждений: ${warns}.` : warns ? `Исправлять нечего; предупреждений: ${warns}.` : 'Всё в порядке.');
  return { text: lines.join('\n'), mustFix };
};

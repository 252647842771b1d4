import path from 'node:path';
import { onlineHoldMinutes } from '../schema/shop/online-payment';
import { devicePrintHoldMs } from '../schema/studio/receipts/counter-print';
import { phone } from '../schema/shared/phone';
import { parsePublicOrigin } from './seo/public-origin';
import type { OutsideReach } from './http/outside-request';
import { isLogLevel, logLevels, type LogLevel } from './ops/log';

/**
 * How the shop runs. `demo`: codes are printed to the log and readable at /api/dev/last-code (README's
 * `npm start`, tests). `production`: codes only by SMS; the server refuses to start without a gateway.
 * An unset SHOP_MODE is production, so a forgotten setting never hands out codes.
 */
type ShopMode = 'demo' | 'production';

/**
 * Long-polls are answered within `longpollMs` whatever `timeout` asks, heartbeats come no oftener than
 * `heartbeatFloorMs`, and one address holds at most `longpollsPerClient` at once (server/db/gateway-reads.ts). The
 * shop's own client never long-polls (it waits for the SSE signal, then asks briefly); these bound what anyone else can hold open.
 */
export interface GatewayLimits {
  longpollMs: number;
  heartbeatFloorMs: number;
  longpollsPerClient: number;
}

/** Everything the server reads from its environment, with the defaults a single studio machine needs. */
export interface ShopConfig {
  mode: ShopMode;
  port: number;
  /** LevelDB files live here unless couchUrl is set. */
  dataDir: string;
  /** An Apache CouchDB (or any CouchDB-compatible server) that holds every database instead of dataDir. */
  couchUrl?: string;
  /** Where the built client lives. */
  distDir: string;
  /** HTTP endpoint of the SMS provider; in demo mode without it codes go to the log and /api/dev/last-code. */
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  /** Express's `trust proxy`: which peers may name the client in X-Forwarded-For. false: nobody. */
  trustProxy: boolean | number | string;
  /** Cookies get `Secure` when the shop is served over https. */
  secureCookies: boolean;
  codeTtlMs: number;
  codeCooldownMs: number;
  /** Codes compared per code, right or wrong. */
  codeMaxTries: number;
  /** Wrong codes one phone may try per day (UTC) and per 30-day period, across all its codes. */
  guessesPerPhonePerDay: number;
  guessesPerPhonePer30Days: number;
  /** Codes sent to one phone per 24 hours. */
  codesPerPhonePerDay: number;
  /** Code requests allowed from one client address per hour and per 24 hours. */
  loginsPerIpPerHour: number;
  loginsPerIpPerDay: number;
  /** Code checks (/api/phone-verify) from one client address per hour. */
  verifiesPerIpPerHour: number;
  /** Codes the whole shop sends per hour: the ceiling of what SMS pumping can cost. */
  codesPerHour: number;
  sessionTtlMs: number;
  /** New orders one customer may place per hour: each takes stock off the shelf. */
  ordersPerCustomerPerHour: number;
  /** Payment notifications one address may send per 10 minutes: each costs a call to the provider's API. */
  paymentNotificationsPerIp: number;
  /** Catalogue pictures one person may upload per 10 minutes, on all app servers together: each costs a decode. */
  uploadsPerPersonPer10Min: number;
  /** Orders of one customer not yet confirmed by the studio (all are paid on delivery): a script cannot empty the shelves. */
  unconfirmedOrdersPerCustomer: number;
  /** Made an admin at every start (ADMIN_PHONE): the first admin of a shop without demo data. */
  adminPhone?: string;
  seed: boolean;
  /**
   * With the demo data, the demo's bouquets by tech card and the stems that make them (server/seed/recipes.ts);
   * SEED_RECIPES=0 leaves them out. Unset: as `seed`. Test shops leave them out unless a test asks: their books start empty.
   */
  seedRecipes?: boolean;
  quiet: boolean;
  /** Whether every /api answer is checked against the contract (schema/shared/api-contract.ts); unset: outside production mode. */
  checkAnswers?: boolean;
  /** The shop's public address (PUBLIC_ORIGIN) for every absolute link; unset: http://localhost:{port} (demo). */
  publicOrigin?: string;
  /** YooKassa's shop id and secret key (YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY); without them online payment is not offered. */
  yookassa?: YookassaSettings;
  /** Staff pushes may go to http://127.0.0.1 (the tests' push-service stand-in); production sends to https only. */
  pushStandInOnLoopback?: boolean;
  /** Pauses before a push tried again after a 5xx or no answer (tests make them short). */
  pushRetryMs?: readonly number[];
  /** How often every app server sends the customers' due SMS notices (server/notices/); tests make it short. */
  noticeEveryMs: number;
  /** The first pause before a notice the gateway refused is tried again; it doubles with each try (at most 15 minutes). */
  noticeRetryMs: number;
  /** How long an order chosen to be paid online holds its units unpaid (ONLINE_PAYMENT_HOLD_MINUTES). */
  onlineHoldMs: number;
  /**
   * Where fiscal receipts go (issue 30): ATOL Online v5 (ATOL_LOGIN, ATOL_PASSWORD, ATOL_GROUP, ATOL_API_URL) or
   * YooKassa's receipts (RECEIPTS_PROVIDER=yookassa, with its keys above). Unset: receipts wait in the queue (demo mode
   * sends them to the ATOL stand-in). Credentials stay here: never in a database a device reads, never in the log.
   */
  receipts?: ReceiptsReach;
  /** How often each app server looks for receipts to send, and the first retry's pause (RECEIPTS_EVERY_MS, 2000). */
  receiptsEveryMs?: number;
  /**
   * How long at most, with the register on the counter, a receipt its staff device said it prints (the payment's command
   * `printedHere`) waits for the print's record after it was queued before the server sends it itself
   * (RECEIPTS_DEVICE_HOLD_MS; schema/studio/receipts/counter-print.ts `devicePrintHoldMs`, 24 h).
   */
  receiptsDeviceHoldMs?: number;
  /** Nightly backups (issue 31): where, when, how many, with what key; without `dir` none are taken. */
  backup: BackupSettings;
  /**
   * How long a stopping app server keeps serving, each answer closing its connection, before it stops taking
   * connections (STOP_GRACE_MS, 5000): longer than the proxy keeps an idle connection (ops/nginx/shop.conf, 4 s), so
   * none is left idle to race its close (server/http/drain.ts). Test shops stop at once.
   */
  stopGraceMs: number;
  /** LOG_LEVEL: what reaches stdout (server/ops/log.ts reads it at load; checked here so a typo refuses to start). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: a scraper may read /metrics with `Authorization: Bearer` it; unset, only an admin's session may. */
  metricsToken?: string;
  /** Tests only (no environment variable sets it): the resolver of Posiflora's names, and the stand-in on 127.0.0.1. */
  posiflora?: OutsideReach;
  /** Tests only: the clock the books' rules judge a write by (a fact's day, server/days/rules.ts); unset, the real one. */
  booksClock?: () => number;
  /** Tests only: the bounds of long-polls (server/db/gateway-reads.ts), shorter so a test of the cap need not wait 30 s. */
  gatewayLimits?: GatewayLimits;
  /** Tests only: the data version this code claims (server/ops/data-version.ts), to play an older or a newer release. */
  dataVersion?: number;
  /** Tests only: how often a running server reads the store's data version besides following its changes feed (60 s unless set). */
  dataVersionEveryMs?: number;
}

export interface YookassaSettings {
  shopId: string;
  secretKey: string;
  /** YOOKASSA_API_URL: the API's root, the real one unless tests point it at the stand-in. */
  apiUrl: string;
}

export type ReceiptsReach =
  | { provider: 'atol'; apiUrl: string; login: string; password: string; group: string; timeoutMs?: number }
  | { provider: 'yookassa'; timeoutMs?: number };

export interface BackupSettings {
  /** BACKUP_DIR: a folder (a mounted disk of another machine, ideally); production's default is `<DATA_DIR>-backups`; BACKUP_DIR=off: none. */
  dir?: string;
  /** BACKUP_AT: the Moscow time of the nightly backup, «03:00» unless set. */
  at: string;
  /** BACKUP_KEEP: how many archives stay in the folder, 14 unless set. */
  keep: number;
  /** BACKUP_KEY: archives are encrypted with it (AES-256-GCM); without it they are only compressed. */
  key?: string;
  /** BACKUP_COUCHDB_URL: a second CouchDB (credentials in the address) the nightly backup replicates every database into. */
  couchUrl?: string;
}

const readBackup = (env: NodeJS.ProcessEnv, mode: ShopMode, dataDir: string): BackupSettings => {
  const at = env.BACKUP_AT || '03:00';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at)) throw new ConfigError(`BACKUP_AT=${at}: нужно время ЧЧ:ММ по Москве / must be HH:MM, Moscow time`);
  const dir = env.BACKUP_DIR === 'off' ? undefined : env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : mode === 'production' ? `${dataDir}-backups` : undefined;
  const couchUrl = env.BACKUP_COUCHDB_URL || undefined;
  if (couchUrl && !/^https?:\/\//.test(couchUrl)) throw new ConfigError('BACKUP_COUCHDB_URL: нужен адрес http(s)://… / must be an http(s) address');
  return { dir, at, keep: Math.max(1, int(env.BACKUP_KEEP, 14)), key: env.BACKUP_KEY || undefined, couchUrl };
};

/** A setting the server cannot run with: main.ts prints it and exits non-zero. */
export class ConfigError extends Error {}

const readMode = (value: string | undefined): ShopMode => {
  if (value === undefined || value === '' || value === 'production') return 'production';
  if (value === 'demo') return 'demo';
  throw new ConfigError(`SHOP_MODE=${value}: допустимо demo или production / must be demo or production`);
};

/** TRUST_PROXY: unset or `false` trusts nobody; a hop count (`1`); or addresses, subnets and names Express knows. */
const readTrustProxy = (value: string | undefined): boolean | number | string => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') throw new ConfigError('TRUST_PROXY=true поверил бы любому X-Forwarded-For: укажите адреса прокси или число прокси / would believe any X-Forwarded-For: name the proxies or their count');
  if (/^\d+$/.test(value)) return Number(value);
  return value;
};

/** ADMIN_PHONE: a Russian mobile, however typed. */
const readAdminPhone = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const parsed = phone.safeParse(value);
  if (!parsed.success) throw new ConfigError(`ADMIN_PHONE=${value}: нужен мобильный номер +7 9XX / must be a Russian mobile number`);
  return parsed.data;
};

/** Both keys or neither: half a setting is a mistake, not a shop without online payment. */
const readYookassa = (env: NodeJS.ProcessEnv): YookassaSettings | undefined => {
  const shopId = env.YOOKASSA_SHOP_ID ?? '';
  const secretKey = env.YOOKASSA_SECRET_KEY ?? '';
  if (!shopId && !secretKey) return undefined;
  if (!shopId || !secretKey) throw new ConfigError('Задайте оба параметра ЮKassa: YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY / set both YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY');
  return { shopId, secretKey, apiUrl: (env.YOOKASSA_API_URL || 'https://api.yookassa.ru/v3').replace(/\/+$/, '') };
};

/** ATOL's three keys or none; RECEIPTS_PROVIDER=yookassa needs YooKassa's keys. */
const readReceipts = (env: NodeJS.ProcessEnv, yookassa: YookassaSettings | undefined): ReceiptsReach | undefined => {
  if (env.RECEIPTS_PROVIDER === 'yookassa') {
    if (!yookassa) throw new ConfigError('RECEIPTS_PROVIDER=yookassa: задайте ключи ЮKassa / set YooKassa keys');
    return { provider: 'yookassa' };
  }
  const login = env.ATOL_LOGIN ?? '';
  const password = env.ATOL_PASSWORD ?? '';
  const group = env.ATOL_GROUP ?? '';
  if (!login && !password && !group) return undefined;
  if (!login || !password || !group) throw new ConfigError('Задайте ATOL_LOGIN, ATOL_PASSWORD и ATOL_GROUP вместе / set all three ATOL keys');
  return { provider: 'atol', login, password, group, apiUrl: (env.ATOL_API_URL || 'https://online.atol.ru/possystem/v5').replace(/\/+$/, '') };
};

const readHoldMinutes = (value: string | undefined): number => {
  const minutes = Number(value || onlineHoldMinutes);
  if (!(minutes > 0)) throw new ConfigError(`ONLINE_PAYMENT_HOLD_MINUTES=${value}: нужно число минут больше нуля / must be a positive number of minutes`);
  return minutes;
};

const readLogLevel = (value: string | undefined): LogLevel => {
  if (!value) return 'info';
  if (!isLogLevel(value)) throw new ConfigError(`LOG_LEVEL=${value}: допустимо ${logLevels.join(', ')} / must be one of them`);
  return value;
};

const int = (value: string | undefined, fallback: number): number => (value === undefined || value === '' ? fallback : Number(value));

export const defaultConfig = (env: NodeJS.ProcessEnv = process.env): ShopConfig => {
  const mode = readMode(env.SHOP_MODE);
  return {
    mode,
    port: int(env.PORT, 3000),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    couchUrl: env.COUCHDB_URL || undefined,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    secureCookies: env.SECURE_COOKIES === '1',
    codeTtlMs: 5 * 60_000,
    codeCooldownMs: int(env.CODE_COOLDOWN_MS, 60_000),
    codeMaxTries: 5,
    guessesPerPhonePerDay: 10,
    guessesPerPhonePer30Days: 30,
    codesPerPhonePerDay: int(env.CODES_PER_PHONE_PER_DAY, 6),
    loginsPerIpPerHour: int(env.LOGINS_PER_IP_PER_HOUR, 30),
    loginsPerIpPerDay: int(env.LOGINS_PER_IP_PER_DAY, 100),
    verifiesPerIpPerHour: int(env.VERIFIES_PER_IP_PER_HOUR, 60),
    codesPerHour: int(env.CODES_PER_HOUR, 300),
    sessionTtlMs: 30 * 24 * 3600_000,
    ordersPerCustomerPerHour: int(env.ORDERS_PER_HOUR, 20),
    unconfirmedOrdersPerCustomer: int(env.UNCONFIRMED_ORDERS, 3),
    paymentNotificationsPerIp: int(env.PAYMENT_NOTIFICATIONS_PER_IP, 300),
    uploadsPerPersonPer10Min: int(env.UPLOADS_PER_10_MIN, 60),
    adminPhone: readAdminPhone(env.ADMIN_PHONE),
    // Demo staff phones would be real people's numbers in a real shop: production seeds only when asked to.
    seed: env.SEED === undefined || env.SEED === '' ? mode === 'demo' : env.SEED !== '0',
    ...(env.SEED_RECIPES === '0' ? { seedRecipes: false } : {}),
    quiet: env.QUIET === '1',
    publicOrigin: env.PUBLIC_ORIGIN ? parsePublicOrigin(env.PUBLIC_ORIGIN) : undefined,
    yookassa: readYookassa(env),
    receipts: readReceipts(env, readYookassa(env)),
    receiptsEveryMs: int(env.RECEIPTS_EVERY_MS, 2000),
    receiptsDeviceHoldMs: int(env.RECEIPTS_DEVICE_HOLD_MS, devicePrintHoldMs),
    noticeEveryMs: 10_000,
    noticeRetryMs: 30_000,
    onlineHoldMs: readHoldMinutes(env.ONLINE_PAYMENT_HOLD_MINUTES) * 60_000,
    backup: readBackup(env, mode, path.resolve(env.DATA_DIR ?? './data')),
    stopGraceMs: int(env.STOP_GRACE_MS, 5000),
    logLevel: readLogLevel(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN || undefined,
  };
};

/** What a shop cannot start with. Checked before anything is opened. */
export const checkConfig = (config: ShopConfig): void => {
  if (config.mode === 'production' && !config.smsGatewayUrl) {
    throw new ConfigError(
      'Не задан SMS_GATEWAY_URL: без него коды входа некуда отправлять. Для демонстрации запустите с SHOP_MODE=demo (npm start).\n' +
        'SMS_GATEWAY_URL is not set: sign-in codes have nowhere to go. For a demo, start with SHOP_MODE=demo (npm start).',
    );
  }
  if (config.mode === 'production' && !config.publicOrigin) {
    throw new ConfigError(
      'Не задан PUBLIC_ORIGIN (например https://cvety.example): с него начинаются ссылки в sitemap.xml, canonical и QR-коде входа.\n' +
        'PUBLIC_ORIGIN is not set (e.g. https://cvety.example): links in sitemap.xml, canonical and the QR sign-in start with it.',
    );
  }
};

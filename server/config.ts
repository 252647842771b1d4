import path from 'node:path';
import { parsePublicOrigin } from './seo/public-origin';

/** Everything the server reads from its environment, with the defaults a single studio machine needs. */
export interface ShopConfig {
  port: number;
  /** LevelDB files live here unless couchUrl is set. */
  dataDir: string;
  /** An Apache CouchDB (or any CouchDB-compatible server) that holds every database instead of dataDir. */
  couchUrl?: string;
  /** Where the built client lives. */
  distDir: string;
  /** HTTP endpoint of the SMS provider; without it codes go to the log and /api/dev/last-code. */
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  /** Cookies get `Secure` when the shop is served over https. */
  secureCookies: boolean;
  codeTtlMs: number;
  codeCooldownMs: number;
  codeMaxTries: number;
  /** Code requests allowed from one IP address per hour. */
  loginsPerIpPerHour: number;
  sessionTtlMs: number;
  /** New orders one customer may place per hour: each takes stock off the shelf. */
  ordersPerCustomerPerHour: number;
  seed: boolean;
  quiet: boolean;
  /** The shop's public address (PUBLIC_ORIGIN) for every absolute link; unset: http://localhost:{port} (demo). */
  publicOrigin?: string;
}

export const defaultConfig = (env: NodeJS.ProcessEnv = process.env): ShopConfig => ({
  port: Number(env.PORT ?? 3000),
  dataDir: path.resolve(env.DATA_DIR ?? './data'),
  couchUrl: env.COUCHDB_URL || undefined,
  distDir: path.resolve(env.DIST_DIR ?? './dist'),
  smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
  smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
  secureCookies: env.SECURE_COOKIES === '1',
  codeTtlMs: 5 * 60_000,
  codeCooldownMs: Number(env.CODE_COOLDOWN_MS ?? 60_000),
  codeMaxTries: 5,
  loginsPerIpPerHour: Number(env.LOGINS_PER_IP_PER_HOUR ?? 30),
  sessionTtlMs: 30 * 24 * 3600_000,
  ordersPerCustomerPerHour: Number(env.ORDERS_PER_HOUR ?? 20),
  seed: env.SEED !== '0',
  quiet: env.QUIET === '1',
  publicOrigin: env.PUBLIC_ORIGIN ? parsePublicOrigin(env.PUBLIC_ORIGIN) : undefined,
});

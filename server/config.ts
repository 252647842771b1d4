import path from 'node:path';
import { phone } from '../schema/phone';

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
  /** Orders of one customer not yet confirmed by the studio (all are paid on delivery): a script cannot empty the shelves. */
  unconfirmedOrdersPerCustomer: number;
  /** Made an admin at every start (ADMIN_PHONE): the first admin of a shop without demo data. */
  adminPhone?: string;
  seed: boolean;
  quiet: boolean;
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
  unconfirmedOrdersPerCustomer: Number(env.UNCONFIRMED_ORDERS ?? 3),
  adminPhone: env.ADMIN_PHONE ? phone.parse(env.ADMIN_PHONE) : undefined,
  seed: env.SEED !== '0',
  quiet: env.QUIET === '1',
});

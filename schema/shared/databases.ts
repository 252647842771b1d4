import type { Tier } from './entity';
import { levelOf, reaches, type Level, type User } from './user';

/**
 * The databases browsers replicate through /db, with who may pull (read) and push (write) each.
 * CouchDB secures reads per database, never per document, so data is placed by who may read it.
 * push null: nobody pushes, the server writes it through /api. Where push is a level, each pushed document is
 * still checked by the database's push rule on the server (office: the registry's `can` per document).
 */
export const dbAccess = {
  /** Products; everyone pulls, staff change them through /api/items/update. */
  catalog: { read: 'guest', push: null },
  /** Info and CMS pages; everyone pulls, admins change them through /api/pages/update. */
  pages: { read: 'guest', push: null },
  /** Calendar events; staff push and pull. */
  events: { read: 'florist', push: 'florist' },
  /** The office tier: back-office records every staff member reads (tasks, couriers, …), one envelope per document. */
  office: { read: 'florist', push: 'florist' },
  /**
   * Orders as staff see them (issue 10): every order delivered from 7 days back on, with the studio's side and
   * history; the server writes it, staff devices pull it into the same `orders` collection customers fill from
   * `orders-{phone}`. Staff change orders only by commands.
   */
  'studio-orders': { read: 'florist', push: null },
} as const satisfies Record<string, { read: Level; push: Level | null }>;
type SyncedDatabase = keyof typeof dbAccess;

/** The same names, for code that only needs to know which databases exist. */
export const syncedDatabases = Object.fromEntries(Object.keys(dbAccess).map((k) => [k, k])) as { [K in SyncedDatabase]: K };

/**
 * Where each tier's records are stored. `office` is replicated (above); `admin` is server-only: it never appears in
 * /db and is read online through the record API, so admin-only data is never copied to a florist's device.
 * Every office entity is read by exactly `dbAccess.office.read` (schema/entities/registry.test.ts): a florist pulls
 * the whole office database, so an entity fewer may read belongs in the admin tier.
 */
export const tierDatabases = { office: 'office', admin: 'admin' } as const satisfies Record<Tier, string>;

/**
 * One customer's own orders, readable only by that customer and admins, written by the server. Other staff read
 * orders through `studio-orders` (the studio window): a florist reading every customer's database would hold the
 * admin-only client list (DECISIONS «What a florist sees»).
 */
export const customerOrdersDb = (phone: string): string => `orders-${phone}`;
const customerDb = /^orders-(7\d{10})$/;

/** Whether a database name is one customer's own orders. */
export const isCustomerOrdersDb = (name: string): boolean => customerDb.test(name);

/** Whether /db serves this database at all. Server-only ones (auth, users, orders, counters, admin) are never served. */
export const isServedDb = (name: string): boolean => Object.hasOwn(dbAccess, name) || customerDb.test(name);

export const canReadDb = (user: User | null | undefined, name: string): boolean => {
  const own = customerDb.exec(name);
  if (own) return !!user && (user.phone === own[1] || reaches(levelOf(user), 'admin'));
  return Object.hasOwn(dbAccess, name) && reaches(levelOf(user), dbAccess[name as SyncedDatabase].read);
};

/** Whether the user may push to the database at all; the database's push rule then checks each document. */
export const canPushDb = (user: User | null | undefined, name: string): boolean => {
  if (!Object.hasOwn(dbAccess, name)) return false;
  const push: Level | null = dbAccess[name as SyncedDatabase].push;
  return push !== null && reaches(levelOf(user), push);
};

/**
 * Documents a device pushes in one request. Fewer, larger requests push faster (npm run bench), but the office
 * database also carries order commands with the bouquet's photo (up to 1.5 MB each, schema/studio/orders/order-command.ts), so its
 * pushes go a few at a time and the gateway's body limit for them is sized from this.
 */
export const pushBatchOf = (db: string): number => (db === 'office' ? 4 : 200);

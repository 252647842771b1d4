import type { Level, User } from '../schema/user';
import { levelOf, reaches } from '../schema/user';
import { syncedDatabases } from '../schema/databases';

/**
 * Who may call what. Every /api route is registered through this table (server/http/route.ts),
 * so a route missing here cannot exist, and server/access.test.ts walks it for every role.
 * 'customer' means any signed-in user; 'florist' any staff member (florist, manager, admin).
 */
export const apiAccess = {
  'POST /api/login': 'guest',
  'POST /api/phone-verify': 'guest',
  'GET /api/user': 'guest',
  'POST /api/user': 'guest',
  'POST /api/logout': 'guest',
  'POST /api/user-update': 'customer',
  'POST /api/qr-login': 'guest',
  'POST /api/qr-device': 'customer',
  'POST /api/qr-verify': 'customer',
  'GET /api/dev/last-code': 'guest',
  'POST /api/info/notify': 'guest',
  'GET /api/sync/stream': 'guest',
  'POST /api/items/list': 'guest',
  'POST /api/items/get': 'guest',
  'POST /api/items/get-art': 'guest',
  'POST /api/items/get-list': 'guest',
  'POST /api/items/catalog': 'guest',
  'POST /api/items/update': 'florist',
  'POST /api/items/delete': 'manager',
  'POST /api/refs/search-item': 'florist',
  'POST /api/pages/get': 'guest',
  'POST /api/pages/list': 'guest',
  'POST /api/pages/update': 'admin',
  'POST /api/events/list': 'florist',
  'POST /api/events/update': 'florist',
  'POST /api/events/delete': 'florist',
  'POST /api/clients/list': 'admin',
  'POST /api/orders/create': 'customer',
  'POST /api/orders/list': 'florist',
  'POST /api/orders/update-status': 'florist',
} as const satisfies Record<string, Level>;
export type ApiRoute = keyof typeof apiAccess;

/** Who may pull (read) and push (write) each database of /db. null: nobody pushes, the server writes it. */
export const dbAccess: Record<keyof typeof syncedDatabases, { read: Level; write: Level | null }> = {
  catalog: { read: 'guest', write: null },
  pages: { read: 'guest', write: null },
  events: { read: 'florist', write: 'florist' },
};

/** A customer's own database: `orders-79991234567` is read by that customer and by staff, written by the server only. */
const ownDb = /^orders-(7\d{10})$/;

export const canReadDb = (user: User | null, name: string): boolean => {
  const own = ownDb.exec(name);
  if (own) return !!user && (user.phone === own[1] || reaches(levelOf(user), 'florist'));
  const rule = Object.hasOwn(dbAccess, name) ? dbAccess[name as keyof typeof dbAccess] : null;
  return !!rule && reaches(levelOf(user), rule.read);
};

export const canWriteDb = (user: User | null, name: string): boolean => {
  const rule = Object.hasOwn(dbAccess, name) ? dbAccess[name as keyof typeof dbAccess] : null;
  return !!rule?.write && reaches(levelOf(user), rule.write);
};

import type { EntityDefinition } from './entity';
import { entities, type AnyEntity } from '../entities';
import { voidFact } from '../entities/void';
import { voidableEntities } from './voids';
import { levelOf, reaches, type Level, type User } from './user';

/**
 * Who may call which /api route. The server registers routes only through this table (server/http/route.ts), so a
 * route without a rule cannot exist. 'customer' means any signed-in user; 'florist' any staff member.
 * The record API's routes are not listed: they come from the registry (recordRoutes below).
 */
export const apiRoutes = {
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
  'GET /api/health': 'guest',
  /** The shop's backups (issue 31): when the last was made, and one now. */
  'POST /api/backups/status': 'admin',
  'POST /api/backups/run': 'admin',
  'POST /api/items/list': 'guest',
  'POST /api/items/get': 'guest',
  'POST /api/items/get-art': 'guest',
  'POST /api/items/get-list': 'guest',
  'POST /api/items/catalog': 'guest',
  'POST /api/items/update': 'florist',
  'POST /api/items/delete': 'manager',
  'POST /api/items/upload-image': 'florist',
  'POST /api/refs/search-item': 'florist',
  'POST /api/pages/get': 'guest',
  'POST /api/pages/list': 'guest',
  'POST /api/pages/update': 'admin',
  /** Drafts of the page editors (issue 22, item 1): server-only until published by /api/pages/update. */
  'POST /api/pages/draft': 'admin',
  'POST /api/pages/drafts': 'admin',
  'POST /api/profile/get': 'guest',
  'POST /api/profile/update': 'admin',
  'POST /api/catalog-setup/get': 'guest',
  'POST /api/catalog-setup/update': 'florist',
  'POST /api/home-copy/get': 'guest',
  'POST /api/home-copy/update': 'florist',
  /** The site's menu and footer links (issue 22, item 2): admins only; shoppers read them with the pages store. */
  'POST /api/navigation/get': 'admin',
  'POST /api/navigation/update': 'admin',
  /** The shop's settings (issue 21, item 5): the public part for everyone, the SMS gateway for admins only. */
  'POST /api/settings/get': 'guest',
  'POST /api/settings/update': 'admin',
  'POST /api/settings/sms-get': 'admin',
  'POST /api/settings/sms-update': 'admin',
  'POST /api/settings/sms-test': 'admin',
  /** Fiscal receipts (issue 30): VAT and tax system for admins; staff read receipts' states (never a buyer's contact). */
  'POST /api/settings/receipts-get': 'admin',
  'POST /api/settings/receipts-update': 'admin',
  'POST /api/receipts/list': 'florist',
  /** A failed receipt sent again under its id (/admin/documents «Отправить снова»), when nothing of it is at a provider. */
  'POST /api/receipts/resend': 'admin',
  /** The counter register's address (never a credential): staff devices print through it while the server is away. */
  'POST /api/receipts/counter-register': 'florist',
  'POST /api/receipts/device-release': 'florist',
  'POST /api/events/list': 'florist',
  'POST /api/events/update': 'florist',
  'POST /api/events/delete': 'florist',
  /** Staff by name (phone and name only), for every staff screen that names a person. */
  'POST /api/staff/list': 'florist',
  /** /admin/staff (issue 20, item 3): staff with roles and last sign-in, add or change, remove, the log of changes. */
  'POST /api/staff/people': 'admin',
  'POST /api/staff/update': 'admin',
  'POST /api/staff/remove': 'admin',
  'POST /api/staff/changes': 'admin',
  /** Who works which day: a «Рабочий день» event in the calendar. */
  'POST /api/staff/workday': 'manager',
  /** /admin/posiflora (issue 22, item 5): the connection, its runs and the orders' archive. Any staff sees the state; an admin connects. */
  'POST /api/posiflora/status': 'florist',
  'POST /api/posiflora/connect': 'admin',
  'POST /api/posiflora/disconnect': 'admin',
  'POST /api/posiflora/run': 'manager',
  'POST /api/posiflora/orders': 'admin',
  'POST /api/clients/import': 'admin',
  'POST /api/clients/export': 'admin',
  'POST /api/clients/merge': 'admin',
  /** A bouquet's tech card made into (or updating) its catalogue item: whoever may edit the card and the catalogue. */
  'POST /api/products/publish': 'florist',
  /** The card's dates with their orders in earlier years and the last recipient (issue 20, item 2). */
  'POST /api/clients/history': 'admin',
  /** What customers owe the studio and the studio its suppliers, by counterparty (issue 21, item 3). */
  'POST /api/debts/list': 'admin',
  /** /admin/charges (issue 27, item 4): each shift close's expected sums beside the server's own, for managers. */
  'POST /api/shift-books/list': 'manager',
  /** /admin/analytics (issue 21, item 4): revenue, margin, write-offs and the rest for a period against the one before. */
  'POST /api/analytics/report': 'admin',
  /** Stock per flower × warehouse and purchase prices, from the ledger of office records (issue 19, item 4). */
  'POST /api/stock/balances': 'florist',
  'POST /api/orders/create': 'customer',
  'POST /api/orders/cancel': 'customer',
  'POST /api/orders/list': 'florist',
  'POST /api/orders/update-status': 'florist',
  'POST /api/orders/command': 'florist',
  'GET /api/photos/:id': 'guest',
  'GET /api/photos/:id/card': 'guest',
  'POST /api/favourites/list': 'customer',
  'POST /api/favourites/change': 'customer',
  /** Whether the signed-in customer is told by SMS what happens to their orders (issue 30): only their own. */
  'POST /api/my/sms-get': 'customer',
  'POST /api/my/sms-set': 'customer',
  'POST /api/staff-push/key': 'florist',
  'POST /api/staff-push/subscribe': 'florist',
  'POST /api/staff-push/unsubscribe': 'florist',
  /** The SMS the customer was sent (or not, and why) about an order, on its page. */
  'POST /api/orders/notices': 'florist',
  'GET /api/payments/offer': 'guest',
  'POST /api/payments/start': 'customer',
  'POST /api/payments/check': 'customer',
  'POST /api/payments/on-delivery': 'customer',
  /** YooKassa's notifications: nobody signs in; the payment is read again from the provider before anything is marked. */
  'POST /api/payments/notification': 'guest',
} as const satisfies Record<string, Level>;

/** The record API's calls, the spec's /api/{entity}/list and its siblings (§7). */
export const recordActions = ['list', 'get', 'update', 'delete'] as const;
export type RecordAction = (typeof recordActions)[number];
export type RecordRoute = `POST /api/${AnyEntity['path']}/${RecordAction}`;
export const recordRoute = <E extends AnyEntity>(entity: E, action: RecordAction) => `POST /api/${entity.path}/${action}` as const;

const lowest = (...ls: Level[]): Level => ls.reduce((a, b) => (reaches(a, b) ? b : a));

/**
 * The least level that can ever succeed on a record call: the route's gate. `can()` then decides per record
 * (an author's `own` actions need only staff; a fact's delete is refused by the service with a reason).
 */
export const recordRouteLevel = (entity: Pick<EntityDefinition, 'access'>, action: RecordAction): Level => {
  const { access } = entity;
  const own = (a: 'update' | 'delete'): Level[] => (access.own?.includes(a) ? ['florist'] : []);
  if (action === 'list' || action === 'get') return access.read;
  if (action === 'update') return lowest(access.create, access.update, ...own('update'));
  return access.delete === null ? lowest(access.read, ...own('delete')) : lowest(access.delete, ...own('delete'));
};

export const recordRoutes = Object.fromEntries(
  Object.values(entities).flatMap((e) => recordActions.map((a) => [recordRoute(e, a), recordRouteLevel(e, a)])),
) as Record<RecordRoute, Level>;

/** `POST /api/{path}/void` `{ id, reason }` (issue 27, item 6): a manager voids a fact of that entity (schema/shared/voids.ts). */
export type VoidRoute = `POST /api/${AnyEntity['path']}/void`;
export const voidRoute = (entity: AnyEntity): VoidRoute => `POST /api/${entity.path}/void`;
export const voidRoutes = Object.fromEntries(voidableEntities.map((e) => [voidRoute(e), voidFact.access.create])) as Record<VoidRoute, Level>;

/** Every /api route and the level it needs. */
export const apiAccess: Record<ApiRoute, Level> = { ...apiRoutes, ...recordRoutes, ...voidRoutes };
export type ApiRoute = keyof typeof apiRoutes | RecordRoute | VoidRoute;

export const mayCall = (user: User | null | undefined, key: ApiRoute): boolean => reaches(levelOf(user), apiAccess[key]);

import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { backOfficeRoutes } from '../schema/shared/back-office-routes';
import { currentUser } from './shared/auth/current-user';
import { adminRouteOf, entityOfScreen, pathScreenRoutes, verdict } from './studio/admin/admin-access';
import type { NoAccess } from './studio/kit/no-access';
import { maySell, mayTakeOrders } from './studio/orders/studio-order/new-order-link';

/**
 * The back-office's route guards (spec §2, §6), fetched by the first /admin navigation with the back-office's chunk:
 * they read the entity registry, whose schemas a shopper's first view has no use for (admin-routes.tsx).
 * - A guest is sent to sign in and brought back (/login?redirect=).
 * - A signed-in user who may not open the screen gets «Недостаточно прав», never «Page not found».
 */
export const guard = (location: ParsedLocation, path: string, entity?: Parameters<typeof verdict>[2]) => {
  const v = verdict(currentUser(), path, entity);
  if (v === 'sign-in') throw redirect({ to: '/login', search: { redirect: location.href } });
  if (v === 'denied') throw notFound({ data: { denied: backOfficeRoutes[path]?.label ?? 'Раздел' } satisfies NoAccess });
};

/** A path under /admin that is no entity screen: the spec route it is, guarded, or «Page not found». */
export const guardSpecRoute = (location: ParsedLocation) => {
  const path = adminRouteOf(location.pathname);
  if (!path) throw notFound();
  guard(location, path);
};

/** /admin/{resource} and /admin/{resource}/{id}: a registry entity's list or record, or another spec route. */
export const guardResource = (location: ParsedLocation, resource: string, action: 'read' | 'create') => {
  const entity = entityOfScreen(resource);
  const own = pathScreenRoutes.find((p) => p === `/admin/${resource}`);
  if (!entity) return own ? guard(location, own) : guardSpecRoute(location);
  guard(location, `/admin/${entity.path}`, { entity, action });
};

/** /admin/orders/new: staff who may take an order by phone or at the counter. */
export const guardNewOrder = (location: ParsedLocation) => {
  guard(location, '/admin/orders');
  if (!mayTakeOrders(currentUser())) throw notFound({ data: { denied: 'Новый заказ' } satisfies NoAccess });
};

/** /admin/orders/counter: staff who may record a counter sale (a florist too). */
export const guardCounterSale = (location: ParsedLocation) => {
  guard(location, '/admin/orders');
  if (!maySell(currentUser())) throw notFound({ data: { denied: 'Продажа в студии' } satisfies NoAccess });
};

import { createRoute, lazyRouteComponent, notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import type { AdminPath } from '../schema/admin-routes';
import { adminRoutes } from '../schema/admin-routes';
import { rootRoute } from './root-route';
import { currentUser } from './features/auth/current-user';
import { adminRouteOf, entityOfScreen, verdict, type NoAccess } from './features/admin/admin-access';
import { listSearch } from './features/admin/list-search';
import { AdminError, AdminNotFound } from './features/admin/admin-error';
import { mayTakeOrders } from './features/studio-order/new-order-link';
import { boardSearch } from './features/orders-board/board-search';

/**
 * The back-office: /admin and everything under it, guarded before anything loads (spec §2, §6).
 * - A guest is sent to sign in and brought back (/login?redirect=).
 * - A signed-in user who may not open the screen gets «Недостаточно прав», never «Page not found».
 * - The registry's entities get the generic list (/admin/{path}) and form (/new, /$id); custom screens win
 *   (features/admin/screens.tsx). A spec route not built yet is guarded all the same and says so.
 */
const guard = (location: ParsedLocation, path: AdminPath, entity?: Parameters<typeof verdict>[2]) => {
  const v = verdict(currentUser(), path, entity);
  if (v === 'sign-in') throw redirect({ to: '/login', search: { redirect: location.href } });
  if (v === 'denied') throw notFound({ data: { denied: adminRoutes[path].label } satisfies NoAccess });
};

/** A path under /admin that is no entity screen: the spec route it is, guarded, or «Page not found». */
const guardSpecRoute = (location: ParsedLocation) => {
  const path = adminRouteOf(location.pathname);
  if (!path) throw notFound();
  guard(location, path);
};

const AdminShell = lazyRouteComponent(() => import('./features/admin/admin-shell'), 'AdminShell');
const Dashboard = lazyRouteComponent(() => import('./features/admin/dashboard-page'), 'DashboardPage');
const ListScreen = lazyRouteComponent(() => import('./features/admin/screens'), 'ListScreen');
const RecordScreen = lazyRouteComponent(() => import('./features/admin/screens'), 'RecordScreen');
const NotBuilt = lazyRouteComponent(() => import('./features/admin/screens'), 'NotBuilt');
const NewOrderPage = lazyRouteComponent(() => import('./features/studio-order/new-order-page'), 'NewOrderPage');
const OrdersBoard = lazyRouteComponent(() => import('./features/orders-board/orders-board'), 'OrdersBoard');
const OrderPage = lazyRouteComponent(() => import('./features/order-page/order-page'), 'OrderPage');

const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: ({ location }) => guard(location, '/admin'),
  component: AdminShell,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

const dashboardRoute = createRoute({ getParentRoute: () => adminLayout, path: '/', component: Dashboard, errorComponent: AdminError, notFoundComponent: AdminNotFound });

export const adminListRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '$resource',
  validateSearch: listSearch,
  beforeLoad: ({ location, params }) => {
    const entity = entityOfScreen(params.resource);
    if (!entity) return guardSpecRoute(location);
    guard(location, `/admin/${entity.path}` as AdminPath, { entity, action: 'read' });
  },
  component: function List() {
    const { resource } = adminListRoute.useParams();
    return entityOfScreen(resource) ? <ListScreen /> : <NotBuilt />;
  },
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/{path}/new and /admin/{path}/$id: one record of an entity, or a deeper spec route (/admin/orders/12). */
export const adminRecordRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '$resource/$id',
  beforeLoad: ({ location, params }) => {
    const entity = entityOfScreen(params.resource);
    if (!entity) return guardSpecRoute(location);
    guard(location, `/admin/${entity.path}` as AdminPath, { entity, action: params.id === 'new' ? 'create' : 'read' });
  },
  component: function Record() {
    const { resource } = adminRecordRoute.useParams();
    return entityOfScreen(resource) ? <RecordScreen /> : <NotBuilt />;
  },
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/orders/new: an order taken by phone or at the counter; a static segment wins over `orders/$id` (ids are 16+ characters). */
const newOrderRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'orders/new',
  beforeLoad: ({ location }) => {
    guard(location, '/admin/orders');
    if (!mayTakeOrders(currentUser())) throw notFound({ data: { denied: 'Новый заказ' } satisfies NoAccess });
  },
  component: NewOrderPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/orders: the studio's orders board (issue 10), its filters typed in the address. */
const ordersBoardRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'orders',
  validateSearch: boardSearch,
  beforeLoad: ({ location }) => guard(location, '/admin/orders'),
  component: OrdersBoard,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/orders/{id}: one order (features/order-page); a static segment wins over `$resource/$id`. */
const orderPageRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'orders/$id',
  beforeLoad: ({ location }) => guard(location, '/admin/orders/$id'),
  component: OrderPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

const deeperRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '$',
  beforeLoad: ({ location }) => guardSpecRoute(location),
  component: NotBuilt,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

export const adminRouteTree = adminLayout.addChildren([dashboardRoute, ordersBoardRoute, adminListRoute, adminRecordRoute, newOrderRoute, orderPageRoute, deeperRoute]);

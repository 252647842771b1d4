import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';
import { listSearch, recordSearch } from './studio/kit/list-search';
import { AdminError, AdminNotFound } from './studio/kit/admin-error';
import { boardSearch } from './studio/orders-board/board-search';
import { calendarSearch, eventFormSearch, eventsListSearch } from './studio/calendar/events-search';
import { pageEditorSearch } from './studio/page-editor/page-search';
import { newOrderSearch } from './studio/studio-order/new-order-search';

/**
 * The back-office: /admin and everything under it, guarded before anything loads (spec §2, §6; the rules in
 * admin-guards.ts). The guards come as a chunk of their own, fetched by the first /admin navigation: they read the
 * entity registry, and every page's first view would otherwise build its schemas.
 * The registry's entities get the generic list (/admin/{path}) and form (/new, /$id); custom screens win
 * (studio/admin/screens.tsx). A spec route not built yet is guarded all the same and says so.
 */
const guards = () => import('./admin-guards');

const AdminShell = lazyRouteComponent(() => import('./studio/admin/admin-shell'), 'AdminShell');
const Dashboard = lazyRouteComponent(() => import('./studio/admin/dashboard-page'), 'DashboardPage');
const ListScreen = lazyRouteComponent(() => import('./studio/admin/screens'), 'ListScreen');
const RecordScreen = lazyRouteComponent(() => import('./studio/admin/screens'), 'RecordScreen');
const NotBuilt = lazyRouteComponent(() => import('./studio/admin/screens'), 'NotBuilt');
const FlowerList = lazyRouteComponent(() => import('./studio/admin/screens'), 'FlowerList');
const NewOrderPage = lazyRouteComponent(() => import('./studio/studio-order/new-order-page'), 'NewOrderPage');
const CounterSalePage = lazyRouteComponent(() => import('./studio/studio-order/new-order-page'), 'CounterSalePage');
const OrdersBoard = lazyRouteComponent(() => import('./studio/orders-board/orders-board'), 'OrdersBoard');
const OrderPage = lazyRouteComponent(() => import('./studio/order-page/order-page'), 'OrderPage');
const ProfilePage = lazyRouteComponent(() => import('./studio/studio-profile/profile-page'), 'ProfilePage');
const CatalogSetupPage = lazyRouteComponent(() => import('./studio/storefront-setup/catalog-setup-page'), 'CatalogSetupPage');
const HomeCopyPage = lazyRouteComponent(() => import('./studio/storefront-setup/home-copy-page'), 'HomeCopyPage');
const NavigationPage = lazyRouteComponent(() => import('./studio/storefront-setup/navigation-page'), 'NavigationPage');
const SettingsPage = lazyRouteComponent(() => import('./studio/shop-settings/settings-page'), 'SettingsPage');
const StaffPage = lazyRouteComponent(() => import('./studio/team/staff-page'), 'StaffPage');
const DebtsPage = lazyRouteComponent(() => import('./studio/money/debts-page'), 'DebtsPage');
const CalendarPage = lazyRouteComponent(() => import('./studio/calendar/calendar-page'), 'CalendarPage');
const EventsListPage = lazyRouteComponent(() => import('./studio/calendar/events-list-page'), 'EventsListPage');
const EventPage = lazyRouteComponent(() => import('./studio/calendar/event-page'), 'EventPage');
const PagesPage = lazyRouteComponent(() => import('./studio/page-editor/pages-page'), 'PagesPage');
const BlockEditorPage = lazyRouteComponent(() => import('./studio/page-editor/block-editor-page'), 'BlockEditorPage');
const PlainEditorPage = lazyRouteComponent(() => import('./studio/page-editor/plain-editor-page'), 'PlainEditorPage');
const PosifloraPage = lazyRouteComponent(() => import('./studio/posiflora/posiflora-page'), 'PosifloraPage');
const PosifloraSchemasPage = lazyRouteComponent(() => import('./studio/posiflora/schemas-page'), 'PosifloraSchemasPage');
const UsbPage = lazyRouteComponent(() => import('./studio/printer/usb-page'), 'UsbPage');

const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin'),
  component: AdminShell,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

const dashboardRoute = createRoute({ getParentRoute: () => adminLayout, path: '/', component: Dashboard, errorComponent: AdminError, notFoundComponent: AdminNotFound });

const adminListRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '$resource',
  validateSearch: listSearch,
  beforeLoad: async ({ location, params }) => (await guards()).guardResource(location, params.resource, 'read'),
  component: ListScreen,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/{path}/new and /admin/{path}/$id: one record of an entity, or a deeper spec route (/admin/orders/12). */
const adminRecordRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '$resource/$id',
  validateSearch: recordSearch,
  beforeLoad: async ({ location, params }) => (await guards()).guardResource(location, params.resource, params.id === 'new' ? 'create' : 'read'),
  component: RecordScreen,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/flowers/list: the flowers' generic list (/admin/flowers is their stock); a static segment wins over `$resource/$id`. */
const flowerListRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'flowers/list',
  validateSearch: listSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/flowers/list'),
  component: FlowerList,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/orders/new: an order taken by phone or at the counter; a static segment wins over `orders/$id` (ids are 16+ characters). */
const newOrderRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'orders/new',
  validateSearch: newOrderSearch,
  beforeLoad: async ({ location }) => (await guards()).guardNewOrder(location),
  component: NewOrderPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/orders/counter: a counter sale (showcase bouquets taken away, paid now), open to florists too. */
const counterSaleRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'orders/counter',
  beforeLoad: async ({ location }) => (await guards()).guardCounterSale(location),
  component: CounterSalePage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/orders: the studio's orders board (issue 10), its filters typed in the address. */
const ordersBoardRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'orders',
  validateSearch: boardSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/orders'),
  component: OrdersBoard,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/orders/{id}: one order (studio/order-page); a static segment wins over `$resource/$id`. */
const orderPageRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'orders/$id',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/orders/$id'),
  component: OrderPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/profile: the studio's own details (studio/studio-profile); a static segment wins over `$resource`. */
const profileRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'profile',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/profile'),
  component: ProfilePage,
});

/** /admin/catalog: the categories and tags as the storefront shows them (studio/storefront-setup). */
const catalogSetupRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'catalog',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/catalog'),
  component: CatalogSetupPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/index-copy: what the home page shows (studio/storefront-setup). */
const homeCopyRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'index-copy',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/index-copy'),
  component: HomeCopyPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/navigation: the site's menu and the footer's links (studio/storefront-setup). */
const navigationRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'navigation',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/navigation'),
  component: NavigationPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/settings: the shop's settings (studio/shop-settings), what the checkout and the server price by. */
const settingsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'settings',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/settings'),
  component: SettingsPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/staff: the studio's people, roles, work days and the log of changes (issue 20, item 3). */
const staffRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'staff',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/staff'),
  component: StaffPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/debts: what customers owe and what is owed to suppliers, by counterparty (issue 21, item 3). */
const debtsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'debts',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/debts'),
  component: DebtsPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/calendar: the month grid of every event (studio/calendar), month, year and day in the address. */
const calendarRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'calendar',
  validateSearch: calendarSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/calendar'),
  component: CalendarPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/events/list: a month's events with filters by type and source. */
const eventsListRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'events/list',
  validateSearch: eventsListSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/events/list'),
  component: EventsListPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/events: one event, new (on `?day=`) or `?id=`. */
const eventRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'events',
  validateSearch: eventFormSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/events'),
  component: EventPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/usb: the studio's USB receipt printer, chosen and tested on this device (studio/printer). */
const usbRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'usb',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/usb'),
  component: UsbPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/posiflora: connecting the studio's Posiflora account, the import's runs and the orders' archive (studio/posiflora). */
const posifloraRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'posiflora',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/posiflora'),
  component: PosifloraPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/posiflora/schemas: what each Posiflora type and field becomes here. */
const posifloraSchemasRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'posiflora/schemas',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/posiflora/schemas'),
  component: PosifloraSchemasPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/pages: the site's pages and drafts (studio/page-editor). */
const pagesRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'pages',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/pages'),
  component: PagesPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/pages-editor?key=: the block editor with the storefront's own preview. */
const blockEditorRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'pages-editor',
  validateSearch: pageEditorSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/pages-editor'),
  component: BlockEditorPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** /admin/pages-editor3?key=: the plain editor of title, description and sections. */
const plainEditorRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'pages-editor3',
  validateSearch: pageEditorSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/pages-editor3'),
  component: PlainEditorPage,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

const deeperRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '$',
  beforeLoad: async ({ location }) => (await guards()).guardSpecRoute(location),
  component: NotBuilt,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

export const adminRouteTree = adminLayout.addChildren([dashboardRoute, ordersBoardRoute, adminListRoute, adminRecordRoute, newOrderRoute, counterSaleRoute, orderPageRoute, calendarRoute, eventsListRoute, eventRoute, profileRoute, staffRoute, usbRoute, posifloraRoute, posifloraSchemasRoute, catalogSetupRoute, homeCopyRoute, navigationRoute, debtsRoute, settingsRoute, flowerListRoute, pagesRoute, blockEditorRoute, plainEditorRoute, deeperRoute]);

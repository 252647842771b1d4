import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';
import { listSearch, recordSearch } from './studio/kit/list-search';
import { AdminError, AdminNotFound } from './studio/kit/admin-error';
import { boardSearch } from './studio/orders/board/board-search';
import { calendarSearch, eventFormSearch, eventsListSearch } from './studio/orders/calendar/events-search';
import { pageEditorSearch } from './studio/site/page-editor/page-search';
import { newOrderSearch } from './studio/orders/studio-order/new-order-search';

/**
 * The back-office: /admin and everything under it, guarded before anything loads (spec §2, §6; the rules in
 * admin-guards.ts). The guards come as a chunk of their own, fetched by the first /admin navigation: they read the
 * entity registry, and every page's first view would otherwise build its schemas.
 * The registry's entities get the generic list (/admin/{path}) and form (/new, /$id); custom screens win
 * (studio/admin/screens.tsx). A spec route not built yet is guarded all the same and says so.
 */
const guards = () => import('./admin-guards');

/** The guards' chunk fetched now, for an app opened at a back-office address (main.tsx): it loads beside the store. */
export const preloadAdminGuards = () => void guards().catch(() => {});

const AdminShell = lazyRouteComponent(() => import('./studio/admin/admin-shell'), 'AdminShell');
const Dashboard = lazyRouteComponent(() => import('./studio/admin/dashboard-page'), 'DashboardPage');
const ListScreen = lazyRouteComponent(() => import('./studio/admin/screens'), 'ListScreen');
const RecordScreen = lazyRouteComponent(() => import('./studio/admin/screens'), 'RecordScreen');
const NotBuilt = lazyRouteComponent(() => import('./studio/admin/screens'), 'NotBuilt');
const FlowerList = lazyRouteComponent(() => import('./studio/admin/screens'), 'FlowerList');
const NewOrderPage = lazyRouteComponent(() => import('./studio/orders/studio-order/new-order-page'), 'NewOrderPage');
const CounterSalePage = lazyRouteComponent(() => import('./studio/orders/studio-order/new-order-page'), 'CounterSalePage');
const OrdersBoard = lazyRouteComponent(() => import('./studio/orders/board/orders-board'), 'OrdersBoard');
const OrderPage = lazyRouteComponent(() => import('./studio/orders/order-page/order-page'), 'OrderPage');
const ProfilePage = lazyRouteComponent(() => import('./studio/team/profile/profile-page'), 'ProfilePage');
const CatalogSetupPage = lazyRouteComponent(() => import('./studio/site/storefront-setup/catalog-setup-page'), 'CatalogSetupPage');
const HomeCopyPage = lazyRouteComponent(() => import('./studio/site/storefront-setup/home-copy-page'), 'HomeCopyPage');
const NavigationPage = lazyRouteComponent(() => import('./studio/site/storefront-setup/navigation-page'), 'NavigationPage');
const SettingsPage = lazyRouteComponent(() => import('./studio/site/settings/settings-page'), 'SettingsPage');
const StaffPage = lazyRouteComponent(() => import('./studio/team/staff/staff-page'), 'StaffPage');
const DebtsPage = lazyRouteComponent(() => import('./studio/clients/debts/debts-page'), 'DebtsPage');
const CalendarPage = lazyRouteComponent(() => import('./studio/orders/calendar/calendar-page'), 'CalendarPage');
const EventsListPage = lazyRouteComponent(() => import('./studio/orders/calendar/events-list-page'), 'EventsListPage');
const EventPage = lazyRouteComponent(() => import('./studio/orders/calendar/event-page'), 'EventPage');
const PagesPage = lazyRouteComponent(() => import('./studio/site/page-editor/pages-page'), 'PagesPage');
const BlockEditorPage = lazyRouteComponent(() => import('./studio/site/page-editor/block-editor-page'), 'BlockEditorPage');
const PlainEditorPage = lazyRouteComponent(() => import('./studio/site/page-editor/plain-editor-page'), 'PlainEditorPage');
const PosifloraPage = lazyRouteComponent(() => import('./studio/reports/posiflora/posiflora-page'), 'PosifloraPage');
const PosifloraSchemasPage = lazyRouteComponent(() => import('./studio/reports/posiflora/schemas-page'), 'PosifloraSchemasPage');
const UsbPage = lazyRouteComponent(() => import('./studio/team/printer/usb-page'), 'UsbPage');

const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin'),
  component: AdminShell,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});

/** What every screen under /admin shares: the shell around it, and the back-office's own error and «not found». */
const inShell = { getParentRoute: () => adminLayout, errorComponent: AdminError, notFoundComponent: AdminNotFound } as const;

const dashboardRoute = createRoute({ ...inShell, path: '/', component: Dashboard });

const adminListRoute = createRoute({
  ...inShell,
  path: '$resource',
  validateSearch: listSearch,
  beforeLoad: async ({ location, params }) => (await guards()).guardResource(location, params.resource, 'read'),
  component: ListScreen,
});

/** /admin/{path}/new and /admin/{path}/$id: one record of an entity, or a deeper spec route (/admin/orders/12). */
const adminRecordRoute = createRoute({
  ...inShell,
  path: '$resource/$id',
  validateSearch: recordSearch,
  beforeLoad: async ({ location, params }) => (await guards()).guardResource(location, params.resource, params.id === 'new' ? 'create' : 'read'),
  component: RecordScreen,
});

/** /admin/flowers/list: the flowers' generic list (/admin/flowers is their stock); a static segment wins over `$resource/$id`. */
const flowerListRoute = createRoute({
  ...inShell,
  path: 'flowers/list',
  validateSearch: listSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/flowers/list'),
  component: FlowerList,
});

/** /admin/orders/new: an order taken by phone or at the counter; a static segment wins over `orders/$id` (ids are 16+ characters). */
const newOrderRoute = createRoute({
  ...inShell,
  path: 'orders/new',
  validateSearch: newOrderSearch,
  beforeLoad: async ({ location }) => (await guards()).guardNewOrder(location),
  component: NewOrderPage,
});

/** /admin/orders/counter: a counter sale (showcase bouquets taken away, paid now), open to florists too. */
const counterSaleRoute = createRoute({
  ...inShell,
  path: 'orders/counter',
  beforeLoad: async ({ location }) => (await guards()).guardCounterSale(location),
  component: CounterSalePage,
});

/** /admin/orders: the studio's orders board (issue 10), its filters typed in the address. */
const ordersBoardRoute = createRoute({
  ...inShell,
  path: 'orders',
  validateSearch: boardSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/orders'),
  component: OrdersBoard,
});

/** /admin/orders/{id}: one order (studio/order-page); a static segment wins over `$resource/$id`. */
const orderPageRoute = createRoute({
  ...inShell,
  path: 'orders/$id',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/orders/$id'),
  component: OrderPage,
});

/** /admin/profile: the studio's own details (studio/studio-profile); a static segment wins over `$resource`. */
const profileRoute = createRoute({
  ...inShell,
  path: 'profile',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/profile'),
  component: ProfilePage,
});

/** /admin/catalog: the categories and tags as the storefront shows them (studio/storefront-setup). */
const catalogSetupRoute = createRoute({
  ...inShell,
  path: 'catalog',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/catalog'),
  component: CatalogSetupPage,
});

/** /admin/index-copy: what the home page shows (studio/storefront-setup). */
const homeCopyRoute = createRoute({
  ...inShell,
  path: 'index-copy',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/index-copy'),
  component: HomeCopyPage,
});

/** /admin/navigation: the site's menu and the footer's links (studio/storefront-setup). */
const navigationRoute = createRoute({
  ...inShell,
  path: 'navigation',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/navigation'),
  component: NavigationPage,
});

/** /admin/settings: the shop's settings (studio/shop-settings), what the checkout and the server price by. */
const settingsRoute = createRoute({
  ...inShell,
  path: 'settings',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/settings'),
  component: SettingsPage,
});

/** /admin/staff: the studio's people, roles, work days and the log of changes (issue 20, item 3). */
const staffRoute = createRoute({
  ...inShell,
  path: 'staff',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/staff'),
  component: StaffPage,
});

/** /admin/debts: what customers owe and what is owed to suppliers, by counterparty (issue 21, item 3). */
const debtsRoute = createRoute({
  ...inShell,
  path: 'debts',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/debts'),
  component: DebtsPage,
});

/** /admin/calendar: the month grid of every event (studio/calendar), month, year and day in the address. */
const calendarRoute = createRoute({
  ...inShell,
  path: 'calendar',
  validateSearch: calendarSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/calendar'),
  component: CalendarPage,
});

/** /admin/events/list: a month's events with filters by type and source. */
const eventsListRoute = createRoute({
  ...inShell,
  path: 'events/list',
  validateSearch: eventsListSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/events/list'),
  component: EventsListPage,
});

/** /admin/events: one event, new (on `?day=`) or `?id=`. */
const eventRoute = createRoute({
  ...inShell,
  path: 'events',
  validateSearch: eventFormSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/events'),
  component: EventPage,
});

/** /admin/usb: the studio's USB receipt printer, chosen and tested on this device (studio/printer). */
const usbRoute = createRoute({
  ...inShell,
  path: 'usb',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/usb'),
  component: UsbPage,
});

/** /admin/posiflora: connecting the studio's Posiflora account, the import's runs and the orders' archive (studio/posiflora). */
const posifloraRoute = createRoute({
  ...inShell,
  path: 'posiflora',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/posiflora'),
  component: PosifloraPage,
});

/** /admin/posiflora/schemas: what each Posiflora type and field becomes here. */
const posifloraSchemasRoute = createRoute({
  ...inShell,
  path: 'posiflora/schemas',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/posiflora/schemas'),
  component: PosifloraSchemasPage,
});

/** /admin/pages: the site's pages and drafts (studio/page-editor). */
const pagesRoute = createRoute({
  ...inShell,
  path: 'pages',
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/pages'),
  component: PagesPage,
});

/** /admin/pages-editor?key=: the block editor with the storefront's own preview. */
const blockEditorRoute = createRoute({
  ...inShell,
  path: 'pages-editor',
  validateSearch: pageEditorSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/pages-editor'),
  component: BlockEditorPage,
});

/** /admin/pages-editor3?key=: the plain editor of title, description and sections. */
const plainEditorRoute = createRoute({
  ...inShell,
  path: 'pages-editor3',
  validateSearch: pageEditorSearch,
  beforeLoad: async ({ location }) => (await guards()).guard(location, '/admin/pages-editor3'),
  component: PlainEditorPage,
});

const deeperRoute = createRoute({
  ...inShell,
  path: '$',
  beforeLoad: async ({ location }) => (await guards()).guardSpecRoute(location),
  component: NotBuilt,
});

export const adminRouteTree = adminLayout.addChildren([dashboardRoute, ordersBoardRoute, adminListRoute, adminRecordRoute, newOrderRoute, counterSaleRoute, orderPageRoute, calendarRoute, eventsListRoute, eventRoute, profileRoute, staffRoute, usbRoute, posifloraRoute, posifloraSchemasRoute, catalogSetupRoute, homeCopyRoute, navigationRoute, debtsRoute, settingsRoute, flowerListRoute, pagesRoute, blockEditorRoute, plainEditorRoute, deeperRoute]);

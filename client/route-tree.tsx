import { lazy, Suspense } from 'react';
import { createRoute, createRouter, type ParsedLocation, type RouterHistory, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { adminRoutes } from '../schema/shared/admin-routes';
import { catalogueName, shopTitle, titleOf } from '../schema/shared/title';
import { routeSearch, writeItemsSearch } from '../schema/shop/written-address';
import { rootRoute } from './root-route';
import { adminRouteTree } from './admin-routes';

const page = <P extends string>(path: P, component: RouteComponent) => createRoute({ getParentRoute: () => rootRoute, path, component });

/**
 * The storefront's screens are one chunk (storefront-screens.tsx), not part of the entry: a back-office address loads
 * the entry and its own area's chunks only, with no storefront page in them (issue 32, item 1).
 */
const storefront = () => import('./storefront-screens');
const screen = (name: Exclude<keyof Awaited<ReturnType<typeof storefront>>, 'default'>) => lazyRouteComponent(storefront, name);

// Screens a first visit rarely needs come as chunks of their own, fetched on the way there (and precached for offline).
const CheckoutPage = lazyRouteComponent(() => import('./shop/checkout/checkout-page'), 'CheckoutPage');
// The page a shopper returns to from the payment provider: a chunk of its own, as the checkout is.
const ThankYouPage = lazy(() => import('./shop/checkout/thank-you-page').then((m) => ({ default: m.ThankYouPage })));
const MyPage = lazyRouteComponent(() => import('./shop/account/my-page'), 'MyPage');
const FavouritesPage = lazyRouteComponent(() => import('./shop/favourites/favourites-page'), 'FavouritesPage');
const LoginPage = lazyRouteComponent(() => import('./shared/auth/login-page'), 'LoginPage');
const QrLoginPage = lazyRouteComponent(() => import('./shared/auth/qr-login-page'), 'QrLoginPage');

const itemRoute = createRoute({ getParentRoute: () => rootRoute, path: '/items/$id', validateSearch: routeSearch.shelf, component: screen('ItemScreen') });

const searchRoute = createRoute({ getParentRoute: () => rootRoute, path: '/search', validateSearch: routeSearch.search, component: screen('SearchScreen') });

const itemsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/items',
  validateSearch: routeSearch.items,
  search: { middlewares: [({ search, next }) => writeItemsSearch(next(search))] },
  component: screen('ItemsScreen'),
});

const tagRoute = createRoute({ getParentRoute: () => rootRoute, path: '/tags/$tag', validateSearch: routeSearch.shelf, component: screen('TagScreen') });

const flowerRoute = createRoute({ getParentRoute: () => rootRoute, path: '/flowers/$slug', validateSearch: routeSearch.shelf, component: screen('FlowerScreen') });

const productByArtRoute = createRoute({ getParentRoute: () => rootRoute, path: '/product/$artAndName', component: screen('ByArtScreen') });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: routeSearch.login,
  component: function Login() {
    return <LoginPage redirect={loginRoute.useSearch().redirect} />;
  },
});

const qrLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/qr-login',
  validateSearch: routeSearch.qrLogin,
  component: function QrLogin() {
    return <QrLoginPage code={qrLoginRoute.useSearch().code} />;
  },
});

const thankYouRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/thank-you',
  validateSearch: routeSearch.thankYou,
  component: function ThankYou() {
    const { number, phone, order } = thankYouRoute.useSearch();
    return (
      <Suspense fallback={null}>
        <ThankYouPage number={number} order={order} waitingFor={phone} />
      </Suspense>
    );
  },
});

export const routeTree = rootRoute.addChildren([
  page('/', screen('HomePage')),
  itemsRoute,
  itemRoute,
  searchRoute,
  adminRouteTree,
  loginRoute,
  page('/my', MyPage),
  page('/my/favourites', FavouritesPage),
  page('/orders/create', CheckoutPage),
  thankYouRoute,
  page('/info', screen('InfoPage')),
  page('/info/delivery', screen('DeliveryPage')),
  page('/policy', screen('PolicyPage')),
  tagRoute,
  qrLoginRoute,
  productByArtRoute,
  flowerRoute,
  page('/$', screen('StorePage')),
]);

/**
 * The shop's router over a history: the browser's in the tab (router.tsx), an address in memory on the server, which
 * renders public pages from the same routes (entry-server.tsx).
 */
export const shopRouter = (options: { history?: RouterHistory; preload?: boolean; scrollRestoration?: (at: { location: ParsedLocation }) => boolean } = {}) =>
  createRouter({
    routeTree,
    history: options.history,
    defaultPreload: options.preload === false ? false : 'intent',
    ...(options.scrollRestoration ? { scrollRestoration: options.scrollRestoration } : {}),
  });

/** Titles of screens that are fixed by their address; a screen about something (a product, a page) sets its own. */
const screenTitles: Record<string, string> = {
  '/items': catalogueName,
  '/login': 'Вход',
  '/qr-login': 'Вход по QR-коду',
  '/my': 'Личный кабинет',
  '/my/favourites': 'Избранное',
  '/orders/create': 'Оформление заказа',
  '/orders/thank-you': 'Спасибо за заказ',
};
const adminPattern = (route: string) => new RegExp(`^${route.replace(/\$[^/]+/g, '[^/]+')}/?$`);
const adminTitles = Object.entries(adminRoutes).map(([route, r]) => [adminPattern(route), r.label] as const);
export const titleForPath = (path: string): string => {
  if (screenTitles[path]) return titleOf(screenTitles[path]);
  if (path === '/admin' || path.startsWith('/admin/')) return titleOf(adminTitles.find(([pattern]) => pattern.test(path))?.[1] ?? 'Кабинет сотрудника');
  return shopTitle;
};

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof shopRouter>;
  }
}

import { lazy, Suspense } from 'react';
import { createRoute, createRouter, type RouterHistory, lazyRouteComponent, Navigate, useRouterState, type RouteComponent } from '@tanstack/react-router';
import { categoryIds, extraCategoryIds, type ItemCategory } from '../schema/shop/category';
import { movedTo } from '../schema/shop/address';
import { adminRoutes } from '../schema/shared/admin-routes';
import { catalogueName, shopTitle, titleOf } from '../schema/shared/title';
import { FlowerPage } from './shop/catalog/flower-page';
import { HomePage } from './shop/catalog/home-page';
import { ProductPage } from './shop/catalog/product-page';
import { CategoryPage } from './shop/catalog/category-page';
import { catalogueFilter } from '../schema/shop/product-filter-params';
import { routeSearch, writeItemsSearch } from '../schema/shop/written-address';
import { SearchPage } from './shop/catalog/search-page';
import { ContentPage } from './shop/content/content-page';
import { TagPage } from './shop/content/tag-page';
import { ProductByArt } from './shop/catalog/product-by-art';
import { rootRoute } from './root-route';
import { adminRouteTree } from './admin-routes';

/** Any other address is a page of the pages store (campaigns, /studio, /{name}) or 'Page not found'. */
const StorePage = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return <ContentPage slug={decodeURI(path).replace(/^\/+|\/+$/g, '')} />;
};

const page = <P extends string>(path: P, component: RouteComponent) => createRoute({ getParentRoute: () => rootRoute, path, component });

// Screens a first visit rarely needs come as chunks of their own, fetched on the way there (and precached for offline).
const CheckoutPage = lazyRouteComponent(() => import('./shop/checkout/checkout-page'), 'CheckoutPage');
// The page a shopper returns to from the payment provider: a chunk of its own, as the checkout is.
const ThankYouPage = lazy(() => import('./shop/checkout/thank-you-page').then((m) => ({ default: m.ThankYouPage })));
const MyPage = lazyRouteComponent(() => import('./shop/account/my-page'), 'MyPage');
const FavouritesPage = lazyRouteComponent(() => import('./shop/favourites/favourites-page'), 'FavouritesPage');
const LoginPage = lazyRouteComponent(() => import('./shared/auth/login-page'), 'LoginPage');
const QrLoginPage = lazyRouteComponent(() => import('./shared/auth/qr-login-page'), 'QrLoginPage');
const isCategory = (id: string): id is ItemCategory => ([...categoryIds, ...extraCategoryIds] as string[]).includes(id);

const itemRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/items/$id',
  validateSearch: routeSearch.shelf,
  component: function Item() {
    const { id } = itemRoute.useParams();
    const moved = movedTo(`/items/${id}`);
    if (moved) return <Navigate to={moved} replace />;
    return isCategory(id) ? <CategoryPage category={id} /> : <ProductPage key={id} id={id} />;
  },
});

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: routeSearch.search,
  component: function Search() {
    return <SearchPage q={searchRoute.useSearch().q ?? ''} />;
  },
});

const itemsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/items',
  validateSearch: routeSearch.items,
  search: { middlewares: [({ search, next }) => writeItemsSearch(next(search))] },
  component: function Items() {
    const search = itemsRoute.useSearch();
    const navigate = itemsRoute.useNavigate();
    const filter = catalogueFilter(search);
    // Another filter is another shelf: it starts again from its first page, and the page stays where it is.
    return <CategoryPage filters={{ filter, onChange: (next) => void navigate({ search: { ...next, pages: undefined }, replace: true, resetScroll: false }) }} />;
  },
});

const tagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tags/$tag',
  validateSearch: routeSearch.shelf,
  component: function Tag() {
    return <TagPage tag={tagRoute.useParams().tag} />;
  },
});

const flowerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/flowers/$slug',
  validateSearch: routeSearch.shelf,
  component: function Flower() {
    const { slug } = flowerRoute.useParams();
    return <FlowerPage key={slug} slug={slug} />;
  },
});

const productByArtRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/product/$artAndName',
  component: function ByArt() {
    return <ProductByArt artAndName={productByArtRoute.useParams().artAndName} />;
  },
});

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
  page('/', HomePage),
  itemsRoute,
  itemRoute,
  searchRoute,
  adminRouteTree,
  loginRoute,
  page('/my', MyPage),
  page('/my/favourites', FavouritesPage),
  page('/orders/create', CheckoutPage),
  thankYouRoute,
  page('/info', () => <ContentPage slug="info" />),
  page('/info/delivery', () => <ContentPage slug="info/delivery" />),
  page('/policy', () => <ContentPage slug="policy" />),
  tagRoute,
  qrLoginRoute,
  productByArtRoute,
  flowerRoute,
  page('/$', StorePage),
]);

/**
 * The shop's router over a history: the browser's in the tab (router.tsx), an address in memory on the server, which
 * renders public pages from the same routes (entry-server.tsx).
 */
export const shopRouter = (options: { history?: RouterHistory; preload?: boolean } = {}) =>
  createRouter({ routeTree, history: options.history, defaultPreload: options.preload === false ? false : 'intent' });

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

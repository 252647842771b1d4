import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet, useRouterState, type RouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { categoryIds, extraCategoryIds, type ItemCategory } from '../schema/category';
import { LoadingBar } from './ui/loading-bar';
import { Header } from './features/layout/header';
import { Footer } from './features/layout/footer';
import { CategoryBar } from './features/layout/category-bar';
import { SyncNotices } from './features/layout/sync-notices';
import { InstallBanner } from './features/install/install-banner';
import { ErrorPage } from './features/errors/error-page';
import { analytics } from './features/analytics/analytics';
import { scrollAfterNavigation } from './features/layout/scrolling';
import { prefersNoPrefetch } from './features/layout/slow-connection';
import { buildIsStale, reloadOnce } from './features/freshness/freshness';
import { HomePage } from './features/catalog/home-page';
import { ProductPage } from './features/catalog/product-page';
import { CategoryPage } from './features/catalog/category-page';
import { productFilterParams, readFilter, writeFilter } from './features/catalog/product-filter-params';
import { SearchPage } from './features/catalog/search-page';
import { ContentPage } from './features/content/content-page';
import { TagPage } from './features/content/tag-page';
import { ProductByArt } from './features/catalog/product-by-art';
import { ThankYouPage } from './features/checkout/thank-you-page';

const NotFound = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return <ErrorPage status={404} message={`Page not found: ${path}`} description="Такой страницы нет. Возможно, она переехала." />;
};

/** Any other address is a page of the pages store (campaigns, /studio, /{name}) or 'Page not found'. */
const StorePage = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return <ContentPage slug={decodeURI(path).replace(/^\/+|\/+$/g, '')} />;
};

const rootRoute = createRootRoute({
  component: () => (
    <>
      <LoadingBar />
      <a className="skip-link" href="#main">К содержимому</a>
      <Header />
      <CategoryBar />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      <InstallBanner />
      <SyncNotices />
    </>
  ),
  notFoundComponent: NotFound,
  errorComponent: ({ error }) => <ErrorPage status={500} message="Что-то пошло не так" description="Обновите страницу — данные на устройстве сохранены." raw={error} />,
});

const page = <P extends string>(path: P, component: RouteComponent) => createRoute({ getParentRoute: () => rootRoute, path, component });

// Screens a first visit rarely needs come as chunks of their own, fetched on the way there (and precached for offline).
const CheckoutPage = lazyRouteComponent(() => import('./features/checkout/checkout-page'), 'CheckoutPage');
const MyPage = lazyRouteComponent(() => import('./features/account/my-page'), 'MyPage');
const LoginPage = lazyRouteComponent(() => import('./features/auth/login-page'), 'LoginPage');
const QrLoginPage = lazyRouteComponent(() => import('./features/auth/qr-login-page'), 'QrLoginPage');
const StaffDashboard = lazyRouteComponent(() => import('./features/admin/staff-dashboard'), 'StaffDashboard');
const isCategory = (id: string): id is ItemCategory => ([...categoryIds, ...extraCategoryIds] as string[]).includes(id);

const itemRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/items/$id',
  component: function Item() {
    const { id } = itemRoute.useParams();
    if (id === 'complex') return <Navigate to="/items" replace />;
    return isCategory(id) ? <CategoryPage category={id} /> : <ProductPage key={id} id={id} />;
  },
});

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: z.object({ q: z.string().catch('') }),
  component: function Search() {
    return <SearchPage q={searchRoute.useSearch().q} />;
  },
});

const itemsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/items',
  validateSearch: productFilterParams,
  search: { middlewares: [({ search, next }) => writeFilter(next(search))] },
  component: function Items() {
    const search = itemsRoute.useSearch();
    const navigate = itemsRoute.useNavigate();
    const filter = readFilter(search, { tags: [] });
    return <CategoryPage filters={{ filter, onChange: (next) => void navigate({ search: next, replace: true }) }} />;
  },
});

const tagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tags/$tag',
  component: function Tag() {
    return <TagPage tag={tagRoute.useParams().tag} />;
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
  validateSearch: z.object({ redirect: z.string().max(500).optional().catch(undefined) }),
  component: function Login() {
    return <LoginPage redirect={loginRoute.useSearch().redirect} />;
  },
});

const qrLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/qr-login',
  validateSearch: z.object({ code: z.string().optional().catch(undefined) }),
  component: function QrLogin() {
    return <QrLoginPage code={qrLoginRoute.useSearch().code} />;
  },
});

const thankYouRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/thank-you',
  validateSearch: z.object({ number: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: function ThankYou() {
    return <ThankYouPage number={thankYouRoute.useSearch().number} />;
  },
});

const routeTree = rootRoute.addChildren([
  page('/', HomePage),
  itemsRoute,
  itemRoute,
  searchRoute,
  page('/admin', StaffDashboard),
  loginRoute,
  page('/my', MyPage),
  page('/orders/create', CheckoutPage),
  thankYouRoute,
  page('/info', () => <ContentPage slug="info" />),
  page('/info/delivery', () => <ContentPage slug="info/delivery" />),
  page('/policy', () => <ContentPage slug="policy" />),
  tagRoute,
  qrLoginRoute,
  productByArtRoute,
  page('/$', StorePage),
]);

export const router = createRouter({ routeTree, defaultPreload: prefersNoPrefetch() ? false : 'intent' });

router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
  analytics.pageView(toLocation.pathname);
  if (pathChanged || toLocation.hash) scrollAfterNavigation(toLocation.hash);
  if (buildIsStale()) reloadOnce();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

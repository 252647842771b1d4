import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { LoadingBar } from './ui/loading-bar';
import { Header } from './frame/header';
import { Footer } from './frame/footer';
import { CategoryBar } from './frame/category-bar';
import { SyncNotices } from './frame/sync-notices';
import { PhoneConfirmations } from './shop/checkout/phone-confirmations';
import { FavouritesSync } from './shop/favourites/favourites-sync';
import { InstallBanner } from './shared/install/install-banner';
import { ErrorPage, NotFound } from './shared/errors/error-page';

/** Whether the back-office is shown: its screens get neither the storefront's footer nor the install prompt (issue 18, item 13). */
const useInAdmin = () => useRouterState({ select: (s) => s.location.pathname === '/admin' || s.location.pathname.startsWith('/admin/') });

const ShopFrame = () => {
  const admin = useInAdmin();
  return (
    <>
      <LoadingBar />
      <a className="skip-link" href="#main">К содержимому</a>
      <Header />
      <CategoryBar />
      <main id="main">
        <PhoneConfirmations />
        <Outlet />
      </main>
      {!admin && <Footer />}
      <InstallBanner onlyUpdates={admin} />
      <SyncNotices />
      <FavouritesSync />
    </>
  );
};

/** The shop's frame around every screen, storefront and back-office alike. */
export const rootRoute = createRootRoute({
  component: ShopFrame,
  notFoundComponent: NotFound,
  errorComponent: ({ error }) => <ErrorPage status={500} message="Что-то пошло не так" description="Обновите страницу — данные на устройстве сохранены." raw={error} />,
});

import { createRootRoute, Outlet } from '@tanstack/react-router';
import { LoadingBar } from './ui/loading-bar';
import { Header } from './features/layout/header';
import { Footer } from './features/layout/footer';
import { CategoryBar } from './features/layout/category-bar';
import { SyncNotices } from './features/layout/sync-notices';
import { PhoneConfirmations } from './features/checkout/phone-confirmations';
import { FavouritesSync } from './features/favourites/favourites-sync';
import { InstallBanner } from './features/install/install-banner';
import { ErrorPage, NotFound } from './features/errors/error-page';

/** The shop's frame around every screen, storefront and back-office alike. */
export const rootRoute = createRootRoute({
  component: () => (
    <>
      <LoadingBar />
      <a className="skip-link" href="#main">К содержимому</a>
      <Header />
      <CategoryBar />
      <main id="main">
        <PhoneConfirmations />
        <Outlet />
      </main>
      <Footer />
      <InstallBanner />
      <SyncNotices />
      <FavouritesSync />
    </>
  ),
  notFoundComponent: NotFound,
  errorComponent: ({ error }) => <ErrorPage status={500} message="Что-то пошло не так" description="Обновите страницу — данные на устройстве сохранены." raw={error} />,
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { openLocalData } from './data/database';
import { startShopSync } from './data/sync/shop-sync';
import { LocalDataContext } from './data/local-data-context';
import { SessionProvider } from './features/auth/session';
import { CartProvider } from './features/cart/use-cart';
import { NoticeArea } from './ui/notices';
import { startOfflineSupport } from './features/install/pwa';
import { analytics } from './features/analytics/analytics';
import { watchFreshness } from './features/freshness/freshness';
import './styles.css';

const start = async () => {
  startOfflineSupport();
  analytics.load();
  watchFreshness(__BUILD_DATE__);
  const data = await openLocalData();
  const sync = startShopSync(data);
  // Tests and support staff can look at the device's data from the console.
  Object.assign(window, { shopData: data });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LocalDataContext.Provider value={{ data, sync }}>
        <NoticeArea>
          <SessionProvider>
            <CartProvider>
              <RouterProvider router={router} />
            </CartProvider>
          </SessionProvider>
        </NoticeArea>
      </LocalDataContext.Provider>
    </StrictMode>,
  );
};

void start();

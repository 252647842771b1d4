import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { openLocalData, type LocalData } from './data/database';
import { restoreRescued } from './data/rescue';
import { startShopSync } from './data/sync/shop-sync';
import { LocalDataContext } from './data/local-data-context';
import { SessionProvider } from './features/auth/session';
import { CartProvider } from './features/cart/use-cart';
import { NoticeArea } from './ui/notices';
import { startOfflineSupport } from './features/install/pwa';
import { analytics } from './features/analytics/analytics';
import { watchFreshness } from './features/freshness/freshness';
import { StoreFailure } from './store-failure';
import './styles.css';

/**
 * The device's data on `window.shopData`, for the console in the dev server and for browser tests, which ask
 * for it before the page loads (e2e/harness.ts). A production page shows it to no one else.
 */
const exposeForTests = (data: LocalData) => {
  if (import.meta.env.DEV || 'shopTestHooks' in window) Object.assign(window, { shopData: data });
};

const start = async () => {
  startOfflineSupport();
  analytics.load();
  watchFreshness(__BUILD_DATE__);
  const root = createRoot(document.getElementById('root')!);
  let data: LocalData;
  try {
    data = await openLocalData();
  } catch (e) {
    console.error('Хранилище на устройстве не открылось', e);
    root.render(<StoreFailure error={e} />);
    return;
  }
  await restoreRescued(data).catch((e: unknown) => console.warn('Сохранённые корзина и заказы не восстановлены', e));
  const sync = startShopSync(data);
  exposeForTests(data);
  root.render(
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

import { StrictMode, useEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { ShopSnapshot } from '../schema/shop/shop-snapshot';
import { LocalDataContext, type Local } from './data/local-data-context';
import { SnapshotContext } from './data/snapshot-context';
import { SessionProvider } from './shared/auth/session';
import { CartProvider } from './shop/cart/use-cart';
import { NoticeArea } from './ui/notices';
import type { shopRouter } from './route-tree';

/** Calls `done` once the tree around it has been committed (hydrated, for a server-rendered page). */
const Committed = ({ done }: { done?: () => void }) => {
  useEffect(() => done?.(), [done]);
  return null;
};

/**
 * The whole shop, the same in the tab and on the server: the device's store (`null` while it opens, and on the
 * server), what the server drew the page from, the session, the cart and the routes.
 */
export const ShopApp = (props: { router: ReturnType<typeof shopRouter>; local: Local | null; snapshot: ShopSnapshot | null; onCommitted?: () => void }) => (
  <StrictMode>
    <SnapshotContext.Provider value={props.snapshot}>
      <LocalDataContext.Provider value={props.local}>
        <NoticeArea>
          <SessionProvider>
            <CartProvider>
              <RouterProvider router={props.router} />
            </CartProvider>
          </SessionProvider>
        </NoticeArea>
      </LocalDataContext.Provider>
    </SnapshotContext.Provider>
    <Committed done={props.onCommitted} />
  </StrictMode>
);

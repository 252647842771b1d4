import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ShopSnapshot } from '../schema/shop/shop-snapshot';
import type { User } from '../schema/shared/user';
import type { BoardSnapshot } from '../schema/studio/orders/board-snapshot';
import { shopRouter } from './route-tree';
import { ShopApp } from './shop-app';
import { setCurrentUser } from './shared/auth/current-user';
import { drawBoardWith } from './studio/orders/board/drawn-board';

/**
 * The server's renderer (built by `vite build --ssr` into dist-server/, loaded by server/render/): one public page
 * as HTML, drawn from the same routes and components as the tab, from the server's snapshot instead of the device's
 * store. The tab hydrates it with the same snapshot. `null` for an address the router would write otherwise (a query
 * not in the form the route keeps it, `/items?name=` or `?tags=mom`): the router only redirects there and draws
 * nothing, so the page goes out as the app's shell and the tab draws it at its written address, as it did before. The
 * server answers the addresses it knows to be written otherwise 301 before drawing (schema/shop/written-address.ts).
 */
export const renderPage = async (href: string, snapshot: ShopSnapshot): Promise<string | null> => {
  const router = shopRouter({ history: createMemoryHistory({ initialEntries: [href] }), preload: false });
  await router.load();
  if (!router.state.matches.length) return null;
  return renderToString(<ShopApp router={router} local={null} snapshot={snapshot} />);
};

/** Staff pages are drawn one at a time: the signed-in user and the drawn orders are the app's, not a render's. */
let staffTurn: Promise<unknown> = Promise.resolve();

/**
 * The orders board as the staff member `user` sees it before the device's store has opened (issue 32, item 1): the
 * staff shell and the board of `board`'s orders, drawn with the tab's own guards, shell and board. The tab hydrates it
 * with the same user and orders (client/main.tsx). `null` when the router would not show the board there (a guard
 * said no, an address written otherwise): the page then goes out undrawn, as before.
 */
export const renderStaffPage = (href: string, user: User, board: BoardSnapshot): Promise<string | null> => {
  const turn = staffTurn.then(async () => {
    // The route guards and the session read the signed-in user outside React (current-user.ts); the board its orders.
    setCurrentUser(user);
    drawBoardWith(board);
    try {
      const router = shopRouter({ history: createMemoryHistory({ initialEntries: [href] }), preload: false });
      await router.load();
      const { matches, location } = router.state;
      const shown = matches.at(-1);
      if (location.pathname !== new URL(href, 'http://shop.invalid').pathname || shown?.routeId !== '/admin/orders' || matches.some((m) => m.status !== 'success')) return null;
      return renderToString(<ShopApp router={router} local={null} snapshot={null} />);
    } finally {
      setCurrentUser(null);
      drawBoardWith(undefined);
    }
  });
  staffTurn = turn.catch(() => {});
  return turn;
};

import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ShopSnapshot } from '../schema/shop/shop-snapshot';
import type { User } from '../schema/shared/user';
import { drawnScreenOf, type StaffSnapshot } from '../schema/studio/orders/board-snapshot';
import type { DrawnScreen } from '../schema/studio/orders/staff-snapshot-ids';
import { shopRouter } from './route-tree';
import { ShopApp } from './shop-app';
import { setCurrentUser } from './shared/auth/current-user';
import { drawBoardWith } from './studio/orders/board/drawn-board';
import { drawOrderWith } from './studio/orders/order-page/drawn-order';
import { drawDashboardWith } from './studio/admin/drawn-dashboard';
import { drawWriteOffWith } from './studio/stock/moves/drawn-write-off';

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

/** Staff pages are drawn one at a time: the signed-in user and the drawn snapshot are the app's, not a render's. */
let staffTurn: Promise<unknown> = Promise.resolve();

/**
 * The route each drawn staff screen is (schema `drawnScreens`): the router must end there for the page to be drawn. The
 * write-off form is a record's new form (/admin/slips/new), whose snapshot the server gives at that address only.
 */
const drawnRoutes: Record<DrawnScreen, string> = { board: '/admin/orders', order: '/admin/orders/$id', dashboard: '/admin/', writeOff: '/admin/$resource/$id' };

/**
 * A screen filled from what the device keeps, which the server cannot know: the write-off form reopened from an act the
 * server refused (`?from=`, client/data/sync/refused-changes.ts) starts from that act, read when the form is first
 * drawn. Such a page goes out with its choices undrawn, and the tab draws the form itself, as before.
 */
const deviceFilled = (screen: DrawnScreen, search: URLSearchParams) => screen === 'writeOff' && search.has('from');

/** React's mark of a boundary left for the browser to draw (renderToString writes its fallback there). */
const suspendedIn = (html: string) => html.includes('<!--$!-->');

/** Gives the screens the snapshot they draw from, as the tab reads it from the page (`undefined`: none, after a page). */
const drawWith = (snapshot: StaffSnapshot | undefined) => {
  drawBoardWith(snapshot && 'board' in snapshot ? snapshot.board : undefined);
  drawOrderWith(snapshot && 'order' in snapshot ? snapshot.order : undefined);
  drawDashboardWith(snapshot && 'dashboard' in snapshot ? snapshot.dashboard : undefined);
  drawWriteOffWith(snapshot && 'writeOff' in snapshot ? snapshot.writeOff : undefined);
};

/**
 * A drawn staff screen (the orders board, an order page, the dashboard, the write-off form) as the staff member `user` sees it before the device's store
 * has opened (issue 32, item 1): the staff shell and the screen of `snapshot`, drawn with the tab's own guards, shell
 * and screen. The tab hydrates it with the same user and snapshot (client/main.tsx). `null` when the router would not
 * show that screen there (a guard said no, an address written otherwise, a snapshot no screen draws) or the screen
 * suspended (a snapshot that does not fit it): the page then goes out undrawn, as before.
 */
export const renderStaffPage = (href: string, user: User, snapshot: StaffSnapshot): Promise<string | null> => {
  const turn = staffTurn.then(async () => {
    const screen = drawnScreenOf(snapshot);
    const address = new URL(href, 'http://shop.invalid');
    if (!screen || deviceFilled(screen, address.searchParams)) return null;
    const routeId = drawnRoutes[screen];
    // The route guards and the session read the signed-in user outside React (current-user.ts); the screen its snapshot.
    setCurrentUser(user);
    drawWith(snapshot);
    try {
      const router = shopRouter({ history: createMemoryHistory({ initialEntries: [href] }), preload: false });
      await router.load();
      const { matches, location } = router.state;
      const shown = matches.at(-1);
      if (location.pathname !== address.pathname || shown?.routeId !== routeId || matches.some((m) => m.status !== 'success')) return null;
      const html = renderToString(<ShopApp router={router} local={null} snapshot={null} />);
      // A screen that suspended (its snapshot did not fit it) is drawn as its fallback, to be drawn by the tab: that is
      // an undrawn page, so it goes out as one.
      return suspendedIn(html) ? null : html;
    } finally {
      setCurrentUser(null);
      drawWith(undefined);
    }
  });
  staffTurn = turn.catch(() => {});
  return turn;
};

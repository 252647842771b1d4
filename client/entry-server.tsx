import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ShopSnapshot } from '../schema/shop/shop-snapshot';
import { shopRouter } from './route-tree';
import { ShopApp } from './shop-app';

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

import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ShopSnapshot } from '../schema/shop-snapshot';
import { shopRouter } from './route-tree';
import { ShopApp } from './shop-app';

/**
 * The server's renderer (built by `vite build --ssr` into dist-server/, loaded by server/render/): one public page
 * as HTML, drawn from the same routes and components as the tab, from the server's snapshot instead of the device's
 * store. The tab hydrates it with the same snapshot.
 */
export const renderPage = async (href: string, snapshot: ShopSnapshot): Promise<string> => {
  const router = shopRouter({ history: createMemoryHistory({ initialEntries: [href] }), preload: false });
  await router.load();
  return renderToString(<ShopApp router={router} local={null} snapshot={snapshot} />);
};

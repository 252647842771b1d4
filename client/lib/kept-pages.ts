/**
 * Pages the service worker keeps, so a page the visitor has seen opens offline at once with what the server drew it
 * from (its snapshot): navigations go to the network first, and their answer is kept (vite.config.ts); without the
 * network the kept copy answers, else the app's shell. A page loaded before the worker took over, or reached inside
 * the tab, is asked for again through the worker to be kept (`keepPage` in shared/install/pwa.ts).
 */

/** The cache that holds them (the worker's and the tab's name for it). */
export const keptPagesCache = 'pages';

/** How many pages are kept; the oldest goes first. */
export const keptPagesMax = 100;

/**
 * A page asked for to be kept (not a navigation) carries this header, so the worker's route for pages takes it. The
 * worker's code is written out as text by the build: functions handed to it must not use anything from outside them.
 */
export const keepPageHeader = 'x-keep-page';

/**
 * Whether the worker answers this request as a page: a navigation, or a page asked for to be kept; never the API,
 * the sync endpoint, pictures or the search engines' files. Self-contained: the build writes it into the worker.
 */
export const isPageRequest = ({ request, url }: { request: Request; url: URL }): boolean =>
  (request.mode === 'navigate' || request.headers.get('x-keep-page') === '1') && !/^\/(api|db|img)\//.test(url.pathname) && !/^\/(sitemap\.xml|robots\.txt)$/.test(url.pathname);

/**
 * A page is kept, and a kept one used, only while the worker holds its scripts too: a page drawn by another build
 * (the server updated before the worker, or a kept page whose build's files a newer worker has removed) would open
 * without them offline, so the app's shell of the worker's own build answers instead. Both hooks of a workbox plugin
 * (`cacheWillUpdate`, `cachedResponseWillBeUsed`). Self-contained: the build writes it into the worker.
 */
export const withItsScripts = async ({ response, cachedResponse }: { response?: Response; cachedResponse?: Response }): Promise<Response | null> => {
  const page = response ?? cachedResponse;
  if (!page) return null;
  const text = await page.clone().text();
  // A page carrying the studio's orders, stock, tasks or calendar (the board's, an order page's, the dashboard's or the
  // write-off form's first content, server/render/board-snapshot.ts) is never kept: they would outlive a sign-out
  // there. Offline, the shell answers and the screen reads the device.
  if (/id="(board|order|dashboard|write-off)-snapshot"/.test(text)) return null;
  const script = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(text)?.[1];
  return script && (await caches.match(script, { ignoreSearch: true })) ? page : null;
};

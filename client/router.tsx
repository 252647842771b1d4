import { shopRouter, titleForPath } from './route-tree';
import { analytics } from './shared/analytics/analytics';
import { scrollAfterNavigation } from './frame/scrolling';
import { entryOf, rememberScroll, restoreScroll, takeOverScrollRestoration } from './frame/scroll-memory';
import { setFallbackTitle } from './ui/page-title';
import { prefersNoPrefetch } from './frame/slow-connection';
import { buildIsStale, reloadOnce } from './shared/freshness/freshness';
import { onUserChange } from './shared/auth/current-user';
import { keepPage } from './shared/install/pwa';

/** The tab's router: the browser's history, titles, scroll memory and page views. */
export const router = shopRouter({ preload: !prefersNoPrefetch() });

// Guards (`beforeLoad`) decide by who is signed in: when that changes, the screen on show is checked again.
onUserChange(() => void router.invalidate());

// Back or Forward returns to an entry whose scroll position was kept when the shopper left it.
takeOverScrollRestoration();
let travelled = false;
router.history.subscribe(({ action }) => {
  travelled = action.type === 'BACK' || action.type === 'FORWARD' || action.type === 'GO';
});

router.subscribe('onBeforeLoad', ({ fromLocation, toLocation, pathChanged }) => {
  if (fromLocation) rememberScroll(entryOf(fromLocation));
  if (pathChanged) setFallbackTitle(titleForPath(toLocation.pathname));
});

router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
  analytics.pageView(toLocation.pathname);
  keepPage(toLocation.pathname + toLocation.searchStr);
  const restored = travelled && restoreScroll(entryOf(toLocation));
  travelled = false;
  if (!restored && (pathChanged || toLocation.hash)) scrollAfterNavigation(toLocation.hash);
  if (buildIsStale()) reloadOnce();
});
setFallbackTitle(titleForPath(location.pathname));

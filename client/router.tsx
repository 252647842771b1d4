import { shopRouter, titleForPath } from './route-tree';
import { analytics } from './shared/analytics/analytics';
import { scrollAfterNavigation } from './frame/scrolling';
import { entryOf, rememberScroll, restoreScroll, takeOverScrollRestoration } from './frame/scroll-memory';
import { setFallbackTitle } from './ui/page-title';
import { prefersNoPrefetch } from './frame/slow-connection';
import { buildIsStale, reloadOnce } from './shared/freshness/freshness';
import { onUserChange } from './shared/auth/current-user';
import { keepPage } from './shared/install/pwa';

/** The history entry the page was loaded at (the router keys each entry; a later one, a replace included, has another key). */
const first: { entry?: string } = {};
/**
 * Whether the router shows the page's first screen, at the entry the page was loaded at: what the server drew, or the
 * tab's first draw. Nothing scrolls it: on a slow phone the person scrolls while the app starts, and the router's reset
 * at its first render and ours after it (`scrollAfterNavigation`) moved a button from under a finger between press and
 * release, so the tap was lost (an order page's «Изменить заказ», a product's «В корзину» in loaded test runs). A fresh
 * load starts at the top by itself (`takeOverScrollRestoration`).
 */
const onFirstScreen = (location: { state: { __TSR_key?: string } }) => first.entry !== undefined && location.state.__TSR_key === first.entry;

/** The tab's router: the browser's history, titles, scroll memory and page views. */
export const router = shopRouter({ preload: !prefersNoPrefetch(), scrollRestoration: ({ location }) => !onFirstScreen(location) });
first.entry = router.history.location.state.__TSR_key;

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
  if (!restored && ((pathChanged && !onFirstScreen(toLocation)) || toLocation.hash)) scrollAfterNavigation(toLocation.hash);
  if (buildIsStale()) reloadOnce();
});
setFallbackTitle(titleForPath(location.pathname));

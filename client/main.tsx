import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { router } from './router';
import { preloadAdminGuards } from './admin-routes';
import { localOpened, storeWanted, type Local } from './data/local-data-context';
import { readSnapshot } from './data/snapshot-context';
import { holdEarlyTaps } from './lib/early-taps';
import { keepLaterCode, startOfflineSupport } from './shared/install/pwa';
import { currentUser, onUserChange, setCurrentUser } from './shared/auth/current-user';
import { pendingLogout } from './shared/auth/pending-logout';
import { isStaff, user as userSchema, type User } from '../schema/shared/user';
import { analytics } from './shared/analytics/analytics';
import { watchFreshness } from './shared/freshness/freshness';
import { ShopApp } from './shop-app';
import { drawnSnapshotElementIds, staffSnapshotElementIds, staffUserElementId } from '../schema/studio/orders/staff-snapshot-ids';
import './styles.css';
// The product list's styles come with the page's own, not with the storefront's screens' chunk (storefront-screens.tsx):
// a page the server drew shows its cards before that chunk has arrived.
import './shop/catalog/product-list.css';

const testHooks = import.meta.env.DEV || 'shopTestHooks' in window;
/**
 * The device's data on `window.shopData`, for the console in the dev server and for browser tests, which ask
 * for it before the page loads (e2e/harness.ts). A production page shows it to no one else.
 */
const exposeForTests = (local: Local) => {
  if (testHooks) Object.assign(window, { shopData: local.data });
};
// The router on `window.shopRouter` likewise: a journey going through many addresses moves inside the tab, as a person does.
if (testHooks) Object.assign(window, { shopRouter: router });

const openStore = async (root: Root): Promise<Local | null> => {
  try {
    const { openDevice } = await import('./data/open-device');
    const local = await openDevice();
    // The bench's timeline of a first open (bench/admin-open.ts): when the device's store was ready.
    performance.mark('shop:store-opened');
    exposeForTests(local);
    localOpened(local);
    return local;
  } catch (e) {
    console.error('Хранилище на устройстве не открылось', e);
    const { StoreFailure } = await import('./store-failure');
    root.render(<StoreFailure error={e} />);
    return null;
  }
};

/**
 * How long after the page has loaded the device's store opens when nothing asks for it sooner. At 3 s its opening (RxDB's
 * chunk, the first pull into IndexedDB: 100–150 ms tasks at 4× slowdown) still fell inside Lighthouse's window in some
 * runs, adding up to 500 ms of blocking time.
 */
const storeDelayMs = 6000;

/**
 * The device's store is not part of the first view: it opens a while after the page has loaded, when the browser is
 * idle; at once when the shopper first touches or types (a cart, a sign-in, a search is coming), or when a screen or
 * an action needs it (`storeWanted`). A page the service worker answered (a returning visitor's; a first visit never
 * is one) opens it right after hydration, as the shell the worker used to answer with did.
 */
const afterFirstView = () =>
  Promise.race([
    storeWanted,
    // The drawn board's page ran the entry only at a touch, a key or when idle a while after load
    // (client/public/board-boot.js): what would open the store has come already.
    ...(document.documentElement.dataset.woken ? [Promise.resolve()] : []),
    ...('serviceWorker' in navigator && navigator.serviceWorker.controller ? [Promise.resolve()] : []),
    new Promise<void>((resolve) => {
      for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
    }),
    new Promise<void>((resolve) => {
      const later = () => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : resolve()), storeDelayMs);
      if (document.readyState === 'complete') later();
      else addEventListener('load', later, { once: true });
    }),
  ]);

/** Ends the current task: what follows runs in a task of its own, and the browser may paint or take input between. */
const nextTask = () => new Promise<void>((resume) => setTimeout(resume, 0));

/**
 * The code of every screen the address shows (the back-office's shell and the screen in it) starts loading at once:
 * the router would fetch it only after the guards' chunk has arrived and run. Code only: the guards still decide
 * what is shown.
 */
const preloadScreens = (): boolean => {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
  // The back-office's guards and the entity registry they read, likewise (the routes ask for them first).
  const backOffice = routes.some((route) => route.id.startsWith('/admin'));
  if (backOffice) preloadAdminGuards();
  return backOffice;
};

/** Whether the server wrote a staff screen's first content into this page (the board's days, an order, the dashboard's today, the write-off form's choices). */
const drawnStaffScreen = () => staffSnapshotElementIds.some((id) => document.getElementById(id));

/**
 * The staff member the server drew this page's staff screen for (`drawnScreens`: the orders board, an order page, the dashboard, the write-off form; server/render/renderer.ts
 * `withDrawnScreen`), or `null` where it drew none. Not while a sign-out waits to finish on this device: the tab is
 * signed out already, so it draws the page itself.
 */
const drawnScreenFor = (container: HTMLElement): User | null => {
  const drawn = Object.values(drawnSnapshotElementIds).some((id) => document.getElementById(id));
  const text = container.firstElementChild && drawn ? document.getElementById(staffUserElementId)?.textContent : null;
  if (!text || pendingLogout()) return null;
  try {
    return userSchema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
};

/** Longest wait for the first screen's paint before the store opens anyway. */
const firstPaintWaitMs = 3000;

/**
 * Resolves once the router has drawn its first screen and the browser has painted it (a frame, then a task), or after
 * `firstPaintWaitMs` whatever happened.
 */
const screenPainted = () =>
  new Promise<void>((resolve) => {
    const done = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    const stop = router.subscribe('onRendered', () => (stop(), done()));
    setTimeout(() => (stop(), resolve()), firstPaintWaitMs);
  });

/**
 * A server-rendered page (it carries the server's snapshot) is hydrated at once from that snapshot, and the device's
 * store is opened after: the page is the server's until then, and the same afterwards. The app's plain shell (the
 * service worker's page offline) opens the store first and renders from it, as it always did.
 */
const start = async () => {
  const container = document.getElementById('root')!;
  // A page the server drew has buttons already; the plain shell has none until the store opens.
  const releaseTaps = container.firstElementChild ? holdEarlyTaps(container) : () => {};
  // A staff screen the server drew for a staff member (the board, an order page): the tab's session starts with that
  // user, so the guards let the screen through and the shell shows the same menu as the server drew (issue 32, item 1).
  const drawnFor = drawnScreenFor(container);
  if (drawnFor) setCurrentUser(drawnFor);
  startOfflineSupport();
  // Staff code is kept for offline once a staff member is signed in (client/lib/later-code.ts).
  const keepIfStaff = () => isStaff(currentUser()) && keepLaterCode('staff');
  keepIfStaff();
  onUserChange(keepIfStaff);
  analytics.loadWhenIdle();
  watchFreshness(__BUILD_DATE__);
  // The scripts' evaluation is one long task already; reading the snapshot and the router's first load go after it.
  await nextTask();
  const snapshot = readSnapshot();
  if (snapshot || drawnFor) {
    // The screen's chunks (named in the page) run beside the router's first load rather than after its guards.
    if (drawnFor) preloadScreens();
    // Tells the router its first screen came from the server: it then draws it as the server did (no Suspense around
    // the matches), so React takes over the server's elements instead of drawing them again.
    router.ssr = { manifest: undefined };
    await router.load();
    let root: Root | undefined;
    await new Promise<void>((hydrated) => {
      const hydrate = () => {
        root = hydrateRoot(container, <ShopApp router={router} local={null} snapshot={snapshot} onCommitted={hydrated} />);
      };
      // A drawn staff screen is hydrated in a transition, so React takes it over in slices between which the browser may
      // paint and take input: at once it was one long task of the page's first seconds (Lighthouse's TBT). Taps
      // meanwhile are held (`holdEarlyTaps`) and nothing updates the tree before it is committed.
      if (drawnFor) startTransition(hydrate);
      else hydrate();
    });
    releaseTaps();
    // For journeys: the server's page is the app's now (a navigation before this commit left the drawn screen a while).
    if (testHooks) Object.assign(window, { shopPageTaken: true });
    if (!root) return;
    const hydratedRoot = root;
    await afterFirstView();
    const local = await openStore(hydratedRoot);
    if (local) hydratedRoot.render(<ShopApp router={router} local={local} snapshot={snapshot} />);
    return;
  }
  releaseTaps();
  const root = createRoot(container);
  if (testHooks) Object.assign(window, { shopPageTaken: true });
  // The screen's code (a back-office area's chunks, its guards and the entity registry they read) loads and runs while
  // the store opens: neither waits for the other (issue 32, item 1).
  const backOffice = preloadScreens();
  // A back-office screen is drawn at once, without the store: the shell, the menu and what needs no device data show
  // while it opens, and a part that reads the device waits for it alone (`useLocal` suspends). The storefront's plain
  // shell (the worker's page offline) still opens the store first: its screens draw from it or from a snapshot.
  if (backOffice) {
    root.render(<ShopApp router={router} local={null} snapshot={null} />);
    // A screen the server gave its first content (the board, an order page) shows it before the store's opening (RxDB,
    // Dexie, the collections' schemas, the first pull: seconds of main thread on a slow phone) takes the main thread,
    // and then opens it by the storefront's rule (`afterFirstView`): when the browser is idle a while after load, at
    // the first touch or key, or as soon as a part of the screen or an action asks for it (`useLocal`, `openedLocal`);
    // at once where the service worker answered (a reopen). Another screen needs the store for its content, which
    // opens at once.
    if (drawnStaffScreen()) {
      await screenPainted();
      await afterFirstView();
    }
  }
  const local = await openStore(root);
  if (local) root.render(<ShopApp router={router} local={local} snapshot={null} />);
};

void start();

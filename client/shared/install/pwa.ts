import { Workbox } from 'workbox-window';
import { addressOf } from '../../../schema/shop/address';
import { keepPageHeader } from '../../lib/kept-pages';
import { laterFilesList, laterFilesSchema, type LaterKind } from '../../lib/later-code';
import { installStates } from './install-state';
import { workerRefused } from './active-worker';
/** Spec §9: the worker is checked every 3600 s. */
const workerCheckMs = 3600_000;
/** How long 'ready to work offline' stays on screen. */
const offlineNoticeMs = 6000;

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

// The server renders this module's banner too, where there is no storage (and nothing to install).
const states = installStates(typeof localStorage === 'undefined' ? { getItem: () => null, setItem: () => {} } : localStorage);
export const installState$ = states.state$;
let workbox: Workbox | undefined;
let installPrompt: InstallPromptEvent | undefined;

/** The storefront's pages, which the server draws with their products; not the back-office or one visitor's screens. */
const drawnByServer = (path: string): boolean => {
  const { pathname } = new URL(path, location.origin);
  const address = addressOf(pathname);
  return !!address && address.kind !== 'admin' && (address.kind !== 'screen' || pathname === '/');
};

const keptInThisTab = new Set<string>();

/**
 * Has the worker keep a page the visitor has seen (client/lib/kept-pages.ts), so it opens offline at once with its
 * products: the first page, loaded before the worker took over, and pages reached inside the tab, which never pass
 * the worker as navigations. Once per page and tab; the worker fetches it when it is active.
 */
export const keepPage = (path: string) => {
  if (!workbox || keptInThisTab.has(path) || !drawnByServer(path)) return;
  keptInThisTab.add(path);
  void navigator.serviceWorker.ready.then(({ active }) => active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [[path, { headers: { [keepPageHeader]: '1' } }]] } }));
};

const laterAsked = { shop: false, staff: false };
/** Files asked for at once: two connections stay with sync's long polls, and one is left for anything else. */
const laterBatch = 3;

/**
 * Has the worker fetch and keep the code the first view did not need (client/lib/later-code.ts): the storefront's
 * lazy screens for every visitor, once the worker is active; the back-office's once a staff member is signed in.
 * Once per tab and kind; asked again by the next tab if it failed (offline, or between builds).
 */
export const keepLaterCode = (kind: LaterKind) => {
  if (!workbox || laterAsked[kind]) return;
  laterAsked[kind] = true;
  const wb = workbox;
  void (async () => {
    try {
      await navigator.serviceWorker.ready;
      const answer = await fetch(laterFilesList, { cache: 'no-cache' });
      if (!answer.ok) throw new Error(`${laterFilesList}: ${answer.status}`);
      const urls = laterFilesSchema.parse(await answer.json())[kind];
      // A few at a time: all at once took every connection the browser allows the shop (six), and the device's first
      // pull of the catalogue waited behind them; a florist who went offline then had no bouquets to pick.
      for (let i = 0; i < urls.length; i += laterBatch) await wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls.slice(i, i + laterBatch) } });
    } catch (e) {
      laterAsked[kind] = false;
      console.warn('Код не сохранён для работы без сети:', e instanceof Error ? e.message : e);
    }
  })();
};

/** Registers the service worker that precaches the app, so it opens without network. */
export const startOfflineSupport = () => {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', states.updateWaiting);
  workbox.addEventListener('installed', (e) => {
    if (e.isUpdate) return;
    states.offlineReady();
    setTimeout(states.offlineNoticeShown, offlineNoticeMs);
  });
  workbox.addEventListener('controlling', (e) => e.isUpdate && location.reload());
  // A browser may refuse the worker (a private window, a policy): the shop then works online only, without an error.
  workbox.register().catch((e: unknown) => {
    console.warn('Работа без сети недоступна в этом браузере:', e instanceof Error ? e.message : e);
    workerRefused();
  });
  keepLaterCode('shop');
  // A page that came through the worker is kept already; one loaded before it took over is asked for again.
  const here = location.pathname + location.search;
  if (navigator.serviceWorker.controller) keptInThisTab.add(here);
  else keepPage(here);
  setInterval(async () => {
    const answer = await fetch('/sw.js', { cache: 'no-cache' }).catch(() => undefined);
    if (answer?.status === 200) void workbox?.update();
  }, workerCheckMs);
  addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installPrompt = e as InstallPromptEvent;
    states.promptAvailable();
  });
};

export const applyUpdate = () => workbox?.messageSkipWaiting();
export const install = async () => {
  await installPrompt?.prompt();
  states.installed();
};
export const dismissInstall = () => states.dismiss();

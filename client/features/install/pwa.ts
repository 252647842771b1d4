import { Workbox } from 'workbox-window';
import { installStates } from './install-state';
/** Spec §9: the worker is checked every 3600 s. */
export const workerCheckMs = 3600_000;
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
  void workbox.register();
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

import { Workbox } from 'workbox-window';
import { BehaviorSubject } from 'rxjs';

/** Spec §1 install-prompt states. */
export type InstallState = 'idle' | 'update waiting' | 'offline ready' | 'prompt available' | 'dismissed';

const dismissedKey = 'shop:install-dismissed';
/** Spec §9: the worker is checked every 3600 s. */
export const workerCheckMs = 3600_000;
/** How long 'ready to work offline' stays on screen. */
const offlineNoticeMs = 6000;

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

export const installState$ = new BehaviorSubject<InstallState>(localStorage.getItem(dismissedKey) ? 'dismissed' : 'idle');
let workbox: Workbox | undefined;
let installPrompt: InstallPromptEvent | undefined;

/** Registers the service worker that precaches the app, so it opens without network. */
export const startOfflineSupport = () => {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => installState$.next('update waiting'));
  workbox.addEventListener('installed', (e) => {
    if (e.isUpdate) return;
    installState$.next('offline ready');
    setTimeout(() => installState$.value === 'offline ready' && installState$.next('idle'), offlineNoticeMs);
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
    if (installState$.value !== 'dismissed') installState$.next('prompt available');
  });
};

export const applyUpdate = () => workbox?.messageSkipWaiting();
export const install = async () => {
  await installPrompt?.prompt();
  installState$.next('idle');
};
export const dismissInstall = () => {
  localStorage.setItem(dismissedKey, '1');
  installState$.next('dismissed');
};

import { BehaviorSubject } from 'rxjs';

/** Spec §1 install-prompt states ('idle': nothing to say). */
type InstallState = 'idle' | 'update waiting' | 'offline ready' | 'prompt available' | 'dismissed';

const dismissedKey = 'shop:install-dismissed';

/** The install banner's states; a dismissal is remembered in local storage and outlives reloads. */
export const installStates = (storage: Pick<Storage, 'getItem' | 'setItem'>) => {
  const state$ = new BehaviorSubject<InstallState>(storage.getItem(dismissedKey) ? 'dismissed' : 'idle');
  return {
    state$,
    updateWaiting: () => state$.next('update waiting'),
    offlineReady: () => state$.next('offline ready'),
    offlineNoticeShown: () => state$.value === 'offline ready' && state$.next('idle'),
    promptAvailable: () => state$.value !== 'dismissed' && state$.next('prompt available'),
    installed: () => state$.next('idle'),
    dismiss() {
      storage.setItem(dismissedKey, '1');
      state$.next('dismissed');
    },
  };
};

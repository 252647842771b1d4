import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};

/** Whether the browser believes it is online (it may be wrong the other way: online, the server out of reach). */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);

/** Outside React: false only when the browser knows it has no network (no `navigator`, as in Node, counts as online). */
export const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * `false` while React draws on the server and while the tab hydrates what the server drew, `true` after (at once where
 * the tab draws the page itself): what only the browser knows (its storage, its devices, `document.body`) is drawn
 * after hydration, so the tab's first render is the server's and nothing mismatches (issue 32, item 1).
 */
export const useHydrated = (): boolean => useSyncExternalStore(unchanging, () => true, () => false);

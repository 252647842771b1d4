let refused: (none: null) => void = () => {};
const refusal = new Promise<null>((resolve) => (refused = resolve));

/** Said by the registration (pwa.ts) when the browser refuses the worker: a private window, a policy. */
export const workerRefused = () => refused(null);

/**
 * The shop's service worker once it is active, or null where the browser refused it (`ready` alone would never
 * resolve there): what needs the worker, such as staff notifications, says so at once instead of waiting for ever.
 */
export const activeWorker = (): Promise<ServiceWorkerRegistration | null> => ('serviceWorker' in navigator ? Promise.race([navigator.serviceWorker.ready, refusal]) : Promise.resolve(null));

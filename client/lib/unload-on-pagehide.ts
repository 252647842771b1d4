/**
 * The `unload` package's API (used by broadcast-channel, under RxDB's leader election), on `pagehide` instead of
 * `unload`: an `unload` listener keeps a page out of the back/forward cache. The work runs when the page is really
 * left (`persisted` false); a page kept in the cache keeps its channels for when it comes back. vite.config.ts puts
 * this module in the package's place.
 */
type Listener = () => unknown;

const listeners = new Set<Listener>();
let listening = false;

export const runAll = (): Promise<unknown[]> => {
  const all = [...listeners];
  listeners.clear();
  return Promise.all(all.map((fn) => fn()));
};

export const add = (fn: Listener) => {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('pagehide', (e) => {
      if (!e.persisted) void runAll();
    });
  }
  listeners.add(fn);
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn);
      return fn();
    },
  };
};

export const removeAll = () => listeners.clear();
export const getSize = () => listeners.size;

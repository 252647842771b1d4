/**
 * Going back to a shelf puts it where the shopper left it. The router does not keep scroll positions (and the
 * shelf is drawn from the device's database a moment after the route renders, too late for a restore at render):
 * the position of each history entry is kept here when the shopper leaves it, and on Back or Forward it is scrolled
 * to as soon as the page is tall enough.
 */
const storageKey = 'shop:scroll-positions';
const kept = 200;

const read = (): Record<string, number> => {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
};
let positions: Record<string, number> | null = null;
const all = () => (positions ??= read());

/** A history entry: the router's key for it, or its address when it has none (the first page of a visit). */
export const entryOf = (location: { href: string; state: { __TSR_key?: string } }): string => location.state.__TSR_key ?? location.href;

export const rememberScroll = (entry: string) => {
  const map = all();
  delete map[entry];
  map[entry] = Math.round(scrollY);
  const keys = Object.keys(map);
  for (const old of keys.slice(0, Math.max(0, keys.length - kept))) delete map[old];
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(map));
  } catch {
    // a full or refused sessionStorage only loses the restore after a reload
  }
};

/** The browser's own restore runs before the shelf is drawn and lands short of it; this module does it instead. */
export const takeOverScrollRestoration = () => {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
};

/**
 * Stop trying if the page never grows that tall (the shelf changed meanwhile). Generous: on a slow phone the shelf is
 * drawn from the device's database seconds after the route, and a restore that had given up (it was 5 s) left the
 * shopper at the top; the shopper's own scroll, tap or key, or leaving the address, stops it sooner.
 */
const giveUpAfterMs = 20_000;
/** Frames the position must hold before the restore is done (late layout, the router's own scroll to top). */
const steadyFrames = 10;

/** Scrolls to where the entry was left; stops at once when the shopper scrolls, taps or types. */
export const restoreScroll = (entry: string): boolean => {
  const y = all()[entry];
  if (y === undefined) return false;
  const address = location.href;
  const started = performance.now();
  let steady = 0;
  let stopped = false;
  const interactions = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  const stop = () => {
    stopped = true;
    for (const type of interactions) removeEventListener(type, stop, true);
  };
  for (const type of interactions) addEventListener(type, stop, { capture: true, passive: true });
  const step = () => {
    if (stopped) return;
    if (location.href !== address) return stop();
    const reachable = document.documentElement.scrollHeight - innerHeight;
    if (Math.abs(scrollY - y) > 1 && reachable >= y - 1) scrollTo({ top: y, behavior: 'instant' });
    steady = Math.abs(scrollY - y) <= 1 ? steady + 1 : 0;
    if (steady >= steadyFrames || performance.now() - started > giveUpAfterMs) return stop();
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  return true;
};

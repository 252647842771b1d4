/**
 * Spec §1, §8, §9: a new build is detected by polling the latest-build marker every hour; a stale page
 * (a failed chunk or marker fetch) reloads, guarded by a 10-second session marker so it cannot loop.
 */
const buildCheckMs = 3_600_000;
export const reloadGuardMs = 10_000;
const guardKey = 'shop:reloaded-at';

/** Reloads unless this tab already did within the last 10 s. Answers whether it reloaded. */
export const reloadOnce = (storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, reload = () => location.reload(), now = Date.now()): boolean => {
  const last = Number(storage.getItem(guardKey) ?? 0);
  if (now - last < reloadGuardMs) return false;
  storage.setItem(guardKey, String(now));
  reload();
  return true;
};

/** Asks the server which build is current; a different one means this page is stale. */
export const isStale = async (currentBuild: string, fetchMarker = () => fetch('/latest-build.json', { cache: 'no-cache' })): Promise<boolean> => {
  try {
    const answer = await fetchMarker();
    if (!answer.ok) return answer.status === 404;
    return ((await answer.json()) as { build: string }).build !== currentBuild;
  } catch {
    return false; // offline: nothing to compare with
  }
};

/**
 * A part of the app failed to load. Online that means this page is older than the server's build: reload once.
 * Offline it means only that the part was not kept yet, and a reload would trade the page in hand for the
 * browser's offline screen while the worker is still keeping the app: the failure is left to whoever asked.
 */
export const afterChunkFailure = (online: boolean, reload: () => boolean = reloadOnce): boolean => online && reload();

let stale = false;
/** A newer build is out: the router reloads on the next navigation, so nobody loses what they were typing. */
export const buildIsStale = (): boolean => stale;

/** Starts the hourly check and the chunk-failure guard. */
export const watchFreshness = (currentBuild: string) => {
  addEventListener('vite:preloadError', (e) => {
    if (!afterChunkFailure(navigator.onLine)) return;
    e.preventDefault();
    console.warn('Не удалось загрузить часть приложения: страница перезагружена');
  });
  setInterval(async () => {
    if (await isStale(currentBuild)) {
      console.warn('Вышла новая версия магазина');
      stale = true;
    }
  }, buildCheckMs);
};

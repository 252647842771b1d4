/**
 * Spec §1, §8, §9: a new build is detected by polling the latest-build marker every hour; a stale page
 * (a failed chunk or marker fetch) reloads, guarded by a 10-second session marker so it cannot loop, and only once
 * the server answers: with the server out of reach the shop says so and reloads when it is back.
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
 * Whether the shop's server answers now: a HEAD of the build marker, never from a cache, within a few seconds. Any
 * answer below 500 is the server's own (a proxy in front of a server that is down answers 502/503).
 */
export const serverAnswers = async (
  ask: (signal: AbortSignal) => Promise<Response> = (signal) => fetch('/latest-build.json', { method: 'HEAD', cache: 'no-store', signal }),
  timeoutMs = 4_000,
): Promise<boolean> => {
  try {
    return (await ask(AbortSignal.timeout(timeoutMs))).status < 500;
  } catch {
    return false;
  }
};

/**
 * A part of the app failed to load. When the server answers, this page is older than the server's build: reload
 * once (`reloaded`; `kept` when this tab reloaded a moment ago: the failure is the router's to show). Offline, or
 * with the server out of reach (`navigator.onLine` stays true when only the shop's server is away), a reload would
 * trade the page in hand for the browser's error page: nothing is reloaded (`away`), and the caller waits for the
 * server (`reloadWhenServerAnswers`).
 */
export const afterChunkFailure = async (
  online: boolean,
  answers: () => Promise<boolean> = () => serverAnswers(),
  reload: () => boolean = reloadOnce,
): Promise<'reloaded' | 'kept' | 'away'> => {
  if (!online || !(await answers())) return 'away';
  return reload() ? 'reloaded' : 'kept';
};

/** What the shopper reads while a part of the page waits for the shop's server. */
export const serverAwayText = 'Нет связи с магазином: часть страницы не загрузилась. Страница обновится сама, как только связь вернётся.';

/** The shop's own notice, on top of whatever the page shows (the router's error page for the part that failed). */
export const serverAwayNotice = (doc: Document = document) => {
  let box: HTMLElement | null = null;
  return {
    show() {
      if (box) return;
      box = doc.createElement('div');
      box.className = 'notices';
      const line = doc.createElement('p');
      line.className = 'notice';
      line.setAttribute('role', 'status');
      line.dataset.testid = 'server-away';
      line.textContent = serverAwayText;
      box.append(line);
      doc.body.append(box);
    },
    hide() {
      box?.remove();
      box = null;
    },
  };
};

/** How often the server is asked again while the browser says it is online (an `online` event asks at once). */
export const serverRetryMs = 15_000;

/**
 * Shows the notice and asks the server again when the browser comes back online and every `everyMs`; once it answers,
 * the notice goes and the page reloads once (`reloadOnce`). Answers a function that stops waiting.
 */
export const reloadWhenServerAnswers = (
  answers: () => Promise<boolean>,
  notice: { show(): void; hide(): void },
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
  reload: () => boolean = reloadOnce,
  everyMs = serverRetryMs,
): (() => void) => {
  let asking = false;
  let stopped = false;
  const ask = async () => {
    if (asking || stopped) return;
    asking = true;
    const back = await answers();
    asking = false;
    if (!back || stopped) return;
    stop();
    notice.hide();
    reload();
  };
  const onOnline = () => void ask();
  const timer = setInterval(onOnline, everyMs);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    events.removeEventListener('online', onOnline);
  };
  events.addEventListener('online', onOnline);
  notice.show();
  return stop;
};

let stale = false;
/** A newer build is out: the router reloads on the next navigation, so nobody loses what they were typing. */
export const buildIsStale = (): boolean => stale;

/** Starts the hourly check and the chunk-failure guard. */
export const watchFreshness = (currentBuild: string) => {
  // Ours alone to decide: left to go on, the failure made TanStack's lazy routes reload by themselves, server or not.
  // The import then answers nothing and whoever asked shows its error page; the server is asked first, and the page
  // reloads only when it answers, else the shop says so and reloads once it does.
  const notice = serverAwayNotice();
  let waiting: (() => void) | null = null;
  addEventListener('vite:preloadError', (e) => {
    e.preventDefault();
    void afterChunkFailure(navigator.onLine).then((outcome) => {
      if (outcome === 'reloaded') console.warn('Не удалось загрузить часть приложения: страница перезагружена');
      if (outcome === 'away') waiting ??= reloadWhenServerAnswers(() => serverAnswers(), notice);
    });
  });
  setInterval(async () => {
    if (await isStale(currentBuild)) {
      console.warn('Вышла новая версия магазина');
      stale = true;
    }
  }, buildCheckMs);
};

import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestShop } from '../server/testing/test-shop';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser journeys run in: Chromium's headless shell (Debian's chromium-headless-shell, the same version and
 * engine without the full browser's window machinery), which did a journey's pages on two thirds to four fifths of the CPU
 * (docs/DECISIONS.md «A suite under 20 minutes»). Without it installed, the full Chromium. The bench and a journey
 * whose claim is a time (`fullChromium`) run the full browser, as a shopper's phone does.
 */
const shellPath = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const journeyChromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(shellPath) ? shellPath : chromiumPath);

/** The flags every run of Chromium here gets: nothing that reaches outside this machine (the bench's Lighthouse too). */
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/** Debian's Chromium, headless, with nothing that reaches outside this machine: the full browser, or the journeys' headless shell. */
export const launchBrowser = ({ fullChromium = true }: { fullChromium?: boolean } = {}): Promise<Browser> => {
  const executablePath = fullChromium ? chromiumPath : journeyChromiumPath;
  if (!fs.existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install -y chromium (or run bash .ci/run)`);
  return chromium.launch({
    executablePath,
    headless: true,
    args: chromiumFlags,
  });
};

export type TestShop = Awaited<ReturnType<typeof startTestShop>>;

const desktopViewport = { width: 1280, height: 800 };
/** How long a journey waits for a state before it fails: under the test's own 120 s, so the failure names what it waited for. */
export const journeyWaitMs = 90_000;

/** The smallest phone the shop is built for. */
export const phoneViewport = { width: 360, height: 740 };

/**
 * Contexts that refuse the service worker, whatever their journey's setting: a test that never goes offline in a file
 * whose other tests do (`newContext(viewport, { serviceWorker: false })`). What `takesServiceWorker` reads.
 */
const refusingWorker = new WeakSet<BrowserContext>();

/** Whether this context's pages get the service worker: a staff screen waits for the offline-ready state only where they do. */
export const takesServiceWorker = (context: BrowserContext) => !refusingWorker.has(context);

/** One context's choice: `serviceWorker: false` refuses the worker in a context of a journey that otherwise takes it. */
export interface ContextOptions {
  serviceWorker?: boolean;
}

/**
 * How a journey's browser treats the shop's service worker. `serviceWorker: false` is a browser that refuses it (a
 * private window, a policy): the journey's pages then load from the network alone, without the worker's install,
 * precache and later code, which cost about two fifths of Chromium's work in a journey that never goes offline
 * (docs/DECISIONS.md «A suite under 20 minutes»). Every journey about offline, installing or updating keeps it.
 */
export interface JourneyOptions {
  serviceWorker?: boolean;
  /** The full Chromium rather than the headless shell: for a journey whose claim is a time on a shopper's browser. */
  fullChromium?: boolean;
}

/**
 * The headless shell a Vitest worker's journeys share, launched by the first and kept for the worker's life (the e2e
 * project runs with `isolate: false`, so a worker's files run one after another in one module graph; Chromium goes
 * with the worker's process, whose pipe it reads). A launch and close cost about half a CPU-second of the 2-core
 * machine, once a journey file; each journey still gets fresh contexts — their own cookies, storage, service workers
 * and cache — and closes them with its shop. Outside Vitest (the bench, two journeys at once) each journey launches its own.
 */
let sharedShell: Promise<Browser> | undefined;
const workerShell = async (): Promise<Browser> => {
  const browser = await (sharedShell ??= launchBrowser({ fullChromium: false }));
  if (browser.isConnected()) return browser;
  // The last file's journey crashed or closed it: this one gets a new one.
  sharedShell = launchBrowser({ fullChromium: false });
  return sharedShell;
};

/**
 * The built shop on a random port with its own data, and a browser to visit it: in a Vitest worker the shell it
 * shares with the worker's other journey files; with `fullChromium` (or outside Vitest) a browser of its own.
 */
export const startJourney = async (settings: Parameters<typeof startTestShop>[0] = {}, { serviceWorker = true, fullChromium = false }: JourneyOptions = {}) => {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: npm run build first (npm test does it)');
  const shop = await startTestShop(settings);
  const shared = !fullChromium && process.env.VITEST_WORKER_ID !== undefined;
  const browser = shared ? await workerShell() : await launchBrowser({ fullChromium });
  // Contexts open before this journey are another's (none in a worker, whose files run one at a time).
  const before = new Set(browser.contexts());
  return {
    shop,
    browser,
    /** A fresh context (its own cookies, storage and worker); `serviceWorker: false` refuses the worker in it even where the journey takes it. */
    async newContext(viewport = desktopViewport, options: ContextOptions = {}): Promise<BrowserContext> {
      const context = await browser.newContext({ baseURL: shop.url, locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport });
      // A journey waits for the state it needs for as long as its test may run (the e2e project's testTimeout, 120 s),
      // not Playwright's 30 s: on a busy machine a state that comes late is still the right state.
      context.setDefaultTimeout(journeyWaitMs);
      // Asks the page for `window.shopData` (client/main.tsx), which a production page shows only to tests.
      await context.addInitScript(() => Object.assign(window, { shopTestHooks: true }));
      if (!serviceWorker || options.serviceWorker === false) {
        refusingWorker.add(context);
        await context.addInitScript(() => {
          ServiceWorkerContainer.prototype.register = () => Promise.reject(new DOMException('Service workers are disabled', 'SecurityError'));
        });
      }
      return context;
    },
    /** Closes every context this journey opened (its own `newContext` or the browser's), then the browser if it is its own, then the shop. */
    async close() {
      if (shared) await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => closeContext(context)));
      else await browser.close();
      await shop.close();
    },
  };
};

/** Requests the server has begun answering and not yet finished: the long-lived ones, once pages settle. */
export const countOpenRequests = (shop: TestShop) => {
  const open = new Map<object, { request: string; since: number }>();
  shop.server.on('request', (req, res) => {
    // Express has already begun routing and shortened req.url; originalUrl keeps the whole path.
    const url = (req as typeof req & { originalUrl?: string }).originalUrl ?? req.url;
    open.set(req, { request: `${req.method} ${url}`, since: Date.now() });
    res.on('close', () => open.delete(req));
  });
  /** The requests open now; with `olderThanMs`, only those open at least that long. */
  return (olderThanMs = 0) => [...open.values()].filter((r) => Date.now() - r.since >= olderThanMs).map((r) => r.request);
};

/** Collects uncaught page errors and console errors, so a journey can assert there were none. */
export const watchErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // «Failed to load resource» names no address: the console's location does, which says whose answer it was.
    if (m.type() === 'error') errors.push(`console: ${m.text()}${m.text().startsWith('Failed to load resource') && m.location().url ? ` (${m.location().url})` : ''}`);
  });
  return errors;
};

export const lastCode = async (shop: TestShop, phone: string): Promise<string> => {
  const res = await fetch(`${shop.url}/api/dev/last-code?phone=${phone}`);
  return ((await res.json()) as { code: string }).code;
};

/**
 * Closes a context whose journey is over, giving up after `ms`: under a loaded machine Chromium once kept a context
 * open for minutes after its page had signed out and loaded the home page (e2e/shift-close, cause not found). What the
 * journey checks is checked before this; the browser itself is closed with the file's shop.
 */
export const closeContext = async (context: BrowserContext, ms = 15_000) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ms)));
  if ((await Promise.race([context.close(), late])) === 'late') console.warn(`a browser context did not close in ${ms} ms`);
  clearTimeout(timer);
};

/** One shop and browser for a test file: started before its tests, closed after them. */
export const journeyPerFile = (settings: Parameters<typeof startTestShop>[0] = {}, options: JourneyOptions = {}): (() => Journey) => {
  let journey: Journey | undefined;
  beforeAll(async () => {
    journey = await startJourney(settings, options);
  });
  afterAll(() => journey?.close());
  return () => journey!;
};
export type Journey = Awaited<ReturnType<typeof startJourney>>;

/** A page of a new guest context on a 360 px phone. */
export const phonePage = async (journey: Journey, options: ContextOptions = {}) => {
  const context = await journey.newContext(phoneViewport, options);
  return { context, page: await context.newPage() };
};

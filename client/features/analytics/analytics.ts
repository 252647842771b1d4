/**
 * Spec §7 and §9: a page view on every route change and the add-to-cart goals (a second service gets
 * tmrAddToBasket), in roubles, only in production, never on /admin. No third-party script is loaded
 * unless its counter id is configured (VITE_METRIKA_ID, VITE_TMR_ID at build time).
 */
export interface AnalyticsConfig {
  production: boolean;
  metrikaId?: string;
  tmrId?: string;
}

type Metrika = (id: number, method: string, ...args: unknown[]) => void;
interface Counters {
  ym?: Metrika;
  _tmr?: { push(e: object): void };
}

export const currency = 'RUB';

const loadScript = (src: string) => {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
};

export const createAnalytics = (config: AnalyticsConfig, counters: Counters = globalThis as unknown as Counters) => {
  const on = (path: string) => config.production && !path.startsWith('/admin');
  const metrika = (method: string, ...args: unknown[]) => config.metrikaId && counters.ym?.(Number(config.metrikaId), method, ...args);
  const tmr = (event: object) => config.tmrId && counters._tmr?.push({ id: config.tmrId, ...event });
  return {
    /** Puts the counters' scripts on the page; nothing without ids or outside production. */
    load() {
      if (!config.production) return;
      if (config.metrikaId) {
        const queue: unknown[][] = [];
        counters.ym ??= Object.assign((...args: unknown[]) => void queue.push(args), { a: queue, l: Date.now() }) as unknown as Metrika;
        loadScript('https://mc.yandex.ru/metrika/tag.js');
        metrika('init', { defer: true, clickmap: true, trackLinks: true });
      }
      if (config.tmrId) {
        counters._tmr ??= [] as unknown as Counters['_tmr'];
        loadScript('https://top-fwz1.mail.ru/js/code.js');
      }
    },
    pageView(path: string) {
      if (!on(path)) return;
      metrika('hit', path);
      tmr({ type: 'pageView', url: path });
    },
    addToCart(path: string, price: number) {
      if (!on(path)) return;
      metrika('reachGoal', 'addToCart', { price, currency });
      tmr({ type: 'reachGoal', goal: 'tmrAddToBasket', value: price, params: { currency } });
    },
    /** Spec §2: in production the error page reports a goal for 404. */
    notFound(path: string) {
      if (!on(path)) return;
      metrika('reachGoal', '404', { path });
    },
  };
};
export type Analytics = ReturnType<typeof createAnalytics>;

export const analytics = createAnalytics({
  production: import.meta.env?.PROD ?? false,
  metrikaId: import.meta.env?.VITE_METRIKA_ID,
  tmrId: import.meta.env?.VITE_TMR_ID,
});

import { countersMeta, type CounterIds } from '../../../schema/studio/site/shop-settings';
import type { CounterEvent, CounterSink } from './counter-event';

/**
 * Spec §7 and §9: a page view on every route change and the add-to-cart goals (a second service gets
 * tmrAddToBasket), in roubles, only in production, never on /admin. The counters are those the shop's settings switch
 * on, named by the server in the page (schema/studio/site/shop-settings.ts `countersOf`); their code (`counters.ts`) is a chunk
 * of its own, fetched once the first view is idle and only when the page names a counter. Until then what happens
 * waits, and goes to the counters once they are on.
 */

/** The counter ids the server put in this page, or null when it names none. */
const countersOnPage = (): CounterIds | null => {
  const tag = document.querySelector<HTMLMetaElement>(`meta[name="${countersMeta}"]`);
  return tag ? { metrika: tag.dataset.metrika ?? '', tmr: tag.dataset.tmr ?? '' } : null;
};

export const createAnalytics = (production: boolean) => {
  let sink: CounterSink | undefined;
  const waiting: CounterEvent[] = [];
  const send = (path: string, e: CounterEvent) => {
    if (!production || path.startsWith('/admin')) return;
    if (sink === undefined) waiting.push(e);
    else sink?.(e);
  };
  const connect = (to: CounterSink) => {
    sink = to;
    for (const e of waiting.splice(0)) to?.(e);
  };
  return {
    connect,
    /** After the page has loaded and the browser is idle: the counters this page names, if any, outside development. */
    loadWhenIdle() {
      const ids = production ? countersOnPage() : null;
      if (!ids) return connect(null);
      const load = () => void import('./counters').then((m) => connect(m.startCounters(ids)), () => connect(null));
      const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 3000 }) : setTimeout(load, 1000));
      if (document.readyState === 'complete') idle();
      else addEventListener('load', idle, { once: true });
    },
    pageView(path: string) {
      send(path, { kind: 'hit', path });
    },
    addToCart(path: string, price: number) {
      send(path, { kind: 'addToCart', price });
    },
    /** Spec §2: in production the error page reports a goal for 404. */
    notFound(path: string) {
      send(path, { kind: 'notFound', path });
    },
  };
};

export const analytics = createAnalytics(import.meta.env?.PROD ?? false);

import type { CounterIds } from '../../../schema/studio/site/shop-settings';
import type { CounterEvent, CounterSink } from './counter-event';

export const currency = 'RUB';

type Metrika = ((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
interface Counters {
  ym?: Metrika;
  _tmr?: { push(e: object): void };
}

/** Metrika's tag carries its counter's id in its address, as Yandex's own snippet writes it. */
export const metrikaScript = (id: string) => `https://mc.yandex.ru/metrika/tag.js?id=${encodeURIComponent(id)}`;
export const tmrScript = 'https://top-fwz1.mail.ru/js/code.js';

const addScript = (src: string) => {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
};

/**
 * Switches on the counters whose ids the page names (a chunk of its own, fetched after the first view): each
 * service's queue, as its snippet sets it, and its script; answers where the shop's events go.
 */
export const startCounters = (ids: CounterIds, counters: Counters = globalThis as unknown as Counters, load: (src: string) => void = addScript): CounterSink => {
  if (ids.metrika) {
    const queue: unknown[][] = [];
    counters.ym ??= Object.assign((...args: unknown[]) => void queue.push(args), { a: queue, l: Date.now() });
    load(metrikaScript(ids.metrika));
    counters.ym(Number(ids.metrika), 'init', { defer: true, clickmap: true, trackLinks: true });
  }
  if (ids.tmr) {
    counters._tmr ??= [] as unknown as Counters['_tmr'];
    load(tmrScript);
  }
  const metrika = (method: string, ...args: unknown[]) => ids.metrika && counters.ym?.(Number(ids.metrika), method, ...args);
  const tmr = (event: object) => ids.tmr && counters._tmr?.push({ id: ids.tmr, ...event });
  return (e: CounterEvent) => {
    if (e.kind === 'hit') {
      metrika('hit', e.path);
      tmr({ type: 'pageView', url: e.path });
    } else if (e.kind === 'addToCart') {
      metrika('reachGoal', 'addToCart', { price: e.price, currency });
      tmr({ type: 'reachGoal', goal: 'tmrAddToBasket', value: e.price, params: { currency } });
    } else {
      metrika('reachGoal', '404', { path: e.path });
    }
  };
};

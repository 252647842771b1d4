/** What the shop tells its counters: a page view, an add to cart in roubles, a 404. */
export type CounterEvent = { kind: 'hit'; path: string } | { kind: 'addToCart'; price: number } | { kind: 'notFound'; path: string };
/** Where events go once the counters are on; null: the page has none, and events are dropped. */
export type CounterSink = ((e: CounterEvent) => void) | null;

import { describe, expect, it } from 'vitest';
import { createAnalytics } from './analytics';
import { metrikaScript, startCounters, tmrScript } from './counters';

const recorder = () => {
  const calls: unknown[][] = [];
  const pushed: object[] = [];
  const scripts: string[] = [];
  return { calls, pushed, scripts, counters: { ym: (...a: unknown[]) => void calls.push(a), _tmr: { push: (e: object) => void pushed.push(e) } }, load: (src: string) => void scripts.push(src) };
};

describe('analytics', () => {
  it('reports page views and the add-to-cart goals in roubles to both services in production', () => {
    const r = recorder();
    const a = createAnalytics(true);
    a.connect(startCounters({ metrika: '123', tmr: '456' }, r.counters, r.load));
    a.pageView('/items/p-001');
    a.addToCart('/items/p-001', 4990);
    expect(r.scripts).toEqual([metrikaScript('123'), tmrScript]);
    expect(r.calls).toEqual([
      [123, 'init', { defer: true, clickmap: true, trackLinks: true }],
      [123, 'hit', '/items/p-001'],
      [123, 'reachGoal', 'addToCart', { price: 4990, currency: 'RUB' }],
    ]);
    expect(r.pushed).toEqual([
      { id: '456', type: 'pageView', url: '/items/p-001' },
      { id: '456', type: 'reachGoal', goal: 'tmrAddToBasket', value: 4990, params: { currency: 'RUB' } },
    ]);
  });

  it('keeps what happens before the counters are on (the first view) and sends it, in order, after their init', () => {
    const r = recorder();
    const a = createAnalytics(true);
    a.pageView('/');
    a.notFound('/nope');
    expect(r.calls).toEqual([]);
    a.connect(startCounters({ metrika: '77', tmr: '' }, r.counters, r.load));
    expect(r.calls.map((c) => c[1])).toEqual(['init', 'hit', 'reachGoal']);
    expect(r.calls[2]).toEqual([77, 'reachGoal', '404', { path: '/nope' }]);
    expect(r.scripts).toEqual(['https://mc.yandex.ru/metrika/tag.js?id=77']);
    expect(r.pushed).toEqual([]);
  });

  it('is silent on /admin and outside production', () => {
    const r = recorder();
    const a = createAnalytics(true);
    a.connect(startCounters({ metrika: '123', tmr: '456' }, r.counters, r.load));
    a.pageView('/admin/orders');
    const dev = createAnalytics(false);
    dev.connect(startCounters({ metrika: '123', tmr: '456' }, r.counters, r.load));
    dev.pageView('/');
    dev.addToCart('/', 100);
    expect(r.calls.filter((c) => c[1] !== 'init')).toEqual([]);
    expect(r.pushed).toEqual([]);
  });

  it('loads and sends nothing for a counter without an id, and drops what waited when the page names none', () => {
    const r = recorder();
    const a = createAnalytics(true);
    a.connect(startCounters({ metrika: '', tmr: '' }, r.counters, r.load));
    a.pageView('/');
    a.notFound('/nope');
    const none = createAnalytics(true);
    none.pageView('/');
    none.connect(null);
    none.pageView('/about');
    expect(r.scripts).toEqual([]);
    expect(r.calls).toEqual([]);
    expect(r.pushed).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { createAnalytics } from './analytics';

const recorder = () => {
  const calls: unknown[][] = [];
  const pushed: object[] = [];
  return { calls, pushed, counters: { ym: (...a: unknown[]) => void calls.push(a), _tmr: { push: (e: object) => void pushed.push(e) } } };
};

describe('analytics', () => {
  it('reports page views and the add-to-cart goals in roubles to both services in production', () => {
    const r = recorder();
    const a = createAnalytics({ production: true, metrikaId: '123', tmrId: '456' }, r.counters);
    a.pageView('/items/p-001');
    a.addToCart('/items/p-001', 4990);
    expect(r.calls).toEqual([
      [123, 'hit', '/items/p-001'],
      [123, 'reachGoal', 'addToCart', { price: 4990, currency: 'RUB' }],
    ]);
    expect(r.pushed).toEqual([
      { id: '456', type: 'pageView', url: '/items/p-001' },
      { id: '456', type: 'reachGoal', goal: 'tmrAddToBasket', value: 4990, params: { currency: 'RUB' } },
    ]);
  });

  it('is silent on /admin and outside production', () => {
    const r = recorder();
    createAnalytics({ production: true, metrikaId: '123', tmrId: '456' }, r.counters).pageView('/admin/orders');
    const dev = createAnalytics({ production: false, metrikaId: '123', tmrId: '456' }, r.counters);
    dev.pageView('/');
    dev.addToCart('/', 100);
    expect(r.calls).toEqual([]);
    expect(r.pushed).toEqual([]);
  });

  it('sends nothing to a service whose counter id is not configured', () => {
    const r = recorder();
    const a = createAnalytics({ production: true }, r.counters);
    a.pageView('/');
    a.notFound('/nope');
    expect(r.calls).toEqual([]);
    expect(r.pushed).toEqual([]);
  });
});

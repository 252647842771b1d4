import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersMeta, type ShopSettings } from '../../schema/studio/site/shop-settings';
import type { ShopSettingsAnswer } from '../../schema/studio/site/shop-settings-update';
import { call, demoPhones, signIn, startTwoShops } from '../testing/test-shop';

/** The counter ids a page names (its meta tag), or null. */
const countersIn = (html: string) => {
  const tag = new RegExp(`<meta name="${countersMeta}" data-metrika="(\\d*)" data-tmr="(\\d*)" />`).exec(html);
  return tag ? { metrika: tag[1], tmr: tag[2] } : null;
};

/**
 * Issue 21: the analytics counter ids an admin saves in /admin/settings switch the storefront's counters on at once,
 * on every app server sharing the store, with no build or restart: the next page names them and its CSP allows their
 * hosts; an emptied id takes the counter and its hosts away. Needs the build (`npx vite build`).
 */
describe('the counters the settings switch on', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let admin: string;
  const page = async (base: string, path = '/') => {
    const res = await fetch(base + path);
    return { status: res.status, html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
  };
  const change = async (part: Partial<ShopSettings>) => {
    const { settings, updatedAt } = (await call<ShopSettingsAnswer>(shops.a.url, '/api/settings/get', {})).body.data;
    const saved = await call(shops.a.url, '/api/settings/update', { settings: { ...settings, ...part }, updatedAt }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };

  beforeAll(async () => {
    if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: npx vite build first (npm test does it)');
    shops = await startTwoShops();
    admin = await signIn(shops.a.url, demoPhones.admin);
  });
  afterAll(() => shops?.close());

  it('names no counter and allows no counter host while no id is set', async () => {
    for (const path of ['/', '/no/such/page']) {
      const { html, csp } = await page(shops.b.url, path);
      expect(countersIn(html), path).toBeNull();
      expect(csp).not.toMatch(/yandex|mail\.ru/);
    }
  });

  it('follows an id saved on one app server in the next page of both, its CSP allowing exactly that counter', async () => {
    await change({ metrikaId: '98765432' });
    for (const base of [shops.a.url, shops.b.url]) {
      for (const path of ['/', '/no/such/page', '/orders/create']) {
        const { html, csp } = await page(base, path);
        expect(countersIn(html), `${base}${path}`).toEqual({ metrika: '98765432', tmr: '' });
        expect(csp).toMatch(/script-src 'self' https:\/\/mc\.yandex\.ru https:\/\/yastatic\.net;/);
        expect(csp).toContain("connect-src 'self' https://mc.yandex.ru https://mc.yandex.com wss://mc.yandex.ru;");
        expect(csp).not.toContain('mail.ru');
      }
    }
    // Nothing is counted in the back-office: its pages name no counter.
    const office = await page(shops.b.url, '/admin');
    expect(countersIn(office.html)).toBeNull();
    expect(office.csp).not.toContain('yandex');
    // Nor does an answer other than a page carry the hosts.
    const api = await fetch(`${shops.b.url}/api/settings/get`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(api.headers.get('content-security-policy')).not.toContain('yandex');
  });

  it('changes the id and adds the second counter, then an emptied id takes each away', async () => {
    await change({ metrikaId: '11223344', tmrId: '3456789' });
    const both = await page(shops.b.url);
    expect(countersIn(both.html)).toEqual({ metrika: '11223344', tmr: '3456789' });
    expect(both.html).not.toContain('98765432');
    expect(both.csp).toMatch(/script-src 'self' https:\/\/mc\.yandex\.ru https:\/\/yastatic\.net https:\/\/top-fwz1\.mail\.ru;/);

    await change({ metrikaId: '' });
    const tmr = await page(shops.b.url);
    expect(countersIn(tmr.html)).toEqual({ metrika: '', tmr: '3456789' });
    expect(tmr.csp).not.toContain('yandex');
    expect(tmr.csp).toContain('https://top-fwz1.mail.ru');

    await change({ tmrId: '' });
    for (const base of [shops.a.url, shops.b.url]) {
      const none = await page(base);
      expect(countersIn(none.html)).toBeNull();
      expect(none.html).not.toContain(countersMeta);
      expect(none.csp).not.toMatch(/yandex|mail\.ru/);
    }
  });
});

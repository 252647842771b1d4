import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ShopSettings } from '../schema/studio/site/shop-settings';
import type { ShopSettingsAnswer } from '../schema/studio/site/shop-settings-update';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';

/**
 * Issue 21: the counter ids an admin saves in /admin/settings are the ones the storefront loads, after its first view,
 * through the CSP of its page; no counter while no id is set. The counters' hosts are answered by the test itself
 * (page.route): nothing leaves this machine.
 */
describe('the storefront loads the counters the settings name', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  const change = async (part: Partial<ShopSettings>) => {
    const { url } = journey().shop;
    const admin = await signIn(url, demoPhones.admin);
    const { settings, updatedAt } = (await call<ShopSettingsAnswer>(url, '/api/settings/get', {})).body.data;
    expect((await call(url, '/api/settings/update', { settings: { ...settings, ...part }, updatedAt }, admin)).status).toBe(200);
  };
  /** Every request to a counter's host, answered with an empty script. */
  const counterRequests = async (page: Page) => {
    const seen: string[] = [];
    for (const host of ['https://mc.yandex.ru/**', 'https://top-fwz1.mail.ru/**']) {
      await page.route(host, (route) => {
        seen.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
      });
    }
    return seen;
  };

  it('loads Metrika’s tag with the id saved, the new one after a change, and none once it is emptied', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const seen = await counterRequests(page);

    // No id: the page loads, goes idle, and asks no counter host.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle)));
    expect(await page.locator('meta[name="shop-counters"]').count()).toBe(0);

    await change({ metrikaId: '24680135', tmrId: '3456789' });
    await page.goto('/');
    await waitFor('both counters’ scripts', async () => seen.length >= 2);
    expect(seen).toEqual(['https://mc.yandex.ru/metrika/tag.js?id=24680135', 'https://top-fwz1.mail.ru/js/code.js']);
    // The first view's page view waited for the counter and went to it with the saved id.
    expect(await page.evaluate(() => (window as unknown as { ym: { a: unknown[][] } }).ym.a.map((call) => [call[0], call[1]]))).toEqual([
      [24680135, 'init'],
      [24680135, 'hit'],
    ]);

    seen.length = 0;
    await change({ metrikaId: '13572468', tmrId: '' });
    await page.reload();
    await waitFor('the changed counter’s script', async () => seen.length >= 1);
    expect(seen).toEqual(['https://mc.yandex.ru/metrika/tag.js?id=13572468']);

    seen.length = 0;
    await change({ metrikaId: '' });
    await page.reload();
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle)));
    expect(await page.locator('script[src*="mc.yandex.ru"]').count()).toBe(0);
    expect(seen).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

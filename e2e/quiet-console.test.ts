import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyPerFile, phonePage } from './harness';
import { signInThroughDialog, waitFor, waitForOfflineReady } from './journeys';
import { demoProducts } from '../server/seed/products';
import { call, demoPhones, signIn } from '../server/testing/test-shop';

const customer = '79002227788';
const product = demoProducts.find((p) => p.isActive && !p.isHidden)!;

/** Every request the page makes for the customer's favourites, answered or failed. */
const favouritesRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => r.url().includes('/api/favourites/') && seen.push(r.url()));
  return seen;
};

/** The tab is shown again (what a phone does each time the shop is brought back): a moment favourites are read. */
const shownAgain = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

/** The heart on the product page, pressed. */
const tapHeart = async (page: Page) => {
  await page.locator('.favourite--big').click();
  await page.locator('.favourite--big[aria-pressed="true"]').waitFor();
};

/** Issue 18, item 14: the built shop's console holds the shop's own messages, and nobody asks for what is not theirs. */
describe('a quiet console', () => {
  const journey = journeyPerFile();

  it('no RxDB open-core banner when the device store opens in the built shop', async () => {
    const { context, page } = await phonePage(journey(), { serviceWorker: false });
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    // A touch opens the device's store at once; its first pull writes the catalogue into it.
    await page.locator('h1, h2').first().click();
    await waitFor('the device to hold the catalogue', () =>
      page.evaluate(async () => {
        const data = (window as unknown as { shopData?: { shop: { products: { count(): { exec(): Promise<number> } } } } }).shopData;
        return !!data && (await data.shop.products.count().exec()) > 0;
      }),
    );
    expect(messages.filter((m) => m.includes('RxDB'))).toEqual([]);
    await context.close();
  });

  it('a florist’s device never asks for the customer’s favourites; her hearts stay on the device', async () => {
    const { context, page } = await phonePage(journey(), { serviceWorker: false });
    const asked = favouritesRequests(page);
    await page.goto('/');
    await signInThroughDialog(page, journey().shop, demoPhones.florist);
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await page.goto(`/items/${product.id}`);
    await tapHeart(page);
    await shownAgain(page);
    await page.evaluate(() => dispatchEvent(new Event('online')));
    // Her session's own check of the server: the heart stayed with her device.
    await page.reload();
    await page.locator('.favourite--big[aria-pressed="true"]').waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });

  it('a customer offline asks for nothing, and the heart goes when the network returns', async () => {
    const { context, page } = await phonePage(journey());
    await page.goto('/');
    await signInThroughDialog(page, journey().shop, customer);
    await waitForOfflineReady(page);
    await page.goto(`/items/${product.id}`);
    await page.locator('.favourite--big').waitFor();

    await context.setOffline(true);
    const asked = favouritesRequests(page);
    await shownAgain(page);
    await tapHeart(page);
    await shownAgain(page);
    expect(asked).toEqual([]);

    // The first try after the network returns is lost (a flaky network, a server restarting): the heart still goes,
    // with no tap, reload or `online` event.
    let lost = 0;
    await page.route('**/api/favourites/**', (route) => (lost++ ? route.fallback() : route.abort('connectionreset')));
    await context.setOffline(false);
    const cookie = await signIn(journey().shop.url, customer);
    await waitFor('the heart on the server', async () => (await call<{ data: string[] }>(journey().shop.url, '/api/favourites/list', {}, cookie)).body.data.includes(product.id));
    expect(lost).toBeGreaterThan(1);
    await context.close();
  });
});

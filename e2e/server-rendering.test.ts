import { describe, expect, it } from 'vitest';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor, waitForOfflineReady } from './journeys';
import { demoProducts } from '../server/seed/products';

const onSale = demoProducts.filter((p) => p.isActive && !p.isHidden);
const monobouquet = onSale.find((p) => p.category === 'monobouquets')!;
const basket = onSale.find((p) => p.category === 'baskets')!;

/**
 * A first visit from a search ad: the page arrives drawn by the server, the tab takes it over without drawing it
 * again (the server's elements stay, nothing says «Загружаем», React reports no mismatch), and after that first visit
 * the catalogue works offline from the device.
 */
describe('server rendering', () => {
  const journey = journeyPerFile();

  it('hydrates the server page in place and then works offline', async () => {
    const context = await journey().newContext(phoneViewport);
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { loadingSeen: seen });
      document.addEventListener('DOMContentLoaded', () => {
        const main = document.querySelector('main');
        Object.assign(window, { serverHeading: main?.querySelector('h1'), serverCard: main?.querySelector('.card') });
        if (!main) return;
        new MutationObserver(() => {
          if (main.textContent?.includes('Загружаем')) seen.push(main.textContent.slice(0, 80));
        }).observe(main, { subtree: true, childList: true, characterData: true });
      });
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const answer = await page.goto(`/items/${monobouquet.category}`);
    expect(await answer!.text()).toContain(monobouquet.name);
    await page.getByRole('heading', { name: 'Монобукеты' }).waitFor();

    // The device's store opens after hydration and pulls the catalogue; the server's elements are still the ones shown.
    await waitFor('the device to hold the catalogue', () =>
      page.evaluate(async () => {
        const data = (window as unknown as { shopData?: { shop: { products: { count(): { exec(): Promise<number> } } } } }).shopData;
        return !!data && (await data.shop.products.count().exec()) > 0;
      }),
    );
    expect(await page.evaluate(() => {
      const w = window as unknown as { serverHeading?: Element; serverCard?: Element };
      return !!w.serverHeading && !!w.serverCard && document.contains(w.serverHeading) && document.contains(w.serverCard);
    })).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
    expect(errors).toEqual([]);

    // A link followed in the tab is drawn by the tab.
    await page.getByRole('link', { name: monobouquet.name }).first().click();
    await page.getByRole('heading', { name: monobouquet.name }).waitFor();

    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.goto(`/items/${basket.category}`);
    await page.getByRole('link', { name: basket.name }).first().waitFor();
    // Offline, what is not on the device fails to load (images): that is said in the console, nothing breaks.
    expect(errors.filter((e) => !e.includes('net::ERR_'))).toEqual([]);
    await context.close();
  });
});

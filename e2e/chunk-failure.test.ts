import { describe, expect, it } from 'vitest';
import { serverAwayText } from '../client/shared/freshness/freshness';
import { journeyPerFile, phoneViewport } from './harness';

/**
 * A part of the app that fails to load while the shop's server is out of reach (client/shared/freshness/freshness.ts):
 * `navigator.onLine` stays true, so the page used to reload at once, into Chromium's error page, for a shopper without
 * the worker's cache. Now the server is asked first: away, the shop says so and keeps the page; back, it reloads.
 */
describe('a part of the page that fails while the server is away', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('keeps the page with the shop’s own notice, and reloads into the page asked for once the server answers', async () => {
    const context = await journey().newContext(phoneViewport);
    const page = await context.newPage();
    await page.goto('/');
    const favourites = page.getByRole('link', { name: 'Избранное' });
    await favourites.waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    // The shop's server out of reach: the chunk and the question to the server both fail; the browser still says online.
    const away = `${journey().shop.url}/**`;
    await context.route(away, (route) => route.abort('internetdisconnected'));
    await favourites.click();
    const notice = page.getByTestId('server-away');
    await notice.filter({ hasText: serverAwayText }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    // No reload happened: the tab is still the shop's page, not the browser's error page.
    expect(navigations.filter((u) => !u.startsWith(journey().shop.url))).toEqual([]);
    expect(page.url().startsWith(journey().shop.url)).toBe(true);

    // The server back: the browser's «online» asks again, the server answers, the page reloads into what was asked for.
    await context.unroute(away);
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await page.getByRole('heading', { name: 'Избранное', level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    expect(page.url()).toBe(`${journey().shop.url}/my/favourites`);
    await context.close();
  }, 120_000);
});

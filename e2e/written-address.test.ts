import { defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyPerFile, phonePage, watchErrors } from './harness';
import { waitFor } from './journeys';

/** Links as another site, an old page or a hand writes them, the address each lands on, and the heading there. */
const links: [string, string, string][] = [
  ['/studio/', '/studio', 'Блог мастерской'],
  ['/items/baskets/?sort=x&pages=1', '/items/baskets', 'Цветы в корзине'],
  ['/items?name=&tags=birthday', `/items${defaultStringifySearch({ tags: ['birthday'] })}`, 'Каталог'],
  ['/items/complex/', '/items', 'Каталог'],
];

/** The page's own address: path and query. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/**
 * An address the tab's router writes otherwise, followed as a plain link (the browser asks the server): the server
 * answers 301 to the written address, which comes drawn, and the tab takes it over there without writing the
 * address again and without an error in the console. Before, the server sent the shell at the address as asked.
 */
describe('a link to an address written otherwise', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('lands on the written address, drawn by the server and taken over by the tab, with no console errors', async () => {
    // One tab a link, side by side: each waits for the store to open on its own (a few seconds after the page has
    // loaded, with nobody touching it), and those waits overlap rather than add up.
    const follow = async ([link, to, heading]: (typeof links)[number]) => {
      const { context, page } = await phonePage(journey());
      const errors = watchErrors(page);
      const documents: string[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'document') documents.push(`${r.status()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
      });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
      documents.length = 0;
      // A plain link in the page, which the browser follows as any link from outside the tab.
      await page.evaluate((href) => {
        const a = Object.assign(document.createElement('a'), { href, textContent: 'Ссылка' });
        document.body.append(a);
        a.click();
      }, link);
      await page.waitForURL((url) => url.pathname + url.search === to);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(documents, link).toEqual([`301 ${link}`, `200 ${to}`]);
      // The drawn page is taken over: the device's store opens after the first view, and the address stays written.
      await waitFor('the tab to take the page over', () => page.evaluate(() => 'shopData' in window));
      expect(here(page), link).toBe(to);
      expect(errors, link).toEqual([]);
      await context.close();
    };
    await Promise.all(links.map(follow));
  });
});

import { describe, expect, it } from 'vitest';
import { backOfficeRoutes } from '../schema/shared/back-office-routes';
import { demoPhones } from '../server/testing/test-shop';
import { contextAs, outcomeOf } from './admin-journeys';
import { journeyPerFile } from './harness';

/** The narrowest phone the studio works on (issue 29, item 7). */
const narrow = { width: 360, height: 740 };

/**
 * Every back-office screen an admin opens, on a 360 px phone with the demo studio's data: nothing makes the page
 * scroll sideways (a wide table scrolls inside its own box). Screens with an id in the address are left to their own journeys.
 */
describe('every back-office screen fits a 360 px phone', () => {
  const journey = journeyPerFile();

  it('has no sideways scroll on any screen an admin opens', async () => {
    const context = await contextAs(journey(), demoPhones.admin, narrow);
    const page = await context.newPage();
    const wide: string[] = [];
    for (const path of Object.keys(backOfficeRoutes).filter((p) => !p.includes('$'))) {
      const { outcome } = await outcomeOf(page, path);
      expect(outcome, path).toBe('open');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > narrow.width) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { demoPhones } from '../server/testing/test-shop';
import { sampleUrl, specAdminMatrix, visitors, type Visitor } from './fixtures/spec-admin-matrix';
import { journeyPerFile, watchErrors } from './harness';
import { answerSignInDialog } from './journeys';
import { contextAs, outcomeOf } from './admin-journeys';

const phones: Record<Visitor, string | null> = { guest: null, customer: '79440000001', ...demoPhones };

/** One shop and browser for the file: the guest's sign-in below changes nothing the visitors above read. */
const journey = journeyPerFile({}, { serviceWorker: false });

/**
 * Every admin route of the spec, opened in Chromium by each of the five kinds of visitor, against the spec's table
 * written by hand (e2e/fixtures/spec-admin-matrix.ts): may open → the screen (in the staff shell); may not → a guest
 * is sent to sign in and brought back after, a signed-in visitor sees «Недостаточно прав» — never «Page not found».
 */
describe('the admin routes, as the spec’s table says', () => {
  for (const visitor of visitors) {
    describe(visitor, () => {
      let context: BrowserContext;
      let page: Page;
      let errors: string[];
      beforeAll(async () => {
        context = await contextAs(journey(), phones[visitor]);
        page = await context.newPage();
        errors = watchErrors(page);
      });
      afterAll(() => context.close());

      it('opens exactly the routes the table gives them', async () => {
        const seen: Record<string, string> = {};
        const expected: Record<string, string> = {};
        // The first address is loaded, the others reached inside the tab (the guards are the same; a load costs a
        // second of CPU, 185 of them were the suite's longest file). Every admin screen is loaded on its own in admin-fits.
        for (const [i, [path, row]] of Object.entries(specAdminMatrix).entries()) {
          const url = sampleUrl(path);
          const { outcome, url: landed } = await outcomeOf(page, url, i > 0);
          seen[path] = outcome === 'sign-in' ? `sign-in ${new URL(landed).searchParams.get('redirect')}` : outcome;
          expected[path] = row[visitor] ? 'open' : visitor === 'guest' ? `sign-in ${url}` : 'denied';
        }
        expect(seen).toEqual(expected);
        // Only the requests a signed-out or unprivileged page may fail on (the user check, the staff databases).
        expect(errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
      });
    });
  }
});

describe('a guest at an admin address', () => {
  it('is offered sign-in and brought back to it after', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    await page.goto('/admin/tasks?q=%D1%80%D0%BE%D0%B7%D1%8B');
    await page.getByRole('dialog').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await answerSignInDialog(page, journey().shop, demoPhones.florist);
    await page.getByRole('heading', { name: 'Задачи' }).waitFor();
    expect(new URL(page.url()).pathname + decodeURIComponent(new URL(page.url()).search)).toBe('/admin/tasks?q=розы');
    await context.close();
  });
});

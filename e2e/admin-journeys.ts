import type { BrowserContext, Locator, Page } from 'playwright-core';
import { call, signIn } from '../server/testing/test-shop';
import type { OfficeRecord } from '../schema/shared/record';
import { takesServiceWorker, watchErrors, type ContextOptions, type Journey, type TestShop } from './harness';
import { appRunning, waitFor, waitForOfflineReady } from './journeys';

/**
 * A browser context signed in as this phone (or a guest with none): the session cookie, and the user the shop
 * stores on the device (written before the first page, once), as if the person had signed in through the dialog earlier.
 */
export const contextAs = async (journey: Journey, phone: string | null, viewport?: { width: number; height: number }, options: ContextOptions = {}): Promise<BrowserContext> => {
  const context = await journey.newContext(viewport, options);
  if (!phone) return context;
  const cookie = await signIn(journey.shop.url, phone);
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: journey.shop.url }]);
  const { body } = await call<{ user: unknown }>(journey.shop.url, '/api/user', undefined, cookie, 'GET');
  // Once per context, as a sign-in stores it: a sign-out, or a user the app itself rewrote, stays across reloads.
  await context.addInitScript((user) => {
    if (localStorage.getItem('e2e:user-stored')) return;
    localStorage.setItem('shop:user', user);
    localStorage.setItem('e2e:user-stored', '1');
  }, JSON.stringify(body.user));
  return context;
};

/**
 * A staff member's screen at `path` in a context of their own, its console watched: answered once its heading shows and
 * (where the journey's browser takes the service worker) the app would open again offline, as every offline journey
 * of the back-office starts.
 */
export const openStaffScreen = async (
  journey: Journey,
  phone: string,
  path: string,
  heading: string | { name: string; level: number },
  viewport?: { width: number; height: number },
  options: ContextOptions = {},
) => {
  const context = await contextAs(journey, phone, viewport, options);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(path);
  await page.getByRole('heading', typeof heading === 'string' ? { name: heading } : heading).waitFor();
  if (takesServiceWorker(context)) await waitForOfflineReady(page);
  return { context, page, errors };
};

/** What an admin address showed once it settled: the screen, «Недостаточно прав», the sign-in page or «Page not found» («Такого раздела нет» for staff). */
type Outcome = 'open' | 'denied' | 'sign-in' | 'not-found';

/** Opens `path` and says what it showed; `inTab`: reached inside the open tab, as a link would, rather than loaded. */
export const outcomeOf = async (page: Page, path: string, inTab = false): Promise<{ outcome: Outcome; url: string }> => {
  if (inTab) {
    await appRunning(page);
    await page.evaluate(async (href) => {
      await (window as unknown as { shopRouter: { navigate(to: { href: string }): Promise<void> } }).shopRouter.navigate({ href });
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    }, path);
  } else await page.goto(path);
  const outcome = await waitFor(`${path} to settle`, () =>
    page.evaluate((): string | null => {
      const h1 = document.querySelector('main h1')?.textContent ?? '';
      if (location.pathname === '/login') return 'sign-in';
      if (h1 === 'Недостаточно прав') return 'denied';
      if (h1.startsWith('Page not found') || h1 === 'Такого раздела нет') return 'not-found';
      if (document.querySelector('.admin-shell__main h1')) return 'open';
      return null;
    }),
  );
  return { outcome: outcome as Outcome, url: page.url() };
};

/** The office records of a type as the server stores them, read straight from its database. */
export const officeOnServer = async (shop: TestShop, type: string): Promise<OfficeRecord[]> =>
  (await shop.shop.storage.db('office').allDocs({ include_docs: true })).rows
    .filter((r) => !r.id.startsWith('_') && r.doc && (r.doc as unknown as { type?: string }).type === type)
    .map((r) => {
      const { _id, _rev: _r, ...rest } = r.doc as unknown as OfficeRecord & { _id: string; _rev: string };
      return { ...rest, id: _id };
    });

/**
 * Picks a record in a reference picker (client/studio/kit/reference-input.tsx) as a person does: types part of its
 * name into the search box of the field labelled `label`, then chooses `name` among what was found.
 */
export const pickReference = async (scope: Page | Locator, label: string, typed: string, name: string): Promise<void> => {
  const search = scope.getByRole('searchbox', { name: `Найти: ${label.toLowerCase()}`, exact: true });
  await search.fill(typed);
  const choice = scope.locator(`select[id="${await search.getAttribute('aria-controls')}"]`);
  await choice.locator('option', { hasText: name }).first().waitFor({ state: 'attached' });
  await choice.selectOption({ label: name });
};

/** The name a reference picker shows as chosen for the field labelled `label`. */
export const pickedReference = (scope: Page | Locator, label: string): Promise<string> =>
  scope.getByRole('combobox', { name: label, exact: true }).locator('option:checked').innerText();

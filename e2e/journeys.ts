import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Order } from '../schema/studio/orders/order';
import { journeyWaitMs, lastCode, type TestShop } from './harness';
import { laterCodeCache, laterFilesList, type LaterFiles } from '../client/lib/later-code';
import { userKey } from '../client/shared/auth/stored-user';
import { isStaff, user } from '../schema/shared/user';

/** Answers the open sign-in dialog: the phone typed as a person would (the mask adds +7 and brackets), then the code. */
export const answerSignInDialog = async (page: Page, shop: TestShop, phone: string) => {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input').first().pressSequentially(phone.slice(1));
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  const codeInput = dialog.locator('input[inputmode="numeric"], input[autocomplete="one-time-code"]').first();
  await codeInput.waitFor();
  await codeInput.pressSequentially(await lastCode(shop, phone));
};

/** Signs in through the header dialog. */
export const signInThroughDialog = async (page: Page, shop: TestShop, phone: string) => {
  await page.getByRole('button', { name: 'Войти' }).click();
  await answerSignInDialog(page, shop, phone);
  await page.getByRole('dialog').waitFor({ state: 'detached' });
};

/**
 * The tab's app is running: a screen the server drew for staff (the board, an order page, the dashboard) runs none until touched
 * (client/public/board-boot.js), so a key wakes it, as a person's first tap would; a page whose app runs already is left alone.
 */
export const appRunning = async (page: Page): Promise<void> => {
  if (!(await page.evaluate(() => 'shopRouter' in window))) await page.keyboard.press('Shift');
  // A page the server drew is the app's once hydrated (client/main.tsx `shopPageTaken`): a navigation before that
  // left the drawn screen on the page for a while, and a journey read it as the next screen's.
  await page.waitForFunction(() => 'shopRouter' in window && 'shopPageTaken' in window);
};

export const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = journeyWaitMs): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** Waits until the service worker controls the page, so a reload can be served offline. */
export const waitForOfflineReady = async (page: Page) => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await waitFor('service worker control', () => page.evaluate(() => !!navigator.serviceWorker.controller));
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const stored = user.safeParse(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), userKey)) ?? 'null'));
  const staff = stored.success && isStaff(stored.data);
  await waitForLaterCode(page, staff ? ['shop', 'staff'] : ['shop']);
};

/** Waits until the worker keeps this build's code of these kinds (client/lib/later-code.ts), as a device does once it may work offline. */
export const waitForLaterCode = (page: Page, kinds: (keyof LaterFiles)[]) =>
  waitFor(`the ${kinds.join(' and ')} code kept for offline`, () =>
    page.evaluate(
      async ({ list, cache, kinds }) => {
        const later = (await (await fetch(list, { cache: 'no-cache' })).json()) as Record<string, string[]>;
        const kept = await caches.open(cache);
        return (await Promise.all(kinds.flatMap((k) => later[k]).map((f) => kept.match(f)))).every(Boolean);
      },
      { list: laterFilesList, cache: laterCodeCache, kinds },
    ),
  );

/** Puts one of the product into the cart from its page. */
export const addToCart = async (page: Page, product: { id: string }) => {
  await page.goto(`/items/${product.id}`);
  await page.getByRole('button', { name: 'В корзину' }).click();
  await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
};

/** Fills /orders/create as a customer would: courier delivery in the first open slot, payment left as it is. */
export const fillCheckoutForm = async (page: Page) => {
  await page.goto('/orders/create');
  await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
  await page.locator('input[name="sender-name"]').fill('Анна');
  await page.locator('input[name="recipient-name"]').fill('Ольга');
  await page.locator('input[name="recipient-phone"]').pressSequentially('9990003344');
  await page.locator('input[name="address"]').fill('Москва, ул. Тверская, 1');
  await page.locator('select[name="slot"]').selectOption({ index: 1 });
};

/** Fills /orders/create and sends it, to be paid on delivery. */
export const fillCheckout = async (page: Page) => {
  await fillCheckoutForm(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
};

/** The customer's orders as the server stores them, read straight from its database. */
export const ordersOnServer = async (shop: TestShop, customer: string) =>
  (await shop.shop.storage.db('orders').allDocs({ include_docs: true })).rows
    .map((r) => r.doc as unknown as Omit<Order, 'id'> & { _id: string })
    // Placed orders only: a record still being placed, or refused, has no number.
    .filter((o) => o.customer === customer && typeof o.number === 'number');

/**
 * Holds back the built files whose address matches `files` in every page of `context` (the device store's chunk, the
 * app's entry…) until `release()`: what a screen shows before that code runs. Answers `release` and `asked()`,
 * whether any was asked for yet.
 */
export const holdFiles = async (context: BrowserContext, files: RegExp) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked = false;
  await context.route(files, async (r) => {
    asked = true;
    await held;
    await r.continue().catch(() => {});
  });
  return { release, asked: () => asked };
};

/**
 * A request to `path` held at the browser until released: a save on its way while the person types on. `atServer`
 * settles when the page has sent it; `done` lets later requests through untouched.
 */
export const holdRequest = async (page: Page, path: string) => {
  let reached!: () => void;
  const atServer = new Promise<void>((r) => (reached = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(path, async (route) => {
    reached();
    await released;
    await route.continue();
  });
  return { atServer, release, done: () => page.unroute(path) };
};

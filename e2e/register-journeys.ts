import { afterAll, beforeAll, expect } from 'vitest';
import type { Product } from '../schema/shop/product';
import { startAtolDriverStandIn } from '../server/testing/atol-driver-stand-in';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, type Journey } from './harness';
import { openStaffScreen } from './admin-journeys';

/**
 * A journey file of the register on the counter (issue 30, item 2): ATOL's driver web server on the studio's network
 * (the stand-in) beside the file's shop, whose receipts' queue runs every 200 ms, in a browser without the worker.
 */
export const registerJourneyPerFile = () => {
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>> | undefined;
  beforeAll(async () => {
    driver = await startAtolDriverStandIn();
  });
  const journey = journeyPerFile({ receiptsEveryMs: 200 }, { serviceWorker: false });
  afterAll(() => driver?.close());
  return { journey, driver: () => driver! };
};

/**
 * The page's console errors a register journey does not expect: not the shop cut off, nor the driver's 404 to the
 * device's read of a task it does not hold yet (every send asks the driver first: client/data/counter-prints.ts
 * `sendToDriver`). The register's 409 to a second post of a task stays one.
 */
export const unexpectedErrors = (errors: string[], driverUrl: string): string[] =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e) && !(e.includes('404 (Not Found)') && e.includes(`(${driverUrl}/api/v2/requests/`)));

/** The admin chooses the register on the counter at the driver's address; answers the manager's session. */
export const counterRegisterChosen = async (journey: Journey, driverUrl: string) => {
  const { shop } = journey;
  const [admin, manager] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager)]);
  const settings = { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' };
  const chosen = await call(shop.url, '/api/settings/receipts-update', { settings, choice: { kind: 'atol-local', url: driverUrl } }, admin);
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  return manager;
};

/** A bouquet (no sizes) with 50 in stock, as the manager sets it. */
export const bouquetInStock = async (journey: Journey, manager: string) => {
  const { shop } = journey;
  const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const { updatedAt: _u, ...bouquet } = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 1 && p.itemType === 'bouquet')!;
  await call(shop.url, '/api/items/update', { ...bouquet, count: 50 }, manager);
  return bouquet;
};

/**
 * A staff screen on a 390 px phone whose shell has kept the register's address (so it is known offline), `bouquet`
 * added to its lines; then the shop's server is out of reach while the register on the studio's network still answers
 * (`serverBack` ends that).
 */
export const screenCutOffBesideRegister = async (journey: Journey, driverUrl: string, phone: string, path: string, heading: string, bouquet: Pick<Product, 'name'>) => {
  const { context, page, errors } = await openStaffScreen(journey, phone, path, { name: heading, level: 1 }, { width: 390, height: 844 });
  await page.waitForFunction((url) => localStorage.getItem('counter-register')?.includes(url), driverUrl);
  await page.locator('input[name=product-search]').fill(bouquet.name.slice(0, 6));
  await page.getByRole('button', { name: `Добавить: ${bouquet.name}` }).click();
  const shopOrigin = new URL(journey.shop.url).origin;
  const away = (url: URL) => url.origin === shopOrigin;
  await context.route(away, (route) => route.abort('internetdisconnected'));
  return { context, page, errors, serverBack: () => context.unroute(away) };
};

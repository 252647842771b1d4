import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { launchBrowser } from '../../../e2e/harness';
import { specAdminMatrix } from '../../../e2e/fixtures/spec-admin-matrix';
import { adminPaths } from '../../../schema/shared/admin-routes';
import { canOpenScreen, entityRoutes } from '../../../schema/shared/back-office-routes';
import { today } from '../../../schema/shared/day';
import { entityByPath, entityTypes } from '../../../schema/entities';
import { officeRecord } from '../../../schema/shared/record';
import type { User } from '../../../schema/shared/user';
import { bothPaths, type Writer } from '../../../server/testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../../../server/testing/test-shop';
import { shopCollections } from '../../data/collections';
import { schemaHash } from '../../data/testing/schema-hash';
import { entityOfScreen, menuFor, verdict } from './admin-access';

/**
 * The registry with one more line, as the recipe adds it (`vaseRental` beside the others in schema/entities/index.ts),
 * for this file's run only: the server, the routes and the device's collections below all read this registry.
 */
vi.mock('../../../schema/entities/index', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown> & { entities: Record<string, { path: string }> }>();
  const derived = ['entities', 'entityTypes', 'entityByPath'];
  const unknown = Object.keys(real).filter((k) => !derived.includes(k));
  if (unknown.length) throw new Error(`schema/entities/index.ts exports ${unknown.join(', ')}: derive it here from the registry with the extra entity too`);
  const { vaseRental } = await import('../../../server/testing/vase-rental');
  const entities = { ...real.entities, vaseRental };
  return { entities, entityTypes: Object.keys(entities), entityByPath: (path: string) => Object.values(entities).find((e) => e.path === path) };
});

/** What the recipe adds to schema/entities/index.ts, added to the source Vite serves the browser: an import and a key in `entities`. */
const withRegistryLine = (): Plugin => ({
  name: 'registry-with-vase-rentals',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/schema/entities/index.ts')) return null;
    const added = code.replace('export const entities = {', "import { vaseRental } from '../../server/testing/vase-rental';\nexport const entities = { vaseRental,");
    if (added === code) throw new Error('schema/entities/index.ts no longer declares `export const entities = {`: follow the registry here');
    return added;
  },
});

const people: Record<'customer' | 'florist' | 'manager', User> = {
  customer: { phone: '79220000001', name: '', roles: [], isAdmin: false },
  florist: { phone: demoPhones.florist, name: '', roles: ['florist'], isAdmin: false },
  manager: { phone: demoPhones.manager, name: '', roles: ['manager'], isAdmin: false },
};

/**
 * Issue 28, item 1: a plain back-office entity is one file in schema/entities/ and one registry line. «Аренда ваз»
 * (a record florists read and write, naming a warehouse) gets its admin route, menu entry, guard, record API and
 * /db/office rules from its declaration, and the device's office collection does not change.
 */
describe('an entity added as one file and one registry line', () => {
  const entity = entityByPath('vase-rentals');

  it('is in the registry (the extra line took)', () => {
    expect(entity?.type).toBe('vaseRental');
    expect(entityTypes).toContain('vaseRental');
  });

  it('gets its admin route, in its menu area, opened by whoever reads it; the spec’s matrix needs no edit', () => {
    expect(entityRoutes['/admin/vase-rentals']).toEqual({ label: 'Аренда ваз', area: 'stock', need: 'florist' });
    expect([...adminPaths].sort()).toEqual(Object.keys(specAdminMatrix).sort());
    expect(canOpenScreen(people.florist, '/admin/vase-rentals')).toBe(true);
    expect(canOpenScreen(people.customer, '/admin/vase-rentals')).toBe(false);
    expect(canOpenScreen(null, '/admin/vase-rentals')).toBe(false);
    expect(entityOfScreen('vase-rentals')).toBe(entity);
    if (!entity) return;
    expect(verdict(people.florist, '/admin/vase-rentals', { entity, action: 'read' })).toBe('open');
    expect(verdict(people.florist, '/admin/vase-rentals', { entity, action: 'create' })).toBe('open');
    expect(verdict(people.customer, '/admin/vase-rentals', { entity, action: 'read' })).toBe('denied');
    expect(verdict(null, '/admin/vase-rentals', { entity, action: 'read' })).toBe('sign-in');
    const stock = menuFor(people.florist).find((a) => a.id === 'stock');
    expect(stock?.links).toContainEqual({ path: '/admin/vase-rentals', label: 'Аренда ваз' });
    expect(menuFor(people.customer)).toEqual([]);
  });

  it('leaves the device’s office collection as pinned (collections.test.ts), and its envelope takes the new type', () => {
    expect(shopCollections.office.version).toBe(6);
    expect(schemaHash(shopCollections.office.schema)).toBe('13f3478541fc9c36');
    const envelope = { id: 'vase-rental-0001', v: 1, title: 'Ваза', createdBy: demoPhones.florist, createdAt: 1, updatedBy: demoPhones.florist, updatedAt: 1, data: {} };
    expect(officeRecord.safeParse({ ...envelope, type: 'vaseRental' }).success).toBe(true);
    expect(officeRecord.safeParse({ ...envelope, type: 'vaseRentals' }).error?.issues[0]?.message).toBe('Неизвестный вид записи «vaseRentals»');
  });

  describe('on the real server', () => {
    let shop: Awaited<ReturnType<typeof startTestShop>>;
    let florist: Writer;
    let customer = '';
    beforeAll(async () => {
      shop = await startTestShop();
      florist = { cookie: await signIn(shop.url, demoPhones.florist), phone: demoPhones.florist };
      customer = await signIn(shop.url, people.customer.phone);
    });
    afterAll(() => shop.close());

    it('lists its records to a florist, not to a customer', async () => {
      expect((await call(shop.url, '/api/vase-rentals/list', {}, florist.cookie)).status).toBe(200);
      expect((await call(shop.url, '/api/vase-rentals/list', {}, customer)).status).toBe(403);
    });

    if (!entity) return;
    const rental = (warehouse: string) => () => ({ vase: 'Стеклянная, 30 см', client: 'Анна', warehouse, until: today() });
    // The record API and a device's push to /db/office alike: a valid record is stored, a bad reference refused in Russian.
    bothPaths(() => shop.url, [
      { name: 'a rental from a stored warehouse', entity, data: rental('warehouse-cold'), writer: () => florist },
      { name: 'a rental from a warehouse that does not exist', entity, data: rental('warehouse-nowhere'), writer: () => florist, refused: /Склад — «warehouse-nowhere» — такой записи нет/ },
      { name: 'a rental whose warehouse is a flower', entity, data: rental('flower-tulip'), writer: () => florist, refused: /это цветок .*, а не склад/ },
    ]);
  });

  describe('in Chromium', () => {
    let shop: Awaited<ReturnType<typeof startTestShop>>;
    let client: ViteDevServer;
    let browser: Browser;
    beforeAll(async () => {
      shop = await startTestShop();
      const cookie = await signIn(shop.url, demoPhones.florist);
      const stored = await call(shop.url, '/api/vase-rentals/update', { data: { vase: 'Керамическая, 40 см', client: 'Ольга', warehouse: 'warehouse-cold', until: today() } }, cookie);
      expect(stored.status).toBe(200);
      // The client as the newcomer's checkout would serve it: Vite over the same source, the registry with its one extra line.
      client = await createServer({
        configFile: 'vite.config.ts',
        logLevel: 'error',
        server: { port: 0, host: '127.0.0.1', proxy: { '/api': shop.url, '/db': shop.url, '/img': shop.url } },
        plugins: [withRegistryLine()],
      });
      await client.listen();
      browser = await launchBrowser({ fullChromium: false });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await client?.close();
      await shop?.close();
    });

    it('shows its list at /admin/vase-rentals to a florist, with the warehouse by name', async () => {
      const base = client.resolvedUrls?.local[0] ?? '';
      const context = await browser.newContext({ baseURL: base, locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 390, height: 844 } });
      context.setDefaultTimeout(90_000);
      const [name, value] = (await signIn(shop.url, demoPhones.florist)).split('=');
      await context.addCookies([{ name, value, url: base }]);
      const { body } = await call<{ user: unknown }>(shop.url, '/api/user', undefined, `${name}=${value}`, 'GET');
      await context.addInitScript((user) => localStorage.setItem('shop:user', user), JSON.stringify(body.user));
      const page = await context.newPage();
      await page.goto('/admin/vase-rentals');
      await page.getByRole('heading', { name: 'Аренда ваз' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Керамическая, 40 см' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Ольга');
      await row.getByText('Холодильник').waitFor();
      await context.close();
    }, 120_000);
  });
});

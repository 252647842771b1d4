import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { journeyPerFile, watchErrors } from './harness';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}
interface Axe {
  run(context: Document, options: { resultTypes: string[] }): Promise<{ violations: AxeViolation[] }>;
}

const categories = ['authors', 'monobouquets', 'baskets', 'boxes', 'potted', 'woodbox', 'dried', 'premium', 'flowersbypiece', 'toys', 'vases', 'paintings'];
const publicRoutes = [
  '/', '/login', '/qr-login', '/policy', '/my', '/info', '/info/delivery', '/items', '/items/p-001', ...categories.map((c) => `/items/${c}`),
  '/product/B-1001~Букет-Утренний-Прованс', '/tags/birthday', '/tags/love', '/flowers/rose', '/flowers-encyclopedia', '/flowers-encyclopedia/roses',
  '/flowers-encyclopedia/roses/pink-ohara', '/search?q=роза', '/offers', '/offers/5percent-off-for-feedback', '/orders/create', '/orders/thank-you?number=1', '/8march',
  '/mothers-day', '/new-year', '/new-year/2023', '/new-year/2023/red', '/new-year/2023/blue', '/new-year/2023/pink', '/new-year/2023/white',
  '/new-year/2024', '/new-year/2025', '/bukety-na-den-rozhdeniya', '/postcards', '/for-companies', '/service', '/slideshow', '/studio',
  '/exclusive/reflection',
];
/**
 * Addresses drawn by a template axe has already read on an earlier address: each is still opened and checked for its
 * content and errors, but axe (most of this file's time) reads a template once.
 */
const sameTemplateAsEarlier = new Set([
  ...categories.slice(1).map((c) => `/items/${c}`), '/tags/love', '/new-year/2023/red', '/new-year/2023/blue', '/new-year/2023/pink',
  '/new-year/2023/white', '/new-year/2024', '/new-year/2025',
]);
/** The addresses in parts of about equal length, each a test with a time limit of its own. */
const parts = 3;
const size = Math.ceil(publicRoutes.length / parts);
const routeParts = Array.from({ length: parts }, (_, i) => publicRoutes.slice(i * size, (i + 1) * size));

/** A visitor opens every public address of the spec: each shows a real page, none errors. */
describe('every public route', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  /**
   * Opens the home page, then each address as a visitor does (a full load), waits for its content and runs axe on it. axe comes with
   * every document through the DevTools protocol (a <script> tag would be refused by the shop's CSP), once per
   * context rather than sent again per address; it gathers the nodes of violations only, which are all it reports.
   */
  const visit = async (routes: readonly string[], after?: (page: Page) => Promise<void>) => {
    const context = await journey().newContext();
    await context.addInitScript({ content: axeSource });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const serious: string[] = [];
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    for (const route of routes) {
      await page.goto(route);
      const heading = page.locator('main h1').first();
      await heading.waitFor();
      await page.waitForFunction(() => !/Загружаем|Ищем…/.test(document.querySelector('main')?.textContent ?? ''));
      expect(await heading.textContent(), route).not.toMatch(/Page not found|Что-то пошло не так/);
      expect((await page.locator('main').textContent())!.length, route).toBeGreaterThan(40);
      if (sameTemplateAsEarlier.has(route)) continue;
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      });
      serious.push(...violations.map((v) => `${route} ${v}`));
    }
    expect(serious, 'axe: serious or critical accessibility violations').toEqual([]);
    await after?.(page);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  };

  for (const routes of routeParts)
    it(`renders ${routes[0]} to ${routes.at(-1)}: content, no error, and nothing axe calls serious or critical`, () => visit(routes));

  it('sends an address that is gone to the catalogue', () =>
    visit([], async (page) => {
      await page.goto('/items/complex');
      await page.waitForURL(/\/items$/);
    }));
});

import { describe, expect, it } from 'vitest';
import { journeyPerFile, phoneViewport } from './harness';
import { contextAs } from './admin-journeys';
import { demoProducts } from '../server/seed/products';
import { demoPhones } from '../server/testing/test-shop';

const monobouquet = demoProducts.find((p) => p.isActive && !p.isHidden && p.category === 'monobouquets')!;

/**
 * The storefront's first view must not grow (issue 21; «JavaScript as sent», docs/BENCH.md). Its code comes as the
 * entry and the storefront's screens: every module the entry imports statically is one chunk (vite.config.ts, the
 * `shop` group), so an admin screen that imports a storefront module no longer splits it into a chunk of its own, each
 * one more request and about 0.7 KiB of headers on the first view (the 11.5 KiB that main grew by in issues 19, 21
 * and 22). The storefront's screens are a chunk of their own (with the few small modules they share with the
 * back-office), named by the drawn page so it comes beside the entry, and a back-office page never loads it (issue
 * 32, item 1).
 */
describe('the first view fetches the entry and its screens', () => {
  const journey = journeyPerFile();

  it('a first visit of the home page, a category and a product page loads the entry, the storefront\'s screens and the zod shim alone', async () => {
    for (const path of ['/', `/items/${monobouquet.category}`, `/items/${monobouquet.id}`]) {
      const context = await journey().newContext(phoneViewport);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const html = await (await page.goto(path, { waitUntil: 'networkidle' }))!.text();
      const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
      expect(entry, path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      expect(preloaded.some((file) => /^\/assets\/storefront-screens-[\w-]+\.js$/.test(file)), path).toBe(true);
      expect(scripts.sort(), path).toEqual([entry, ...preloaded, '/zod-without-eval.js'].sort());
      await context.close();
    }
  });

  it('the entry carries no staff dialog nor the calendar event\'s schema: the quick close of a shift comes with the press of «Закрыть смену»', async () => {
    const { url } = journey().shop;
    const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(await (await fetch(`${url}/`)).text())![1]!;
    const code = await (await fetch(url + entry)).text();
    // The text of the quick close's form (studio/shift/close-shift-dialog.tsx), which the minifier keeps as written.
    expect(code.includes('Закрыть смену'), 'the button is in the entry').toBe(true);
    expect(code.includes('Выручка за смену'), 'the quick close form is in the entry').toBe(false);
    // The calendar's addresses are read by the route tree in the entry; they take an event's type, not its schema (schema/studio/orders/event.ts).
    expect(code.includes('Неверный идентификатор события'), 'the event schema is in the entry').toBe(false);
  });

  it('a florist\'s back-office loads no storefront screen, and the entry holds none', async () => {
    const { url } = journey().shop;
    const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(await (await fetch(`${url}/`)).text())![1]!;
    const code = await (await fetch(url + entry)).text();
    // The product page's and the home page's headings (client/shop/catalog): the minifier keeps the text as written.
    expect(code.includes('Состав'), 'the product page is in the entry').toBe(false);
    expect(code.includes('Цветы с доставкой по Москве от 2 часов'), 'the home page is in the entry').toBe(false);
    const context = await contextAs(journey(), demoPhones.florist, phoneViewport);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/admin', '/admin/orders', '/admin/slips/new']) {
      const html = await (await page.goto(path, { waitUntil: 'networkidle' }))!.text();
      // The drawn board names its own chunks (server/render/renderer.ts `withDrawnBoard`), never the storefront's screens.
      expect((html.match(/<link rel="modulepreload"[^>]*>/g) ?? []).filter((link) => /storefront-screens-/.test(link)), path).toEqual([]);
    }
    await page.locator('.write-off').waitFor();
    expect(scripts.filter((s) => s.includes('/assets/storefront-screens-'))).toEqual([]);
    // The same tab then goes to the storefront: its screens come on the way there.
    await page.goto('/');
    await page.locator('.card__name').first().waitFor();
    expect(scripts.filter((s) => s.includes('/assets/storefront-screens-')).length).toBe(1);
    await context.close();
  });
});

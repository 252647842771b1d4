import { describe, expect, it } from 'vitest';
import { journeyPerFile, phoneViewport } from './harness';
import { demoProducts } from '../server/seed/products';

const monobouquet = demoProducts.find((p) => p.isActive && !p.isHidden && p.category === 'monobouquets')!;

/**
 * The storefront's first view must not grow (issue 21; «JavaScript as sent», docs/BENCH.md). Its code comes as one
 * script: every module the entry imports statically is one chunk (vite.config.ts, the `shop` group), so an admin
 * screen that imports a storefront module no longer splits it into a chunk of its own, each one more request and
 * about 0.7 KiB of headers on the first view (the 11.5 KiB that main grew by in issues 19, 21 and 22).
 */
describe('the first view fetches one script', () => {
  const journey = journeyPerFile();

  it('a first visit of the home page, a category and a product page loads the entry and the zod shim alone', async () => {
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
      expect(html.match(/rel="modulepreload"/g) ?? [], path).toEqual([]);
      expect(scripts.sort(), path).toEqual([entry, '/zod-without-eval.js'].sort());
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
});

import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { laterFilesSchema } from '../client/lib/later-code';

/** The files the built service worker precaches (its `precacheAndRoute` list), as site paths. */
const precached = async (): Promise<string[]> => {
  const sw = await fs.readFile('dist/sw.js', 'utf8');
  const list = /precacheAndRoute\((\[[^\]]*\])/.exec(sw)?.[1];
  if (!list) throw new Error('dist/sw.js has no precache list: run `npx vite build` first');
  return [...list.matchAll(/url:"([^"]+)"/g)].map((m) => `/${m[1]}`);
};

/**
 * The service worker precaches the storefront's first view and nothing else (issue 32, item 5): every shopper downloads
 * what it lists at the first visit. uPlot's stylesheet, the back-office analytics chart's, was precached for everyone:
 * it is imported on its own (`import('uplot/dist/uPlot.min.css')`), so no chunk listed it as its CSS and the list of
 * files kept later missed it. Reads the build in dist/ (as the journeys serve it).
 */
describe('the precache of the built service worker', () => {
  it('holds no staff code and no uPlot stylesheet; every stylesheet of the build is the first view’s or kept later', async () => {
    const files = await precached();
    const later = laterFilesSchema.parse(JSON.parse(await fs.readFile('dist/later-files.json', 'utf8')));
    expect(files).toContain('/index.html');
    expect(files.filter((f) => /uplot/i.test(f))).toEqual([]);
    expect(files.filter((f) => later.staff.includes(f) || later.shop.includes(f))).toEqual([]);
    // The chart's stylesheet is staff code, kept once a staff member signs in.
    expect(later.staff.filter((f) => /uPlot.*\.css$/.test(f))).toHaveLength(1);
    // No stylesheet is left out of both: one the build cannot place would be precached again by the next change.
    const css = (await fs.readdir('dist/assets')).filter((f) => f.endsWith('.css')).map((f) => `/assets/${f}`);
    expect(css.filter((f) => !files.includes(f) && !later.shop.includes(f) && !later.staff.includes(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.css'))).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storefrontScreens, withRenderedPage } from './renderer';
import { shopSnapshot } from '../../schema/shop/shop-snapshot';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));
const distWith = async (list: unknown) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'renderer-'));
  dirs.push(dir);
  if (list !== undefined) await fs.writeFile(path.join(dir, 'later-files.json'), JSON.stringify(list));
  return dir;
};

describe("the storefront's screens named by a drawn page", () => {
  it('are the build list’s `screens`, read again when a new build replaces the list', async () => {
    const dir = await distWith({ screens: ['/assets/shared-a1.js', '/assets/storefront-screens-b2.js'], shop: [], staff: [] });
    const screens = storefrontScreens(dir);
    expect(await screens()).toEqual(['/assets/shared-a1.js', '/assets/storefront-screens-b2.js']);
    const file = path.join(dir, 'later-files.json');
    await fs.writeFile(file, JSON.stringify({ screens: ['/assets/storefront-screens-c3.js'], shop: [], staff: [] }));
    await fs.utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await screens()).toEqual(['/assets/storefront-screens-c3.js']);
  });

  it('are none without a list, or with a list naming anything but a built script', async () => {
    expect(await storefrontScreens(await distWith(undefined))()).toEqual([]);
    expect(await storefrontScreens(await distWith({ screens: ['/assets/x.js"><script>alert(1)</script>'] }))()).toEqual([]);
    expect(await storefrontScreens(await distWith({ shop: [] }))()).toEqual([]);
  });

  it('go into the page as module preloads beside the drawn page and its snapshot', () => {
    const shell = '<html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
    const html = withRenderedPage(shell, '<main>Букеты</main>', shopSnapshot.parse({ path: '/', products: [], pages: [], absentPages: [] }), ['/assets/storefront-screens-b2.js']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/storefront-screens-b2.js"></head>');
    expect(html).toContain('<div id="root"><main>Букеты</main></div>');
  });
});

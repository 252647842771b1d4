import fs from 'node:fs';
import { defaultStringifySearch } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { demoProducts } from '../seed/products';
import { shopSnapshot, snapshotElementId } from '../../schema/shop/shop-snapshot';

const product = demoProducts.find((p) => p.isActive && !p.isHidden)!;
const byArt = `/product/${product.art}~${encodeURIComponent(product.name)}`;
const json = (value: unknown) => defaultStringifySearch({ value }).slice('?value='.length);

/** Addresses written otherwise and the one address each is answered 301 to. */
const moved: [string, string][] = [
  // A trailing slash.
  ['/studio/', '/studio'],
  // A doubled leading slash: to this shop's page, never to the host «studio» (`//studio`).
  ['//studio/', '/studio'],
  ['/items/', '/items'],
  ['/items/baskets/', '/items/baskets'],
  [`/items/${product.id}/`, `/items/${product.id}`],
  ['/tags/birthday/', '/tags/birthday'],
  ['/items/baskets/?sort=cheap', '/items/baskets?sort=cheap'],
  // An order the shelf does not know, the first page (no page count), a page count that is no number.
  ['/items/baskets?sort=x', '/items/baskets'],
  ['/items?sort=x', '/items'],
  ['/items/baskets?pages=1', '/items/baskets'],
  ['/items?pages=1', '/items'],
  ['/items/baskets?pages=two&sort=dear', '/items/baskets?sort=dear'],
  ['/flowers/rose?pages=1', '/flowers/rose'],
  // The catalogue's filter: an empty text or list, a false flag are left out; a list not written as JSON is rewritten.
  ['/items?name=', '/items'],
  ['/items?name=&sort=cheap', '/items?sort=cheap'],
  ['/items?tags=mom', `/items?tags=${json(['mom'])}`],
  ['/items?isActive=false', '/items'],
  // Both at once, and what has no page of its own.
  ['/items/?name=&pages=1', '/items'],
  ['/items/complex', '/items'],
  ['/items/complex?sort=x', '/items'],
  ['/items/complex/?sort=cheap', '/items?sort=cheap'],
];

/** Written addresses: answered as they are. */
const written = [
  '/', '/?utm_source=ya', '/studio', '/items', '/items?sort=cheap', `/items?tags=${json(['birthday'])}&sort=dear`, '/items?utm_source=ya',
  '/items/baskets', '/items/baskets?pages=2', `/items/${product.id}`, '/tags/birthday', '/flowers/rose', byArt, '/search', '/search?q=%D1%80%D0%BE%D0%B7%D0%B0',
  '/search?q=a%20b', '/login', '/orders/thank-you?number=1',
];

const snapshotOf = (html: string) => {
  const found = new RegExp(`<script id="${snapshotElementId}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return found === undefined ? null : shopSnapshot.parse(JSON.parse(found));
};

/**
 * Each storefront page has one address (schema/shop/written-address.ts): an address the tab's router writes otherwise is
 * answered 301 to its written form, which a bot and a first visit get drawn at once. Before, such an address went out
 * as the app's shell, a page of its own for an engine with nothing drawn in it. Needs the build (`npx vite build`).
 */
describe('addresses written otherwise', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const ask = (path: string, method = 'GET') => fetch(shop.url + path, { method, redirect: 'manual' });
  beforeAll(async () => {
    if (!fs.existsSync('dist-server/entry-server.js')) throw new Error('dist-server/ is missing: npx vite build first (npm test does it)');
    shop = await startTestShop();
  });
  afterAll(() => shop?.close());

  it('answers a trailing slash, an unknown order, pages=1 and an empty name 301 to the written address, for GET and HEAD', async () => {
    const answers = await Promise.all(moved.map(async ([path]) => ({ path, get: await ask(path), head: await ask(path, 'HEAD') })));
    expect(answers.map(({ path, get }) => `${path} ${get.status} ${get.headers.get('location')}`)).toEqual(moved.map(([path, to]) => `${path} 301 ${to}`));
    expect(answers.map(({ path, head }) => `${path} ${head.status} ${head.headers.get('location')}`)).toEqual(moved.map(([path, to]) => `${path} 301 ${to}`));
  });

  it('answers a written address as it is', async () => {
    const answers = await Promise.all(written.map(async (path) => `${path} ${(await ask(path)).status}`));
    expect(answers).toEqual(written.map((path) => `${path} 200`));
  });

  it('never redirects the back-office, the API, /db, assets or an address that leads nowhere', async () => {
    for (const [path, status] of [['/admin/', 200], ['/admin/orders/', 200], ['/admin/items?sort=x', 200], ['/no/such/page/', 404], ['/items/no-such-item/', 404]] as const) {
      const answer = await ask(path);
      expect(`${path} ${answer.status} ${answer.headers.get('location')}`).toBe(`${path} ${status} null`);
    }
    for (const path of ['/api/catalog/', '/api/user/', '/db/', '/db/catalog/', '/robots.txt/', '/assets/none.js/', '/favicon.svg/']) {
      expect((await ask(path)).status, path).not.toBe(301);
    }
  });

  it('leads every redirect straight to a page that is drawn there, with no second redirect', async () => {
    // The server's renderer runs the tab's router, which draws nothing at an address it would write otherwise: a drawn
    // page with its snapshot at the target shows the router writes it so too.
    const drawnTargets = [...new Set(moved.map(([, to]) => to))];
    for (const to of drawnTargets) {
      const answer = await ask(to);
      expect(`${to} ${answer.status} ${answer.headers.get('location')}`).toBe(`${to} 200 null`);
      const html = await answer.text();
      expect(snapshotOf(html), to).not.toBeNull();
      expect(html, to).not.toContain('<div id="root"></div>');
    }
    // Every written address the server draws is drawn so, and none of them redirects.
    for (const path of written) {
      const answer = await ask(path);
      expect(answer.status, path).toBe(200);
      const html = await answer.text();
      if (snapshotOf(html)) expect(html, path).not.toContain('<div id="root"></div>');
    }
  });

  it('walks from every address through its redirects to its written address in at most one step, drawn there', async () => {
    const walks = [...moved, ...written.map((path): [string, string] => [path, path])];
    const walked = [];
    for (const [start] of walks) {
      const seen = [start];
      let answer = await ask(start);
      while (answer.status === 301 && seen.length < 5) {
        seen.push(answer.headers.get('location')!);
        answer = await ask(seen.at(-1)!);
      }
      const html = await answer.text();
      walked.push(`${seen.join(' → ')} ${answer.status}${snapshotOf(html) && html.includes('<div id="root"></div>') ? ' (a snapshot beside no drawing)' : ''}`);
    }
    expect(walked).toEqual(walks.map(([start, to]) => `${start === to ? start : `${start} → ${to}`} 200`));
  });
});

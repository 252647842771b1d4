import { afterEach, describe, expect, it, vi } from 'vitest';
import { withItsScripts } from './kept-pages';
import { staffSnapshotElementIds } from '../../schema/studio/orders/staff-snapshot-ids';

const page = (extra: string) => new Response(`<!doctype html><div id="root"></div>${extra}<script type="module" crossorigin src="/assets/index-abc.js"></script>`);

/** The worker keeps no page carrying the studio's orders (issue 32, item 1): they would outlive a sign-out in its cache. */
describe('pages the worker keeps', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a page whose scripts it holds, never one carrying the board's orders or an order", async () => {
    // The worker's cache of the build's files: it holds every script.
    vi.stubGlobal('caches', { match: async () => new Response('') });
    expect(await withItsScripts({ response: page('') })).toBeInstanceOf(Response);
    expect(staffSnapshotElementIds).toEqual(['board-snapshot', 'order-snapshot', 'dashboard-snapshot', 'write-off-snapshot']);
    for (const id of staffSnapshotElementIds) {
      const drawn = page(`<script id="${id}" type="application/json">{}</script>`);
      expect(await withItsScripts({ response: drawn })).toBeNull();
      expect(await withItsScripts({ cachedResponse: drawn })).toBeNull();
    }
  });
});

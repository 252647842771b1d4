// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/items/monobouquets"}
import { act, createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLocalData, type LocalData } from '../../data/database';
import { LocalDataContext, type Local } from '../../data/local-data-context';
import { SnapshotContext } from '../../data/snapshot-context';
import type { ShopSnapshot } from '../../../schema/shop/shop-snapshot';
import { demoProducts } from '../../../server/seed/products';
import { useProductsOnSale, useShelf } from './use-products';
import type { ListRequest } from '../../../schema/shared/api';

const onSale = demoProducts.filter((p) => p.isActive && !p.isHidden);
const drawn = onSale.filter((p) => p.category === 'monobouquets');
const snapshotFor = (path: string): ShopSnapshot => ({ path, products: drawn, pages: [], absentPages: [] });

/** Renders the hook under the shop's two contexts, as ShopApp does, and answers what it returned last. */
const render = async (snapshot: ShopSnapshot | null, local: Local | null) => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const result: { current: ReturnType<typeof useProductsOnSale> } = { current: undefined };
  const Probe = (): ReactNode => {
    result.current = useProductsOnSale();
    return null;
  };
  const root = createRoot(document.createElement('div'));
  const tree = (l: Local | null) => createElement(SnapshotContext.Provider, { value: snapshot }, createElement(LocalDataContext.Provider, { value: l }, createElement(Probe)));
  await act(async () => root.render(tree(local)));
  return { result, open: (l: Local) => act(async () => root.render(tree(l))), settle: () => act(async () => new Promise((r) => setTimeout(r, 50))) };
};

/**
 * A server-drawn page shows the server's products until the device holds the catalogue, on the address it was drawn
 * for alone; then the device's copy.
 */
describe('products on a server-drawn page', () => {
  let data: LocalData;
  // The hook reads the device's data alone; the sync is not started here.
  let local: Local;
  beforeAll(async () => {
    data = await openLocalData(`snap${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    local = { data, sync: undefined } as unknown as Local;
  });
  afterAll(() => data.shop.close());

  it('shows the snapshot before the store opens and while it is empty, then the device', async () => {
    const hook = await render(snapshotFor('/items/monobouquets'), null);
    expect(hook.result.current?.map((p) => p.id).sort()).toEqual(drawn.map((p) => p.id).sort());
    await hook.open(local);
    await hook.settle();
    expect(hook.result.current?.map((p) => p.id).sort()).toEqual(drawn.map((p) => p.id).sort());
    await data.shop.products.bulkInsert(onSale);
    await hook.settle();
    expect(hook.result.current?.length).toBe(onSale.length);
  });

  it('does not show a snapshot drawn for another address', async () => {
    const hook = await render(snapshotFor('/items/baskets'), null);
    expect(hook.result.current).toBeUndefined();
  });
});

/**
 * The server's first view of a shelf answers for the shelf it was drawn for: another filter asked while the page still
 * shows it (the device's copy of the catalogue not there yet) waits for the device, instead of showing the drawn
 * cards under the other filter beside the drawn shelf's count; another order of the same shelf keeps it.
 */
describe('a shelf drawn by the server', () => {
  const drawnShelf: ShopSnapshot = { ...snapshotFor('/items/monobouquets'), shelfTotal: drawn.length };
  const render = async (query: ListRequest['query']) => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const result: { current: ReturnType<typeof useShelf> | undefined } = { current: undefined };
    const Probe = ({ q }: { q: ListRequest['query'] }): ReactNode => {
      result.current = useShelf(q);
      return null;
    };
    const root = createRoot(document.createElement('div'));
    const tree = (q: ListRequest['query'], l: Local | null) => createElement(SnapshotContext.Provider, { value: drawnShelf }, createElement(LocalDataContext.Provider, { value: l }, createElement(Probe, { q })));
    await act(async () => root.render(tree(query, null)));
    return { result, show: (q: ListRequest['query'], l: Local | null = null) => act(async () => root.render(tree(q, l))) };
  };
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`shelf${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterAll(() => data.shop.close());

  it('shows the drawn shelf and its count, the same shelf in another order too', async () => {
    const shelf = await render({ category: 'monobouquets', tags: [] });
    expect(shelf.result.current?.products?.map((p) => p.id).sort()).toEqual(drawn.map((p) => p.id).sort());
    expect(shelf.result.current?.total).toBe(drawn.length);
    await shelf.show({ category: 'monobouquets', tags: [], sort: 'cheap' } as ListRequest['query']);
    expect(shelf.result.current?.total).toBe(drawn.length);
  });

  it('waits for the device under another filter, then shows that filter from the device', async () => {
    const love = onSale.filter((p) => p.category === 'monobouquets' && p.tags.includes('love'));
    expect(love.length).toBeGreaterThan(0);
    const shelf = await render({ category: 'monobouquets', tags: [] });
    await shelf.show({ category: 'monobouquets', tags: ['love'] });
    expect(shelf.result.current).toEqual({ products: undefined, total: undefined });
    await data.shop.products.bulkInsert(onSale);
    await shelf.show({ category: 'monobouquets', tags: ['love'] }, { data, sync: undefined } as unknown as Local);
    // The device's first reading comes when the store answers.
    for (let tries = 0; !shelf.result.current?.products && tries < 100; tries++) await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(shelf.result.current?.products?.map((p) => p.id).sort()).toEqual(love.map((p) => p.id).sort());
    expect(shelf.result.current?.total).toBeUndefined();
  });
});

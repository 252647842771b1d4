import { useCallback, useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { ListRequest } from '../../../schema/shared/api';
import { byRank, matchesQuery } from '../../../schema/shop/product-filter';
import type { Product } from '../../../schema/shop/product';
import type { LocalData } from '../../data/database';
import { useDeviceHolds, useDeviceReading } from '../../data/device-or-snapshot';
import { useSnapshot } from '../../data/snapshot-context';

const products = (data: LocalData) => data.shop.products;

const onSale = (data: LocalData) =>
  data.shop.products.find({ selector: { isActive: true, isHidden: false } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as Product).sort(byRank)));

/**
 * Items on sale, from the device's copy of the catalogue, bestsellers first; on a server-rendered page, the server's
 * snapshot until that copy holds something. `undefined` until the first read.
 */
export const useProductsOnSale = (): Product[] | undefined => {
  const device = useDeviceReading(onSale);
  const snapshot = useSnapshot();
  const fromServer = useMemo(() => (snapshot ? [...snapshot.products].sort(byRank) : undefined), [snapshot]);
  return device?.length ? device : (fromServer ?? device);
};

/**
 * How many products a server-drawn category has in all, while the page shows the server's snapshot, which carries
 * only its first view (schema/shop/shelf.ts); `undefined` once the device's copy of the catalogue answers.
 */
const useSnapshotShelfTotal = (): number | undefined => {
  const device = useDeviceReading(onSale);
  const total = useSnapshot()?.shelfTotal;
  return device?.length ? undefined : total;
};

/** What tells one shelf from another: its filter (not its order or open pages, which the same shelf changes). */
const shelfKey = (q: ListRequest['query']) => JSON.stringify([q.name || '', q.isActive, q.isHidden, q.itemType, q.shownOn ?? [], q.tags ?? [], q.category]);

/**
 * A shelf of products on sale (a category, or the catalogue by its filter), bestsellers first, and how many it holds
 * in all while the page shows the server's first view of it (`total`, as `useSnapshotShelfTotal`). That first view
 * answers for the shelf it was drawn for: another filter asked before the device's copy of the catalogue answers
 * waits for that copy (`products` undefined) rather than show the drawn cards under another filter beside the drawn
 * shelf's count.
 */
export const useShelf = (query: ListRequest['query']): { products: Product[] | undefined; total: number | undefined } => {
  const key = shelfKey(query);
  const [drawn] = useState(key);
  const products = useProductsOnSale();
  const total = useSnapshotShelfTotal();
  if (total !== undefined && key !== drawn) return { products: undefined, total: undefined };
  return { products: products?.filter(matchesQuery(query)), total };
};

export const useProduct = (id: string): Product | null | undefined => {
  const device = useDeviceReading(useCallback((data: LocalData) => data.shop.products.findOne(id).$.pipe(map((d) => (d ? (d.toMutableJSON() as Product) : null))), [id]));
  const held = useDeviceHolds(products);
  const fromServer = useSnapshot()?.products.find((p) => p.id === id);
  if (device) return device;
  return fromServer && !held ? fromServer : device;
};

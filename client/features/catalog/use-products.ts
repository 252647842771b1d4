import { useCallback, useMemo } from 'react';
import { map } from 'rxjs';
import { byRank } from '../../../schema/product-filter';
import type { Product } from '../../../schema/product';
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
 * only its first view (schema/shelf.ts); `undefined` once the device's copy of the catalogue answers.
 */
export const useSnapshotShelfTotal = (): number | undefined => {
  const device = useDeviceReading(onSale);
  const total = useSnapshot()?.shelfTotal;
  return device?.length ? undefined : total;
};

export const useProduct = (id: string): Product | null | undefined => {
  const device = useDeviceReading(useCallback((data: LocalData) => data.shop.products.findOne(id).$.pipe(map((d) => (d ? (d.toMutableJSON() as Product) : null))), [id]));
  const held = useDeviceHolds(products);
  const fromServer = useSnapshot()?.products.find((p) => p.id === id);
  if (device) return device;
  return fromServer && !held ? fromServer : device;
};

import { useMemo } from 'react';
import { map } from 'rxjs';
import { byRank } from '../../../schema/product-filter';
import type { Product } from '../../../schema/product';
import { useLocal } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';

/** Items on sale, from the device's copy of the catalogue, bestsellers first. `undefined` until the first read. */
export const useProductsOnSale = (): Product[] | undefined => {
  const { data } = useLocal();
  const onSale = useMemo(
    () => data.shop.products.find({ selector: { isActive: true, isHidden: false } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as Product).sort(byRank))),
    [data],
  );
  return useObservable(onSale, undefined as Product[] | undefined);
};

export const useProduct = (id: string): Product | null | undefined => {
  const { data } = useLocal();
  const product = useMemo(() => data.shop.products.findOne(id).$.pipe(map((d) => (d ? (d.toMutableJSON() as Product) : null))), [data, id]);
  return useObservable(product, undefined as Product | null | undefined);
};

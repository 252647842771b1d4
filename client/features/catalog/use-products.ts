import { map } from 'rxjs';
import { byRank } from '../../../schema/product-filter';
import type { Product } from '../../../schema/product';
import { useLocal } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';

/** Items on sale, from the device's copy of the catalogue, bestsellers first. `undefined` until the first read. */
export const useProductsOnSale = (): Product[] | undefined => {
  const { data } = useLocal();
  return useObservable(
    () => data.shop.products.find({ selector: { isActive: true, isHidden: false } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as Product).sort(byRank))),
    undefined as Product[] | undefined,
    [data],
  );
};

export const useProduct = (id: string): Product | null | undefined => {
  const { data } = useLocal();
  return useObservable(() => data.shop.products.findOne(id).$.pipe(map((d) => (d ? (d.toMutableJSON() as Product) : null))), undefined as Product | null | undefined, [data, id]);
};

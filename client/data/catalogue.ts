import { useMemo } from 'react';
import { map } from 'rxjs';
import { product as productSchema, type Product } from '../../schema/shop/product';
import { useObservable } from '../lib/use-observable';
import { useLocal } from './local-data-context';

/** The device's catalogue on sale: what staff pick an order's lines from, online or not. */
export const useCatalogue = (): Product[] => {
  const { data } = useLocal();
  const products$ = useMemo(
    () =>
      data.shop.products
        .find({ selector: { isActive: true, isHidden: false } })
        .$.pipe(map((docs) => docs.flatMap((d) => { const p = productSchema.safeParse(d.toMutableJSON()); return p.success ? [p.data] : []; }))),
    [data],
  );
  return useObservable(products$, []);
};

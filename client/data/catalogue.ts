import { useMemo } from 'react';
import { map, of, type Observable } from 'rxjs';
import { product as productSchema, type Product } from '../../schema/shop/product';
import { useObservable } from '../lib/use-observable';
import { useLocal, useLocalIfOpen } from './local-data-context';
import type { LocalData } from './database';

/** The device's catalogue on sale: what staff pick an order's lines from, online or not. */
export const useCatalogue = (): Product[] => {
  const { data } = useLocal();
  const products$ = useMemo(() => onSale$(data), [data]);
  return useObservable(products$, noProducts);
};

const noProducts: Product[] = [];
const none$ = of(noProducts);

const onSale$ = (data: LocalData): Observable<Product[]> =>
  data.shop.products
    .find({ selector: { isActive: true, isHidden: false } })
    .$.pipe(map((docs) => docs.flatMap((d) => { const p = productSchema.safeParse(d.toMutableJSON()); return p.success ? [p.data] : []; })));

/** The same, empty until the device's store has opened, for a screen drawn before it (the order page, issue 32). */
export const useCatalogueIfOpen = (): Product[] => {
  const data = useLocalIfOpen()?.data;
  const products$ = useMemo(() => (data ? onSale$(data) : none$), [data]);
  return useObservable(products$, noProducts);
};

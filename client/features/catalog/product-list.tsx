import { useState } from 'react';
import { pageSize } from '../../../schema/api';
import { unitPrice, type Product } from '../../../schema/product';
import { ProductGrid } from './product-card';
import './product-list.css';

const orders = {
  popular: { label: 'Сначала популярные', compare: null },
  cheap: { label: 'Сначала дешевле', compare: (a: Product, b: Product) => unitPrice(a) - unitPrice(b) },
  dear: { label: 'Сначала дороже', compare: (a: Product, b: Product) => unitPrice(b) - unitPrice(a) },
} as const;
type Order = keyof typeof orders;

const goods = (n: number) => {
  const [one, few, many] = ['товар', 'товара', 'товаров'];
  const rule = new Intl.PluralRules('ru-RU').select(n);
  return `${n} ${rule === 'one' ? one : rule === 'few' ? few : many}`;
};

/**
 * A shelf of products (already filtered, most popular first): a choice of order, and 20 at a time (spec §9)
 * with «Показать ещё», so a long catalogue does not put thousands of cards on a phone at once.
 */
export const ProductList = ({ products }: { products: Product[] }) => {
  const [order, setOrder] = useState<Order>('popular');
  const [shown, setShown] = useState(pageSize);
  const compare = orders[order].compare;
  const sorted = compare ? [...products].sort(compare) : products;
  return (
    <section className="product-list" aria-label="Товары">
      <div className="product-list__bar">
        <p className="muted" aria-live="polite">{goods(products.length)}</p>
        <select className="product-list__order" aria-label="Порядок товаров" value={order} onChange={(e) => setOrder(e.target.value as Order)}>
          {Object.entries(orders).map(([id, o]) => (
            <option key={id} value={id}>{o.label}</option>
          ))}
        </select>
      </div>
      <ProductGrid products={sorted.slice(0, shown)} />
      {shown < sorted.length && (
        <p className="product-list__more">
          <button type="button" className="button button--ghost" onClick={() => setShown((n) => n + pageSize)}>
            Показать ещё {Math.min(pageSize, sorted.length - shown)}
          </button>
        </p>
      )}
    </section>
  );
};

import { useNavigate, useSearch } from '@tanstack/react-router';
import { pageSize } from '../../../schema/shared/api';
import type { Product } from '../../../schema/shop/product';
import { listParams, shelfCompare, type ListParams, type ShelfOrder } from '../../../schema/shop/shelf';
import { countOf } from '../../../schema/shared/plural';
import { wantLocal } from '../../data/local-data-context';
import { ProductGrid } from './product-card';
import './product-list.css';


const orderLabels: Record<ShelfOrder, string> = { popular: 'Сначала популярные', cheap: 'Сначала дешевле', dear: 'Сначала дороже' };

const goods = (n: number) => countOf(n, ['товар', 'товара', 'товаров']);

/**
 * A shelf of products (already filtered, most popular first): a choice of order, and 20 at a time (spec §9)
 * with «Показать ещё», so a long catalogue does not put thousands of cards on a phone at once. `total`: how many the
 * shelf has when `products` are only its first view (a category's server snapshot); the rest come from the device's
 * store, which «Показать ещё» opens.
 */
export const ProductList = ({ products, total = products.length }: { products: Product[]; total?: number }) => {
  const { sort, pages = 1 } = listParams.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  // Replaces the entry (the shelf is one place in the history) and keeps the scroll where it is. Another order or page
  // needs the whole shelf, which a server-drawn category's snapshot does not carry: the device's store opens for it.
  const setList = (next: ListParams) => {
    wantLocal();
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  };
  const order: ShelfOrder = sort ?? 'popular';
  const shown = pages * pageSize;
  const compare = shelfCompare[order];
  const sorted = compare ? [...products].sort(compare) : products;
  return (
    <section className="product-list" aria-label="Товары">
      <div className="product-list__bar">
        <p className="muted" aria-live="polite">{goods(total)}</p>
        <select
          className="product-list__order"
          aria-label="Порядок товаров"
          value={order}
          onChange={(e) => {
            const next = e.target.value;
            setList({ sort: next === 'cheap' || next === 'dear' ? next : undefined, pages: undefined });
          }}
        >
          {Object.entries(orderLabels).map(([id, label]) => (
            <option key={id} value={id}>{label}</option>
          ))}
        </select>
      </div>
      <ProductGrid products={sorted.slice(0, shown)} eager={2} />
      {shown < total && (
        <p className="product-list__more">
          <button type="button" className="button button--ghost" onClick={() => setList({ pages: pages + 1 })}>
            Показать ещё {Math.min(pageSize, total - shown)}
          </button>
        </p>
      )}
    </section>
  );
};

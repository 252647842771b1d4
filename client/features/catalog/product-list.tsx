import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
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

/**
 * The shelf's state in the address, so Back from a product comes to the same shelf: the order (`sort`, none for the
 * most popular first) and how many «Показать ещё» pages are open (`pages`, none for the first).
 * Every route that shows a ProductList lets these through its `validateSearch`.
 */
export const listParams = z.object({
  sort: z.enum(['cheap', 'dear']).optional().catch(undefined),
  pages: z.coerce.number().int().min(2).max(500).optional().catch(undefined),
});
export type ListParams = z.infer<typeof listParams>;

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
  const { sort, pages = 1 } = listParams.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  // Replaces the entry (the shelf is one place in the history) and keeps the scroll where it is.
  const setList = (next: ListParams) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  const order: Order = sort ?? 'popular';
  const shown = pages * pageSize;
  const compare = orders[order].compare;
  const sorted = compare ? [...products].sort(compare) : products;
  return (
    <section className="product-list" aria-label="Товары">
      <div className="product-list__bar">
        <p className="muted" aria-live="polite">{goods(products.length)}</p>
        <select
          className="product-list__order"
          aria-label="Порядок товаров"
          value={order}
          onChange={(e) => {
            const next = e.target.value;
            setList({ sort: next === 'cheap' || next === 'dear' ? next : undefined, pages: undefined });
          }}
        >
          {Object.entries(orders).map(([id, o]) => (
            <option key={id} value={id}>{o.label}</option>
          ))}
        </select>
      </div>
      <ProductGrid products={sorted.slice(0, shown)} eager={2} />
      {shown < sorted.length && (
        <p className="product-list__more">
          <button type="button" className="button button--ghost" onClick={() => setList({ pages: pages + 1 })}>
            Показать ещё {Math.min(pageSize, sorted.length - shown)}
          </button>
        </p>
      )}
    </section>
  );
};

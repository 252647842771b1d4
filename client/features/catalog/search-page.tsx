import { ProductList } from './product-list';
import { useProductsOnSale } from './use-products';
import { matchesQuery } from '../../../schema/product-filter';

/** Search results from the device's catalogue, so it works without network too. */
export const SearchPage = ({ q }: { q: string }) => {
  const found = useProductsOnSale()?.filter(matchesQuery({ name: q }));
  return (
    <div className="page">
      <h1>Поиск: «{q}»</h1>
      {!found ? <p className="muted">Ищем…</p> : found.length ? <ProductList products={found} /> : <p>Ничего не нашлось. Попробуйте другое слово или артикул.</p>}
    </div>
  );
};

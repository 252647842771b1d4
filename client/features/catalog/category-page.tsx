import { categories, type ItemCategory } from '../../../schema/category';
import { ProductGrid } from './product-card';
import { useProductsOnSale } from './use-products';

const extraLabels: Record<string, string> = { vases: 'Вазы', paintings: 'Картины из цветов и мха', complex: 'Сборные заказы' };

export const categoryLabel = (id: string): string | undefined => categories.find((c) => c.id === id)?.label ?? extraLabels[id];

/** /items (everything) or /items/{category}. */
export const CategoryPage = ({ category }: { category?: ItemCategory }) => {
  const products = useProductsOnSale()?.filter((p) => !category || p.category === category);
  return (
    <div className="page">
      <h1>{category ? categoryLabel(category) : 'Каталог'}</h1>
      {products ? <ProductGrid products={products} /> : <p className="muted">Загружаем…</p>}
    </div>
  );
};

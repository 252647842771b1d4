import { ProductList } from '../catalog/product-list';
import { useProductsOnSale } from '../catalog/use-products';
import { tagLabels } from '../catalog/campaign-tags';

/** /tags/{tag}: every item on sale with that tag. */
export const TagPage = ({ tag }: { tag: string }) => {
  const items = useProductsOnSale()?.filter((p) => p.tags.includes(tag));
  return (
    <div className="page">
      <h1>{tagLabels[tag] ?? `#${tag}`}</h1>
      {!items ? <p className="muted">Загружаем…</p> : items.length ? <ProductList products={items} /> : <p>По этому поводу пока ничего нет — загляните в каталог.</p>}
    </div>
  );
};

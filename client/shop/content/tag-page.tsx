import { ProductList } from '../catalog/product-list';
import { useProductsOnSale } from '../catalog/use-products';
import { tagLabelIn } from '../../../schema/shop/catalog-setup';
import { useCatalogSetup } from '../../data/storefront';
import { usePageTitle } from '../../ui/page-title';

/** /tags/{tag}: every item on sale with that tag. */
export const TagPage = ({ tag }: { tag: string }) => {
  const items = useProductsOnSale()?.filter((p) => p.tags.includes(tag));
  const title = tagLabelIn(useCatalogSetup(), tag) ?? `#${tag}`;
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      {!items ? <p className="muted">Загружаем…</p> : items.length ? <ProductList products={items} /> : <p>По этому поводу пока ничего нет — загляните в каталог.</p>}
    </div>
  );
};

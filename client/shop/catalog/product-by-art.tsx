import { useProductsOnSale } from './use-products';
import { ProductPage } from './product-page';
import { NotFoundPage } from '../../shared/errors/error-page';

/** /product/{art}~{name}: the article code decides; the name is only for people and search engines. */
export const ProductByArt = ({ artAndName }: { artAndName: string }) => {
  const art = decodeURIComponent(artAndName.split('~')[0]);
  const products = useProductsOnSale();
  if (!products) return <p className="muted page">Загружаем…</p>;
  const found = products.find((p) => p.art === art);
  return found ? <ProductPage id={found.id} /> : <NotFoundPage path={`/product/${artAndName}`} description="Такого артикула нет в каталоге: возможно, товар уже не продают. Поищите похожий или загляните в каталог." />;
};

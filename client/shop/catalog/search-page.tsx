import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { barCategories } from '../../../schema/shop/catalog-setup';
import { useCatalogSetup } from '../../data/storefront';
import type { Product } from '../../../schema/shop/product';
import { searchMessages, searchQueryProblem } from '../../../schema/shop/search-query';
import { usePageTitle } from '../../ui/page-title';
import { useCatalogSearchModule } from './use-catalog-search';
import { ProductGrid } from './product-card';
import { ProductList } from './product-list';
import { useProductsOnSale } from './use-products';


/** Where to go when the search found nothing, or there was nothing to search: the categories and the bestsellers. */
const Elsewhere = ({ products }: { products: Product[] | undefined }) => {
  const best = products?.filter((p) => p.shownOn.includes('bestsellers')).slice(0, 8) ?? [];
  const setup = useCatalogSetup();
  return (
    <>
      <section aria-labelledby="search-categories">
        <h2 id="search-categories">Категории</h2>
        <nav className="chips" aria-labelledby="search-categories">
          {barCategories(setup).map((c) => (
            <Link key={c.id} to="/items/$id" params={{ id: c.id }} className="chip">
              {c.label}
            </Link>
          ))}
        </nav>
      </section>
      {best.length > 0 && (
        <section aria-labelledby="search-best">
          <h2 id="search-best">Хиты продаж</h2>
          <ProductGrid products={best} />
        </section>
      )}
    </>
  );
};

/** /search?q=: results from the device's catalogue, searched as the server searches, so it works without network too. */
export const SearchPage = ({ q }: { q: string }) => {
  const products = useProductsOnSale();
  const library = useCatalogSearchModule();
  const problem = searchQueryProblem(q);
  usePageTitle(problem ? 'Поиск' : `Поиск: «${q}»`);
  const found = useMemo(() => (products && library && !problem ? library.searchCatalogue(products, q) : undefined), [products, library, problem, q]);

  if (problem) {
    return (
      <div className="page">
        <h1>Поиск</h1>
        <p role="status">{searchMessages[problem]}</p>
        <Elsewhere products={products} />
      </div>
    );
  }
  return (
    <div className="page">
      <h1>Поиск: «{q}»</h1>
      {!found ? (
        <p className="muted">Ищем…</p>
      ) : found.length ? (
        <ProductList products={found} />
      ) : (
        <>
          <p role="status">Ничего не нашлось. Проверьте, нет ли опечатки, или поищите по артикулу — а пока загляните в категории и хиты продаж.</p>
          <Elsewhere products={products} />
        </>
      )}
    </div>
  );
};

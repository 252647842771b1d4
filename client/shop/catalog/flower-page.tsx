import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { flowerOf } from '../../../schema/studio/stock/flower';
import { usePage } from '../../data/pages';
import { useSnapshot } from '../../data/snapshot-context';
import { usePageTitle } from '../../ui/page-title';
import { NotFoundPage } from '../../shared/errors/error-page';
import { ProductList } from './product-list';
import { useCatalogSearchModule } from './use-catalog-search';
import { useProductsOnSale } from './use-products';

/**
 * /flowers/{slug} (spec §2): one flower — the studio's text about it from the pages store (`flowers/{slug}`), if
 * there is one, and everything on sale with that flower, found by the catalogue search (so «Розы» finds «роза
 * кустовая» in a composition). From the device's data, online or not.
 */
export const FlowerPage = ({ slug }: { slug: string }) => {
  const { page } = usePage(`flowers/${slug}`);
  const flower = flowerOf(slug);
  const products = useProductsOnSale();
  const library = useCatalogSearchModule();
  const name = page?.value.title ?? flower?.name;
  // Until the search library has come, a server-drawn page shows what the server's search found (the same index).
  const fromServer = useSnapshot()?.products;
  const found = useMemo(
    () => (products && library && name ? library.searchCatalogue(products, flower?.query ?? name) : fromServer),
    [products, library, name, flower, fromServer],
  );
  usePageTitle(name);
  if (page === undefined) return <p className="muted page">Загружаем…</p>;
  if (!name) return <NotFoundPage path={`/flowers/${slug}`} description="Такого цветка у нас нет. Поищите его в каталоге или загляните в энциклопедию цветов." />;
  return (
    <div className="page">
      <article className="content">
        <h1>{name}</h1>
        {page?.value.description && <p className="lead">{page.value.description}</p>}
        {page?.value.sections.map((s, i) => (
          <section key={i}>
            {s.heading && <h2>{s.heading}</h2>}
            <p>{s.text}</p>
          </section>
        ))}
        <p>
          <Link to="/$" params={{ _splat: 'flowers-encyclopedia' }}>Энциклопедия цветов</Link> — как выбирать цветы и ухаживать за ними.
        </p>
      </article>
      <section aria-labelledby="with-flower">
        <h2 id="with-flower">Букеты и композиции</h2>
        {!found ? <p className="muted">Загружаем…</p> : found.length ? <ProductList products={found} /> : <p>Сейчас ничего нет — позвоните нам, соберём на заказ.</p>}
      </section>
    </div>
  );
};

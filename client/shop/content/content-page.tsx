import { Link } from '@tanstack/react-router';
import { flowers } from '../../../schema/studio/stock/flower';
import { usePage } from '../../data/pages';
import { useOnline } from '../../lib/use-online';
import { usePageTitle } from '../../ui/page-title';
import { NotFoundPage } from '../../shared/errors/error-page';
import { ProductGrid } from '../catalog/product-card';
import { useProductsOnSale } from '../catalog/use-products';
import { tagOfPage } from '../catalog/campaign-tags';
import { PageBody } from './page-body';

const TaggedItems = ({ tag }: { tag: string }) => {
  const items = useProductsOnSale()?.filter((p) => p.tags.includes(tag));
  if (!items?.length) return null;
  return (
    <section aria-labelledby="tagged">
      <h2 id="tagged">Букеты и подарки</h2>
      <ProductGrid products={items} />
    </section>
  );
};

/** The encyclopedia leads to each flower's page (/flowers/{slug}). */
const FlowerLinks = () => (
  <section aria-labelledby="flowers">
    <h2 id="flowers">Цветы</h2>
    <nav className="chips" aria-labelledby="flowers">
      {flowers.map((f) => (
        <Link key={f.slug} to="/flowers/$slug" params={{ slug: f.slug }} className="chip">
          {f.name}
        </Link>
      ))}
    </nav>
  </section>
);

/** An info, campaign or CMS page from the device's copy of the pages store (works offline). */
export const ContentPage = ({ slug }: { slug: string }) => {
  const { page, pulled } = usePage(slug);
  const online = useOnline();
  const tag = tagOfPage(slug);
  usePageTitle(page?.value.title);
  if (page === undefined || (!page && !pulled))
    return <p className="muted page">{page === null && !online ? 'Эта страница ещё не загружена на устройство — она откроется, когда появится сеть.' : 'Загружаем…'}</p>;
  if (!page) return <NotFoundPage path={`/${slug}`} />;
  return (
    <div className="page">
      <PageBody value={page.value} />
      {slug === 'flowers-encyclopedia' && <FlowerLinks />}
      {tag && <TaggedItems tag={tag} />}
    </div>
  );
};

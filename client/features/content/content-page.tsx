import { useMemo } from 'react';
import { map } from 'rxjs';
import type { Page } from '../../../schema/page';
import { useLocal } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';
import { ErrorPage } from '../errors/error-page';
import { ProductGrid } from '../catalog/product-card';
import { useProductsOnSale } from '../catalog/use-products';
import { tagOfPage } from '../catalog/campaign-tags';

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

/** An info, campaign or CMS page from the device's copy of the pages store (works offline). */
export const ContentPage = ({ slug }: { slug: string }) => {
  const { data } = useLocal();
  const page$ = useMemo(() => data.shop.pages.findOne(slug).$.pipe(map((d) => (d ? (d.toJSON() as Page) : null))), [data, slug]);
  const page = useObservable(page$, undefined as Page | null | undefined);
  const tag = tagOfPage(slug);
  if (page === undefined) return <p className="muted page">Загружаем…</p>;
  if (!page) return <ErrorPage status={404} message={`Page not found: /${slug}`} />;
  return (
    <div className="page">
      <article className="content">
        <h1>{page.value.title}</h1>
        {page.value.description && <p className="lead">{page.value.description}</p>}
        {page.value.sections.map((s, i) => (
          <section key={i}>
            {s.heading && <h2>{s.heading}</h2>}
            <p>{s.text}</p>
          </section>
        ))}
      </article>
      {tag && <TaggedItems tag={tag} />}
    </div>
  );
};

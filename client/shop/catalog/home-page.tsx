import { Link } from '@tanstack/react-router';
import { barCategories } from '../../../schema/shop/catalog-setup';
import { bestsellersOf, shelfOf } from '../../../schema/shop/home-copy';
import { useCatalogSetup, useHomeCopy } from '../../data/storefront';
import { ProductGrid } from './product-card';
import { useProductsOnSale } from './use-products';

/** A campaign page's picture (server/seed/pages.ts `pageImage`). */
const pictureOf = (slug: string) => `/img/page/${slug.replace(/\//g, '-')}.svg`;

/**
 * The storefront: the seasonal collections, bestsellers and tag shelves staff chose (/admin/index-copy), then each
 * category of the bar — all read from the device's catalogue and pages.
 */
export const HomePage = () => {
  const products = useProductsOnSale();
  const copy = useHomeCopy();
  const setup = useCatalogSetup();
  if (!products) return <p className="muted page">Загружаем каталог…</p>;
  if (products.length === 0) return <p className="muted page">Каталог загружается с сервера. Если вы без сети, он появится, как только связь вернётся.</p>;
  return (
    <div className="page">
      <section className="hero">
        <h1>Цветы с доставкой по Москве от 2 часов</h1>
        <p>Авторские букеты из свежих цветов от мастерской на Покровке. Фото букета перед доставкой.</p>
        <Link to="/items" className="button button--big">Выбрать букет</Link>
      </section>
      {copy.collections.length > 0 && (
        <section aria-labelledby="seasonal">
          <h2 id="seasonal">{copy.collectionsHeading}</h2>
          <ul className="collections">
            {copy.collections.map(({ slug, title }) => (
              <li key={slug}>
                <Link to="/$" params={{ _splat: slug }} className="collection">
                  <img src={pictureOf(slug)} alt="" width="300" height="300" loading="lazy" />
                  <span>{title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="best">
        <h2 id="best">{copy.bestsellersHeading}</h2>
        <ProductGrid products={bestsellersOf(copy, products)} />
      </section>
      {copy.shelves.map((s) => {
        const onShelf = shelfOf(s, products);
        return (
          onShelf.length > 0 && (
            <section key={s.tag} aria-labelledby={`tag-${s.tag}`}>
              <h2 id={`tag-${s.tag}`}>
                <Link to="/tags/$tag" params={{ tag: s.tag }}>
                  {s.heading}
                </Link>
              </h2>
              <ProductGrid products={onShelf} />
            </section>
          )
        );
      })}
      {copy.categoryShelves &&
        barCategories(setup).map((c) => {
          const inCategory = products.filter((p) => p.category === c.id).slice(0, 4);
          return (
            inCategory.length > 0 && (
              <section key={c.id} aria-labelledby={`cat-${c.id}`}>
                <h2 id={`cat-${c.id}`}>
                  <Link to="/items/$id" params={{ id: c.id }}>
                    {c.label}
                  </Link>
                </h2>
                <ProductGrid products={inCategory} />
              </section>
            )
          );
        })}
    </div>
  );
};

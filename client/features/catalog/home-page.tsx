import { Link } from '@tanstack/react-router';
import { categories } from '../../../schema/category';
import { ProductGrid } from './product-card';
import { useProductsOnSale } from './use-products';

/** Campaign pages of the pages store, shown as the home page's seasonal collections. */
const collections = [
  ['new-year', 'Новогодняя коллекция'],
  ['bukety-na-den-rozhdeniya', 'На день рождения'],
  ['8march', 'К 8 Марта'],
  ['mothers-day', 'Ко Дню матери'],
] as const;

/** The storefront: bestsellers, then each category of the bar — all read from the device's catalogue. */
export const HomePage = () => {
  const products = useProductsOnSale();
  if (!products) return <p className="muted page">Загружаем каталог…</p>;
  if (products.length === 0) return <p className="muted page">Каталог загружается с сервера. Если вы без сети, он появится, как только связь вернётся.</p>;
  return (
    <div className="page">
      <section className="hero">
        <h1>Цветы с доставкой по Москве от 2 часов</h1>
        <p>Авторские букеты из свежих цветов от мастерской на Покровке. Фото букета перед доставкой.</p>
        <Link to="/items" className="button button--big">Выбрать букет</Link>
      </section>
      <section aria-labelledby="seasonal">
        <h2 id="seasonal">Сезонные коллекции</h2>
        <ul className="collections">
          {collections.map(([slug, title]) => (
            <li key={slug}>
              <Link to="/$" params={{ _splat: slug }} className="collection">
                <img src={`/img/page/${slug}.svg`} alt="" width="300" height="300" loading="lazy" />
                <span>{title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="best">
        <h2 id="best">Хиты продаж</h2>
        <ProductGrid products={products.slice(0, 8)} />
      </section>
      {categories.map((c) => {
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

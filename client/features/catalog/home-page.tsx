import { Link } from '@tanstack/react-router';
import { categories } from '../../../schema/category';
import { ProductGrid } from './product-card';
import { useProductsOnSale } from './use-products';

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

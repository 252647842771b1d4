import type { ItemCategory } from '../../../schema/shop/category';
import { categoryLabelIn } from '../../../schema/shop/catalog-setup';
import { useCatalogSetup } from '../../data/storefront';
import { wantLocal } from '../../data/local-data-context';
import { usePageTitle } from '../../ui/page-title';
import { useTypedBeforeHydration } from '../../ui/typed-before-hydration';
import { useRef } from 'react';
import { catalogueName, categoryTitle } from '../../../schema/shared/title';
import { ProductList } from './product-list';
import { useShelf } from './use-products';
import type { ProductFilterParams } from '../../../schema/shop/product-filter-params';

interface FilterProps {
  filter: ProductFilterParams & { tags: string[] };
  onChange: (next: ProductFilterParams) => void;
}

/**
 * Name and occasion filters of /items; their state is the URL's (spec §2). Another filter is another shelf, which a
 * server-drawn catalogue's snapshot (its first view) does not carry: the device's store opens for it.
 */
const Filters = ({ filter, onChange: change }: FilterProps) => {
  const { tags } = useCatalogSetup();
  const onChange = (next: ProductFilterParams) => {
    wantLocal();
    change(next);
  };
  const name = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(name, filter.name ?? '', (typed) => onChange({ ...filter, name: typed }));
  return (
  <div className="filters">
    <label className="field field--inline">
      <span>Название или артикул</span>
      <input ref={name} type="search" value={filter.name ?? ''} onChange={(e) => onChange({ ...filter, name: e.target.value })} />
    </label>
    <div className="chips" role="group" aria-label="Повод">
      {tags.map(({ id: tag, label }) => {
        const on = filter.tags.includes(tag);
        return (
          <button key={tag} type="button" className={`chip ${on ? 'chip--on' : ''}`} aria-pressed={on} onClick={() => onChange({ ...filter, tags: on ? filter.tags.filter((t) => t !== tag) : [...filter.tags, tag] })}>
            {label}
          </button>
        );
      })}
    </div>
  </div>
  );
};

/** /items (the whole catalogue, filtered by the URL) or /items/{category}. */
export const CategoryPage = ({ category, filters }: { category?: ItemCategory; filters?: FilterProps }) => {
  const query = { ...filters?.filter, category: category ?? filters?.filter.category };
  const { products, total } = useShelf(query);
  const setup = useCatalogSetup();
  const label = query.category ? (categoryLabelIn(setup, query.category) ?? catalogueName) : catalogueName;
  usePageTitle(query.category ? categoryTitle(label) : label, !!query.category);
  return (
    <div className="page">
      <h1>{label}</h1>
      {filters && <Filters {...filters} />}
      {!products ? <p className="muted">Загружаем…</p> : products.length ? <ProductList products={products} total={total} /> : <p>Ничего не нашлось — попробуйте убрать часть фильтров.</p>}
    </div>
  );
};

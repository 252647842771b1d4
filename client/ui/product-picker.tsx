import { useMemo, useState } from 'react';
import { formatRoubles } from '../../schema/shared/money';
import { unitPrice, type Product } from '../../schema/shop/product';
import { catalogSearch } from '../../schema/shop/search';
import { Field } from './form-field';
import './product-picker.css';

/** Lines from the catalogue: the storefront's search (schema/shop/search.ts) over the given products (the device's copy). */
export const ProductPicker = ({ products, onPick, label = 'Букет из каталога' }: { products: Product[]; onPick: (p: Product) => void; label?: string }) => {
  const [q, setQ] = useState('');
  const search = useMemo(() => catalogSearch(products), [products]);
  const found = q.trim() ? search.find(q).slice(0, 8) : [];
  return (
    <div className="product-picker">
      <Field label={label}>
        <input type="search" name="product-search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Название, артикул или цветок" />
      </Field>
      {q.trim() && !found.length && <p className="muted">Ничего не нашлось.</p>}
      <ul className="product-picker__found">
        {found.map((p) => (
          <li key={p.id}>
            <span>{p.name} <span className="muted">{p.art}</span></span>
            <span>{formatRoubles(unitPrice(p))}{p.count <= 0 ? ' · нет в наличии' : ''}</span>
            <button type="button" className="button button--ghost" aria-label={`Добавить: ${p.name}`} onClick={() => (onPick(p), setQ(''))}>
              Добавить
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};

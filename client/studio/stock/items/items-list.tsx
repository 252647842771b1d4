import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { listRequest, pageSize } from '../../../../schema/shared/api';
import { cardImage } from '../../../../schema/shared/image-path';
import type { Product } from '../../../../schema/shop/product';
import { FilterSelect } from '../../../ui/filter-select';
import { useNotice } from '../../../ui/notices';
import { Pager } from '../../../ui/pager';
import type { ListSearch } from '../../kit/list-search';
import { listItems, saveItem } from './items-api';
import { categoryOptions, itemsRequest, tagOptions, yesNo } from './items-search';
import { TechCardMark, useItemCards } from './tech-card-mark';
import './items.css';
import { Money } from '../../../ui/money';

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.').replace(/\s/g, '')));

/** One item's row: price, discount price and stock edited in place, saved on Enter or on leaving the row's field. */
const ItemRow = ({ item, onSaved, cards }: { item: Product; onSaved: (item: Product) => void; cards: ReadonlyMap<string, string> | undefined }) => {
  const shown = (p: Product) => ({ price: String(p.price), discountPrice: p.discountPrice ? String(p.discountPrice) : '', count: String(p.count) });
  const [values, setValues] = useState(shown(item));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const notice = useNotice();
  useEffect(() => setValues(shown(item)), [item]);

  const changed = values.price !== shown(item).price || values.discountPrice !== shown(item).discountPrice || values.count !== shown(item).count;
  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!changed || saving) return;
    setSaving(true);
    setError(undefined);
    try {
      const saved = await saveItem({ ...item, price: numberOrUndefined(values.price) ?? 0, discountPrice: numberOrUndefined(values.discountPrice) || undefined, count: numberOrUndefined(values.count) ?? 0 });
      onSaved(saved);
      notice(`«${saved.name}»: сохранено`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Не удалось сохранить');
    } finally {
      setSaving(false);
    }
  };
  const input = (name: keyof typeof values, label: string) => (
    <input
      inputMode="numeric"
      aria-label={`${label}: ${item.name}`}
      aria-invalid={!!error}
      aria-describedby={error ? `row-error-${item.id}` : undefined}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      onBlur={() => void save()}
      onKeyDown={(e) => e.key === 'Enter' && void save()}
      disabled={saving}
    />
  );
  return (
    <tr className={item.isActive && !item.isHidden ? undefined : 'items-list__off'}>
      <td data-label="Фото">{item.images[0] ? <img src={cardImage(item.images[0].url)} alt="" width="48" height="48" /> : null}</td>
      <td data-label="Название">
        <Link to="/admin/$resource/$id" params={{ resource: 'items', id: item.id }}>
          {item.name}
        </Link>
        <span className="muted"> · {item.art}</span>
        {!item.isActive && <span className="muted"> · не активен</span>}
        {item.isHidden && <span className="muted"> · скрыт</span>}
        <TechCardMark item={item} cards={cards} />
        {error && (
          <p className="field-error" id={`row-error-${item.id}`} role="alert">
            {error}
          </p>
        )}
      </td>
      <td data-label="Цена, ₽">{input('price', 'Цена')}</td>
      <td data-label="Цена со скидкой, ₽">{input('discountPrice', 'Цена со скидкой')}</td>
      {/* A tech-card bouquet's count is what its stems make: moved by stock, not typed. */}
      <td data-label="Остаток">{cards?.has(item.id) ? <span title="Считается по остатку цветов">{item.count}</span> : input('count', 'Остаток')}</td>
      <td data-label="На витрине" className="muted">
        <Money value={item.discountPrice || item.price} />
      </td>
    </tr>
  );
};

/** /admin/items: every catalogue position, filtered as the spec's product list is, all in the address. */
export const ItemsList = ({ search }: { search: ListSearch }) => {
  const navigate = useNavigate({ from: '/admin/$resource' });
  const go = (next: Partial<ListSearch>) => void navigate({ search: (s) => ({ ...s, ...next }), replace: true });
  const setFilter = (name: string, v: string | undefined) => go({ f: { ...search.f, [name]: v ?? '' }, page: undefined });
  const [answer, setAnswer] = useState<{ items: Product[]; total: number }>();
  const [error, setError] = useState<string>();
  const request = JSON.stringify(itemsRequest(search));
  const cards = useItemCards();

  useEffect(() => {
    let live = true;
    setError(undefined);
    listItems(listRequest.parse(JSON.parse(request)))
      .then((a) => live && setAnswer({ items: a.data.items, total: a.data.total }))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : 'Не удалось загрузить список'));
    return () => {
      live = false;
    };
  }, [request]);

  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil((answer?.total ?? 0) / pageSize));
  const replace = (saved: Product) => setAnswer((a) => a && { ...a, items: a.items.map((p) => (p.id === saved.id ? saved : p)) });
  return (
    <section className="record-list items-list" aria-labelledby="list-title">
      <header className="record-list__head">
        <h1 id="list-title">Позиции</h1>
        <Link to="/admin/$resource/$id" params={{ resource: 'items', id: 'new' }} className="button">
          Новая позиция
        </Link>
      </header>
      <form className="record-list__tools" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span>Поиск</span>
          <input type="search" value={search.q ?? ''} onChange={(e) => go({ q: e.target.value || undefined, page: undefined })} placeholder="Название или артикул" />
        </label>
        <FilterSelect label="Категория" value={search.f?.category || undefined} options={categoryOptions} onChange={(v) => setFilter('category', v)} />
        <FilterSelect label="Тег" value={search.f?.tag || undefined} options={tagOptions} onChange={(v) => setFilter('tag', v)} />
        <FilterSelect label="Активен" value={search.f?.active || undefined} options={yesNo} onChange={(v) => setFilter('active', v)} />
        <FilterSelect label="Скрыт" value={search.f?.hidden || undefined} options={yesNo} onChange={(v) => setFilter('hidden', v)} />
      </form>
      {error && (
        <p className="banner" role="alert">
          {error}
        </p>
      )}
      <div className="record-list__scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Фото</th>
              <th scope="col">Название</th>
              <th scope="col">Цена, ₽</th>
              <th scope="col">Цена со скидкой, ₽</th>
              <th scope="col">Остаток</th>
              <th scope="col">Покупатель платит</th>
            </tr>
          </thead>
          <tbody>
            {answer?.items.map((item) => <ItemRow key={item.id} item={item} onSaved={replace} cards={cards} />)}
          </tbody>
        </table>
      </div>
      {answer && answer.total === 0 && <p className="muted">Ничего не нашлось.</p>}
      <Pager page={page} pages={pages} total={answer?.total ?? 0} go={(p) => go({ page: p })} />
    </section>
  );
};

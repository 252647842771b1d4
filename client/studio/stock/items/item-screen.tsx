import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { mayCall } from '../../../../schema/shared/api-routes';
import { categoryCare } from '../../../../schema/shop/care';
import type { Product, ProductInput } from '../../../../schema/shop/product';
import { useFormAction } from '../../../lib/use-form-action';
import { useNotice } from '../../../ui/notices';
import { useSession } from '../../../shared/auth/session';
import { ItemImages } from './item-images';
import { categoryOptions } from './items-search';
import { deleteItem, getItem, saveItem } from './items-api';
import { TechCardMark, useItemCards } from './tech-card-mark';
import './items.css';

const itemTypes = [
  { id: 'bouquet', label: 'Букет' },
  { id: 'plant', label: 'Растение' },
  { id: 'vase', label: 'Ваза' },
  { id: 'gift', label: 'Подарок' },
  { id: 'flower', label: 'Цветок поштучно' },
] as const;

/** What the form holds: the item's fields as typed (numbers and lists as text until saved). */
interface Draft {
  name: string;
  art: string;
  description: string;
  composition: string;
  care: string;
  category: Product['category'];
  itemType: Product['itemType'];
  tags: string;
  shownOn: string;
  sizable: boolean;
  isActive: boolean;
  isHidden: boolean;
  price: string;
  discountPrice: string;
  count: string;
  rank: string;
  images: Product['images'];
}

const draftOf = (p?: Product): Draft => ({
  name: p?.name ?? '',
  art: p?.art ?? '',
  description: p?.description ?? '',
  composition: p?.composition ?? '',
  care: p?.care ?? '',
  category: p?.category ?? 'authors',
  itemType: p?.itemType ?? 'bouquet',
  tags: p?.tags.join(', ') ?? '',
  shownOn: p?.shownOn.join(', ') ?? '',
  sizable: p?.sizable ?? false,
  isActive: p?.isActive ?? true,
  isHidden: p?.isHidden ?? false,
  price: p ? String(p.price) : '',
  discountPrice: p?.discountPrice ? String(p.discountPrice) : '',
  count: p ? String(p.count) : '0',
  rank: p ? String(p.rank) : '1000',
  images: p?.images ?? [],
});

const list = (text: string) => text.split(',').map((t) => t.trim()).filter(Boolean);
const num = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.').replace(/\s/g, '')));

/**
 * What is sent: the draft as the server's input, unchecked (the server parses it and answers each field's mistake).
 * The fields of a stored item the form does not show go back as they were, with the `updatedAt` it was read at.
 */
const inputOf = (d: Draft, stored?: Product): ProductInput => ({
    ...(stored ? { id: stored.id, updatedAt: stored.updatedAt } : {}),
    name: d.name,
    art: d.art.trim().toUpperCase(),
    description: d.description,
    composition: d.composition,
    care: d.care,
    category: d.category,
    itemType: d.itemType,
    tags: list(d.tags),
    shownOn: list(d.shownOn),
    sizable: d.sizable,
    isActive: d.isActive,
    isHidden: d.isHidden,
    price: num(d.price) ?? 0,
    discountPrice: num(d.discountPrice) || undefined,
    count: num(d.count) ?? 0,
    rank: num(d.rank) ?? 1000,
    images: d.images,
});

const Field = ({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) => (
  <div className="field">
    <label htmlFor={id}>{label}</label>
    {children}
    {error && (
      <p className="field-error" id={`${id}-error`}>
        {error}
      </p>
    )}
  </div>
);

/** /admin/items/new and /admin/items/{id}: every field the storefront shows, pictures uploaded and ordered. */
export const ItemScreen = ({ id }: { id: string }) => {
  const isNew = id === 'new';
  const [stored, setStored] = useState<Product | null | undefined>(isNew ? null : undefined);
  const [loadError, setLoadError] = useState<string>();
  const [draft, setDraft] = useState<Draft>(draftOf());
  // The server's issues name `images.0`, `price`: each is said beside its field.
  const { busy, failure: formError, errors, run, remove: removeAsked } = useFormAction({ fields: { whole: true } });
  const navigate = useNavigate();
  const notice = useNotice();
  const { user } = useSession();
  const cards = useItemCards();

  useEffect(() => {
    if (isNew) return;
    getItem(id)
      .then((p) => {
        setStored(p);
        setDraft(draftOf(p));
      })
      .catch((e: unknown) => {
        setStored(null);
        setLoadError(e instanceof Error ? e.message : 'Не удалось загрузить позицию');
      });
  }, [id, isNew]);

  const back = () => void navigate({ to: '/admin/$resource', params: { resource: 'items' } });
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const saved = await saveItem(inputOf(draft, stored ?? undefined));
      notice(`«${saved.name}»: сохранено`);
      back();
    });
  };
  const remove = async () => {
    if (!stored) return;
    await removeAsked(`Удалить «${stored.name}» из каталога?`, async () => {
      await deleteItem(stored.id);
      notice(`«${stored.name}»: удалено`);
      back();
    });
  };

  if (stored === undefined) return <p className="muted">Загрузка…</p>;
  if (!isNew && !stored)
    return (
      <section className="record-screen">
        <h1>Позиция</h1>
        <p>{loadError ?? 'Такой позиции нет: возможно, её удалили.'}</p>
        <Link to="/admin/$resource" params={{ resource: 'items' }}>
          К списку
        </Link>
      </section>
    );

  const text = (name: 'name' | 'art' | 'price' | 'discountPrice' | 'count' | 'rank' | 'tags' | 'shownOn', label: string, numeric = false) => (
    <Field id={`item-${name}`} label={label} error={errors[name]}>
      <input
        id={`item-${name}`}
        inputMode={numeric ? 'numeric' : undefined}
        value={draft[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `item-${name}-error` : undefined}
        onChange={(e) => set(name, e.target.value)}
      />
    </Field>
  );
  /** `note` says under the field what an empty one means; `placeholder` shows what then stands in for it. */
  const area = (name: 'description' | 'composition' | 'care', label: string, note?: string, placeholder?: string) => (
    <Field id={`item-${name}`} label={label} error={errors[name]}>
      <textarea
        id={`item-${name}`}
        rows={4}
        value={draft[name]}
        placeholder={placeholder}
        aria-invalid={!!errors[name]}
        aria-describedby={[note && `item-${name}-note`, errors[name] && `item-${name}-error`].filter(Boolean).join(' ') || undefined}
        onChange={(e) => set(name, e.target.value)}
      />
      {note && (
        <p className="muted" id={`item-${name}-note`}>
          {note}
        </p>
      )}
    </Field>
  );
  const select = <K extends 'category' | 'itemType'>(name: K, label: string, options: readonly { id: Draft[K]; label: string }[]) => (
    <Field id={`item-${name}`} label={label} error={errors[name]}>
      <select id={`item-${name}`} value={draft[name]} onChange={(e) => set(name, options.find((o) => o.id === e.target.value)?.id ?? draft[name])}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
  const check = (name: 'sizable' | 'isActive' | 'isHidden', label: string) => (
    <div className="field field--inline">
      <input type="checkbox" id={`item-${name}`} checked={draft[name]} onChange={(e) => set(name, e.target.checked)} />
      <label htmlFor={`item-${name}`}>{label}</label>
    </div>
  );

  return (
    <section className="record-screen item-screen">
      <h1>{isNew ? 'Новая позиция' : `Позиция: ${stored?.name}`}</h1>
      {stored && <TechCardMark item={stored} cards={cards} />}
      <form className="form record-form" onSubmit={(e) => void submit(e)} noValidate>
        {text('name', 'Название')}
        {text('art', 'Артикул')}
        {select('category', 'Категория', categoryOptions)}
        {select('itemType', 'Тип', itemTypes)}
        {area('description', 'Описание')}
        {area('composition', 'Состав')}
        {area(
          'care',
          'Уход',
          categoryCare[draft.category] ? 'Оставьте пустым — на витрине будет уход по категории (он виден в поле).' : 'Оставьте пустым — на витрине раздела «Уход» не будет.',
          categoryCare[draft.category] ?? undefined,
        )}
        {text('price', 'Цена, ₽', true)}
        {text('discountPrice', 'Цена со скидкой, ₽', true)}
        {text('count', 'Остаток, шт.', true)}
        {text('tags', 'Теги (через запятую)')}
        {text('shownOn', 'Где показывать (через запятую)')}
        {text('rank', 'Место в хитах (меньше — выше)', true)}
        {check('sizable', 'Есть размеры (S, M, L, XL)')}
        {check('isActive', 'Активна (продаётся)')}
        {check('isHidden', 'Скрыта с витрины')}
        <ItemImages images={draft.images} onChange={(images) => set('images', images)} disabled={busy} />
        {errors.images && <p className="field-error">{errors.images}</p>}
        {formError && (
          <p className="banner" role="alert">
            {formError}
          </p>
        )}
        <p className="form__buttons">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Сохраняем…' : 'Сохранить'}
          </button>
          <Link to="/admin/$resource" params={{ resource: 'items' }} className="button button--ghost">
            К списку
          </Link>
          {stored && mayCall(user, 'POST /api/items/delete') && (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void remove()}>
              Удалить
            </button>
          )}
        </p>
      </form>
    </section>
  );
};

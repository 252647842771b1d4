import { useMemo } from 'react';
import { homeCopy, type HomeCopy } from '../../../../schema/shop/home-copy';
import { useCatalogue } from '../../../data/catalogue';
import { useCatalogSetup } from '../../../data/storefront';
import { Field } from '../../../ui/form-field';
import { ProductPicker } from '../../../ui/product-picker';
import { Moves } from './moves';
import { moved, useSetting } from './use-setting';
import './storefront-setup.css';

/**
 * /admin/index-copy: what the home page shows (schema/shop/home-copy.ts): the seasonal collections (campaign pages), the
 * bestsellers (chosen products, else the catalogue's first eight), shelves of chosen tags and the categories' shelves.
 */
export const HomeCopyPage = () => {
  const { value, change, save, issues, failure, busy } = useSetting('home-copy', 'copy', homeCopy);
  const products = useCatalogue();
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const { tags } = useCatalogSetup();
  const set = (next: Partial<HomeCopy>) => value && change({ ...value, ...next });
  return (
    <section className="record-screen setting-screen">
      <h1>Витрина</h1>
      <p className="muted">Что показывает главная страница сайта: коллекции, хиты продаж и подборки по меткам.</p>
      {!value ? (
        failure ? <p className="field-error" role="alert">{failure}</p> : <p className="muted">Загрузка…</p>
      ) : (
        <form className="form" noValidate aria-label="Витрина" onSubmit={(e) => (e.preventDefault(), void save())}>
          <fieldset>
            <legend>Сезонные коллекции</legend>
            <Field label="Заголовок блока" error={issues.collectionsHeading}>
              <input name="collections-heading" value={value.collectionsHeading} onChange={(e) => set({ collectionsHeading: e.target.value })} />
            </Field>
            <ol className="setting-rows">
              {value.collections.map((c, i) => (
                <li key={i} className="setting-row">
                  <Field label="Страница коллекции (адрес)" error={issues[`collections.${i}.slug`]}>
                    <input name={`collection-slug-${i}`} value={c.slug} onChange={(e) => set({ collections: value.collections.map((x, j) => (j === i ? { ...x, slug: e.target.value.trim().replace(/^\/+/, '') } : x)) })} />
                  </Field>
                  <Field label="Подпись" error={issues[`collections.${i}.title`]}>
                    <input name={`collection-title-${i}`} value={c.title} onChange={(e) => set({ collections: value.collections.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })} />
                  </Field>
                  <Moves name={c.title} i={i} count={value.collections.length} onMove={(by) => set({ collections: moved(value.collections, i, by) })} />
                  <button type="button" className="button button--ghost" aria-label={`Убрать коллекцию ${c.title}`} onClick={() => set({ collections: value.collections.filter((_, j) => j !== i) })}>Убрать</button>
                </li>
              ))}
            </ol>
            <button type="button" className="button button--ghost" onClick={() => set({ collections: [...value.collections, { slug: '', title: '' }] })}>Добавить коллекцию</button>
          </fieldset>
          <fieldset>
            <legend>Хиты продаж</legend>
            <Field label="Заголовок блока" error={issues.bestsellersHeading}>
              <input name="bestsellers-heading" value={value.bestsellersHeading} onChange={(e) => set({ bestsellersHeading: e.target.value })} />
            </Field>
            {!value.bestsellers.length && <p className="muted">Не выбраны: показываются первые восемь букетов каталога.</p>}
            <ol className="setting-rows">
              {value.bestsellers.map((id, i) => {
                const name = byId.get(id)?.name ?? id;
                return (
                  <li key={id} className="setting-row">
                    <span>{name}</span>
                    <Moves name={name} i={i} count={value.bestsellers.length} onMove={(by) => set({ bestsellers: moved(value.bestsellers, i, by) })} />
                    <button type="button" className="button button--ghost" aria-label={`Убрать из хитов ${name}`} onClick={() => set({ bestsellers: value.bestsellers.filter((x) => x !== id) })}>Убрать</button>
                  </li>
                );
              })}
            </ol>
            <ProductPicker products={products} label="Добавить в хиты" onPick={(p) => !value.bestsellers.includes(p.id) && set({ bestsellers: [...value.bestsellers, p.id] })} />
            {issues.bestsellers && <p className="field-error">{issues.bestsellers}</p>}
          </fieldset>
          <fieldset>
            <legend>Подборки по меткам</legend>
            <ol className="setting-rows">
              {value.shelves.map((s, i) => (
                <li key={i} className="setting-row">
                  <Field label="Заголовок" error={issues[`shelves.${i}.heading`]}>
                    <input name={`shelf-heading-${i}`} value={s.heading} onChange={(e) => set({ shelves: value.shelves.map((x, j) => (j === i ? { ...x, heading: e.target.value } : x)) })} />
                  </Field>
                  <Field label="Метка" error={issues[`shelves.${i}.tag`]}>
                    <select name={`shelf-tag-${i}`} value={s.tag} onChange={(e) => set({ shelves: value.shelves.map((x, j) => (j === i ? { ...x, tag: e.target.value } : x)) })}>
                      {tags.map((t) => (
                        <option key={t.id} value={t.id}>{t.label}</option>
                      ))}
                    </select>
                  </Field>
                  <Moves name={s.heading} i={i} count={value.shelves.length} onMove={(by) => set({ shelves: moved(value.shelves, i, by) })} />
                  <button type="button" className="button button--ghost" aria-label={`Убрать подборку ${s.heading}`} onClick={() => set({ shelves: value.shelves.filter((_, j) => j !== i) })}>Убрать</button>
                </li>
              ))}
            </ol>
            {tags.length > 0 && (
              <button type="button" className="button button--ghost" onClick={() => set({ shelves: [...value.shelves, { heading: tags[0].label, tag: tags[0].id }] })}>Добавить подборку</button>
            )}
          </fieldset>
          <label className="field field--inline">
            <input type="checkbox" name="category-shelves" checked={value.categoryShelves} onChange={(e) => set({ categoryShelves: e.target.checked })} />
            <span>Показывать по четыре букета из каждой категории меню</span>
          </label>
          {failure && <p className="field-error" role="alert">{failure}</p>}
          <p className="form__buttons">
            <button type="submit" className="button" disabled={busy}>Сохранить</button>
          </p>
        </form>
      )}
    </section>
  );
};

import { catalogSetup, tagSetting, type CatalogSetup } from '../../../../schema/shop/catalog-setup';
import { Field } from '../../../ui/form-field';
import { moved, useSetting } from './use-setting';
import './storefront-setup.css';

/**
 * /admin/catalog: the categories in the bar's order, their names and whether the bar shows them, and the tags with
 * their names (schema/shop/catalog-setup.ts). The storefront, every device and the server's HTML follow a save.
 */
export const CatalogSetupPage = () => {
  const { value, change, save, issues, failure, busy } = useSetting('catalog-setup', 'setup', catalogSetup);
  const set = (next: Partial<CatalogSetup>) => value && change({ ...value, ...next });
  return (
    <section className="record-screen setting-screen">
      <h1>Каталог</h1>
      <p className="muted">Порядок и названия категорий в меню сайта и метки-поводы. Покупатели увидят изменения сразу после сохранения.</p>
      {!value ? (
        failure ? <p className="field-error" role="alert">{failure}</p> : <p className="muted">Загрузка…</p>
      ) : (
        <form className="form" noValidate aria-label="Каталог" onSubmit={(e) => (e.preventDefault(), void save())}>
          <fieldset>
            <legend>Категории</legend>
            <ol className="setting-rows">
              {value.categories.map((c, i) => (
                <li key={c.id} className="setting-row" data-category={c.id}>
                  <Field label={`Название (/items/${c.id})`} error={issues[`categories.${i}.label`] ?? issues[`categories.${i}.id`]}>
                    <input name={`category-${c.id}`} value={c.label} onChange={(e) => set({ categories: value.categories.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)) })} />
                  </Field>
                  <label className="field field--inline">
                    <input type="checkbox" checked={c.onBar} onChange={(e) => set({ categories: value.categories.map((x, j) => (j === i ? { ...x, onBar: e.target.checked } : x)) })} />
                    <span>В меню</span>
                  </label>
                  <span className="setting-row__moves">
                    <button type="button" className="button button--ghost" aria-label={`Выше: ${c.label}`} disabled={i === 0} onClick={() => set({ categories: moved(value.categories, i, -1) })}>↑</button>
                    <button type="button" className="button button--ghost" aria-label={`Ниже: ${c.label}`} disabled={i === value.categories.length - 1} onClick={() => set({ categories: moved(value.categories, i, 1) })}>↓</button>
                  </span>
                </li>
              ))}
            </ol>
          </fieldset>
          <fieldset>
            <legend>Метки</legend>
            <ol className="setting-rows">
              {value.tags.map((t, i) => (
                <li key={i} className="setting-row">
                  <Field label="Метка (латиницей)" error={issues[`tags.${i}.id`]}>
                    <input name={`tag-id-${i}`} value={t.id} onChange={(e) => set({ tags: value.tags.map((x, j) => (j === i ? { ...x, id: e.target.value.trim() } : x)) })} />
                  </Field>
                  <Field label="Название" error={issues[`tags.${i}.label`]}>
                    <input name={`tag-label-${i}`} value={t.label} onChange={(e) => set({ tags: value.tags.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)) })} />
                  </Field>
                  <button type="button" className="button button--ghost" aria-label={`Убрать метку ${t.label || t.id}`} onClick={() => set({ tags: value.tags.filter((_, j) => j !== i) })}>Убрать</button>
                </li>
              ))}
            </ol>
            <button type="button" className="button button--ghost" onClick={() => set({ tags: [...value.tags, tagSetting.parse({ id: 'new', label: 'Новая метка' })] })}>Добавить метку</button>
            {issues.tags && <p className="field-error">{issues.tags}</p>}
          </fieldset>
          {failure && <p className="field-error" role="alert">{failure}</p>}
          <p className="form__buttons">
            <button type="submit" className="button" disabled={busy}>Сохранить</button>
          </p>
        </form>
      )}
    </section>
  );
};

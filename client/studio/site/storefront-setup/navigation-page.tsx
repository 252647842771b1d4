import { useState, type DragEvent, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { catalogSetup, type CatalogSetup, type CategorySetting } from '../../../../schema/shop/catalog-setup';
import type { Navigation, NavLink } from '../../../../schema/shop/navigation';
import { checkedNavigation } from '../../../../schema/shop/navigation-update';
import { Field } from '../../../ui/form-field';
import { Moves } from './moves';
import { moved, movedTo, useSetting, type Issues } from './use-setting';
import './storefront-setup.css';

/**
 * Dragging a row of one list onto another row of it (a mouse's way beside ↑/↓): the row's handle carries `{list}:{i}`,
 * and a drop from another list (a submenu's row onto the menu) is ignored.
 */
const dragRow = (list: string, onMove: (from: number, to: number) => void) => ({
  handle: (i: number) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.stopPropagation();
      e.dataTransfer.setData('text/plain', `${list}:${i}`);
      e.dataTransfer.effectAllowed = 'move';
    },
  }),
  target: (i: number) => ({
    onDragOver: (e: DragEvent) => e.preventDefault(),
    onDrop: (e: DragEvent) => {
      const carried = e.dataTransfer.getData('text/plain');
      const cut = carried.lastIndexOf(':');
      if (carried.slice(0, cut) !== list) return;
      e.preventDefault();
      e.stopPropagation();
      onMove(Number(carried.slice(cut + 1)), i);
    },
  }),
});

/** The handle a row is dragged by (not the row: its inputs keep selecting text with the mouse). */
const DragHandle = (props: ReturnType<ReturnType<typeof dragRow>['handle']>) => (
  <span className="nav-row__handle" title="Перетащите, чтобы переставить" aria-hidden="true" {...props}>
    ⠿
  </span>
);

/**
 * Rows of links of one list (the menu, a submenu, a footer column): name, address, ↑/↓, remove, and «add» under them.
 * `at` is the list's path in the navigation (`menu.0.children`), which the errors are keyed by.
 */
const LinkRows = <T extends NavLink>(props: { links: T[]; at: string; issues: Issues; onChange: (links: T[]) => void; blank: () => T; add: string; extra?: (link: T, i: number) => ReactNode }) => {
  const { links, at, issues, onChange } = props;
  const set = (i: number, part: Partial<NavLink>) => onChange(links.map((l, j) => (j === i ? { ...l, ...part } : l)));
  const drag = dragRow(at, (from, to) => onChange(movedTo(links, from, to)));
  return (
    <>
      {links.length > 0 && (
        <ol className="setting-rows">
          {links.map((l, i) => (
            <li key={i} className="setting-row nav-row" data-row={`${at}.${i}`} {...drag.target(i)}>
              <DragHandle {...drag.handle(i)} />
              <Field label="Название" error={issues[`${at}.${i}.label`]}>
                <input name={`${at}.${i}.label`} value={l.label} onChange={(e) => set(i, { label: e.target.value })} />
              </Field>
              <Field label="Адрес" error={issues[`${at}.${i}.href`]}>
                <input name={`${at}.${i}.href`} value={l.href} placeholder="/items/authors или https://…" inputMode="url" onChange={(e) => set(i, { href: e.target.value.trim() })} />
              </Field>
              <Moves list={at} name={l.label || l.href || 'ссылка'} i={i} count={links.length} onMove={(by) => onChange(moved(links, i, by))} />
              <button type="button" className="button button--ghost" aria-label={`Убрать: ${l.label || l.href || 'ссылку'}`} onClick={() => onChange(links.filter((_, j) => j !== i))}>
                Убрать
              </button>
              {props.extra?.(l, i)}
            </li>
          ))}
        </ol>
      )}
      {issues[at] && <p className="field-error">{issues[at]}</p>}
      <button type="button" className="button button--ghost" onClick={() => onChange([...links, props.blank()])}>
        {props.add}
      </button>
    </>
  );
};

/** The categories with the bar's `i`-th moved by `by` places among those on the bar (the hidden keep their places). */
const barMoved = (categories: CategorySetting[], i: number, by: number): CategorySetting[] => {
  const onBar = categories.flatMap((c, at) => (c.onBar ? [at] : []));
  const from = onBar[i];
  const to = onBar[i + by];
  if (from === undefined || to === undefined) return categories;
  const next = [...categories];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
};

/** The categories with `id` put on the bar, last on it. */
const barAdded = (categories: CategorySetting[], id: string): CategorySetting[] => {
  const added = categories.find((c) => c.id === id);
  if (!added) return categories;
  const rest = categories.filter((c) => c.id !== id);
  const after = rest.reduce((last, c, at) => (c.onBar ? at + 1 : last), 0);
  return [...rest.slice(0, after), { ...added, onBar: true }, ...rest.slice(after)];
};

/**
 * /admin/navigation (issue 22, item 2): the site's menu (points and their submenus) and the footer's columns of links
 * (schema/shop/navigation.ts), each list ordered by ↑/↓, keyboard and phone alike. Saved whole; a loop, a link twice in one
 * list or an address the shop has not is refused with the reason beside its field. The category bar is the
 * catalogue's arrangement (schema/shop/catalog-setup.ts, one rule with /admin/catalog): its categories on the bar are renamed,
 * reordered, taken off and put back here, and saved with it through the catalogue's own call.
 */
export const NavigationPage = () => {
  const { value, change, save, issues, failure, busy } = useSetting('navigation', 'navigation', checkedNavigation);
  const setup = useSetting('catalog-setup', 'setup', catalogSetup);
  const [barChanged, setBarChanged] = useState(false);
  const set = (next: Partial<Navigation>) => value && change({ ...value, ...next });
  const setBar = (categories: CatalogSetup['categories']) => {
    if (!setup.value) return;
    setup.change({ ...setup.value, categories });
    setBarChanged(true);
  };
  const saveAll = async () => {
    await Promise.all([save(), barChanged && setup.save().then(() => setBarChanged(false))]);
  };
  const footerDrag = dragRow('footer', (from, to) => set({ footer: movedTo(value?.footer ?? [], from, to) }));
  const all = setup.value?.categories ?? [];
  const bar = all.filter((c) => c.onBar);
  const off = all.filter((c) => !c.onBar);
  const barIssue = (id: string, field: 'label' | 'id') => setup.issues[`categories.${all.findIndex((c) => c.id === id)}.${field}`];
  return (
    <section className="record-screen setting-screen">
      <h1>Навигация</h1>
      <p className="muted">Меню сайта и ссылки подвала. Адрес — путь в магазине (/items/authors, /info/delivery, /tags/mom) или сайт по https://. Покупатели увидят изменения сразу после сохранения.</p>
      {!value ? (
        failure ? <p className="field-error" role="alert">{failure}</p> : <p className="muted">Загрузка…</p>
      ) : (
        <form className="form" noValidate aria-label="Навигация" onSubmit={(e) => (e.preventDefault(), void saveAll())}>
          <fieldset>
            <legend>Меню сайта</legend>
            {!value.menu.length && <p className="muted">Меню пусто: в шапке сайта его нет.</p>}
            <LinkRows
              links={value.menu}
              at="menu"
              issues={issues}
              onChange={(menu) => set({ menu })}
              blank={() => ({ label: '', href: '', children: [] })}
              add="Добавить пункт меню"
              extra={(item, i) => (
                <fieldset className="nav-row__children">
                  <legend>Подпункты «{item.label || item.href}»</legend>
                  <LinkRows
                    links={item.children}
                    at={`menu.${i}.children`}
                    issues={issues}
                    onChange={(children) => set({ menu: value.menu.map((m, j) => (j === i ? { ...m, children } : m)) })}
                    blank={() => ({ label: '', href: '' })}
                    add="Добавить подпункт"
                  />
                </fieldset>
              )}
            />
          </fieldset>
          <fieldset>
            <legend>Панель категорий</legend>
            <p className="muted">
              На /items и страницах категорий. Это порядок и названия категорий каталога: они же в разделе <Link to="/admin/catalog">«Каталог»</Link>.
            </p>
            {!setup.value ? (
              <p className={setup.failure ? 'field-error' : 'muted'}>{setup.failure || 'Загрузка…'}</p>
            ) : (
              <>
                <ol className="setting-rows">
                  {bar.map((c, i) => (
                    <li key={c.id} className="setting-row nav-row" data-row={`bar.${c.id}`}>
                      <Field label={`Название (/items/${c.id})`} error={barIssue(c.id, 'label') ?? barIssue(c.id, 'id')}>
                        <input name={`bar.${c.id}.label`} value={c.label} onChange={(e) => setBar(all.map((x) => (x.id === c.id ? { ...x, label: e.target.value } : x)))} />
                      </Field>
                      <Moves list="bar" name={c.label} i={i} count={bar.length} onMove={(by) => setBar(barMoved(all, i, by))} />
                      <button type="button" className="button button--ghost" aria-label={`Убрать с панели: ${c.label}`} onClick={() => setBar(all.map((x) => (x.id === c.id ? { ...x, onBar: false } : x)))}>
                        Убрать
                      </button>
                    </li>
                  ))}
                </ol>
                {off.length > 0 && (
                  <label className="field">
                    <span>Вернуть на панель</span>
                    <select value="" onChange={(e) => e.target.value && setBar(barAdded(all, e.target.value))}>
                      <option value="">Выберите категорию…</option>
                      {off.map((c) => (
                        <option key={c.id} value={c.id}>{c.label}</option>
                      ))}
                    </select>
                  </label>
                )}
              </>
            )}
          </fieldset>
          <fieldset>
            <legend>Подвал</legend>
            {value.footer.length > 0 && (
              <ol className="setting-rows">
                {value.footer.map((col, i) => (
                  <li key={i} className="setting-row nav-row" data-row={`footer.${i}`} {...footerDrag.target(i)}>
                    <DragHandle {...footerDrag.handle(i)} />
                    <Field label="Заголовок колонки" error={issues[`footer.${i}.title`]}>
                      <input name={`footer.${i}.title`} value={col.title} onChange={(e) => set({ footer: value.footer.map((c, j) => (j === i ? { ...c, title: e.target.value } : c)) })} />
                    </Field>
                    <Moves list="footer" name={col.title || 'колонка'} i={i} count={value.footer.length} onMove={(by) => set({ footer: moved(value.footer, i, by) })} />
                    <button type="button" className="button button--ghost" aria-label={`Убрать колонку: ${col.title || 'без заголовка'}`} onClick={() => set({ footer: value.footer.filter((_, j) => j !== i) })}>
                      Убрать
                    </button>
                    <fieldset className="nav-row__children">
                      <legend>Ссылки колонки «{col.title}»</legend>
                      <LinkRows
                        links={col.links}
                        at={`footer.${i}.links`}
                        issues={issues}
                        onChange={(links) => set({ footer: value.footer.map((c, j) => (j === i ? { ...c, links } : c)) })}
                        blank={() => ({ label: '', href: '' })}
                        add="Добавить ссылку"
                      />
                    </fieldset>
                  </li>
                ))}
              </ol>
            )}
            <button type="button" className="button button--ghost" onClick={() => set({ footer: [...value.footer, { title: '', links: [] }] })}>
              Добавить колонку
            </button>
          </fieldset>
          {failure && <p className="field-error" role="alert">{failure}</p>}
          {setup.value && setup.failure && <p className="field-error" role="alert">Панель категорий: {setup.failure}</p>}
          <p className="form__buttons">
            <button type="submit" className="button" disabled={busy || setup.busy}>Сохранить</button>
          </p>
        </form>
      )}
    </section>
  );
};

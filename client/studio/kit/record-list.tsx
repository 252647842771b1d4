import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AnyEntity } from '../../../schema/entities';
import type { OfficeRecord } from '../../../schema/shared/record';
import { can } from '../../../schema/shared/access';
import { pageSize } from '../../data/records';
import { useSession } from '../../shared/auth/session';
import { useStaffNames } from '../../data/staff-directory';
import { cellText, fieldsOf, type FieldSpec } from './fields';
import type { ListSearch } from './list-search';
import { useEntityPage } from './use-entity';
import { useRefList } from '../../data/ref-list';
import { refLabel, type RefList } from '../../../schema/entities/ref';
import { FilterSelect } from '../../ui/filter-select';
import { Pager } from '../../ui/pager';
import { ReferenceCell } from './reference-input';
import { voidableTypes } from '../../../schema/shared/voids';
import { useLocal } from '../../data/local-data-context';
import { useVoidMarks } from '../../data/void-marks';
import { VoidedMark, voidedClass } from '../../ui/voided-mark';

export interface RecordListProps {
  entity: AnyEntity;
  search: ListSearch;
  /** A column before the entity's own (the tasks' tick-off). */
  lead?: { label: string; cell: (record: OfficeRecord) => ReactNode };
}

const fetchedText = (at: number) => new Date(at).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

type FilterProps = Parameters<typeof FilterSelect>[0];

/** A filter on an enum a reference list governs: every code the field takes (switched-off ones too, for old records), named and ordered by the list. */
const RefFilterSelect = ({ list, options, ...props }: FilterProps & { list: RefList }) => {
  const entries = useRefList(list);
  const named = entries.filter((e) => options.some((o) => o.id === e.code)).map((e) => ({ id: e.code, label: e.label }));
  return <FilterSelect {...props} options={[...named, ...options.filter((o) => !named.some((n) => n.id === o.id))]} />;
};

/** A cell of a field a reference list names (a flower's unit, a client's source): by the studio's label, a code added on /admin/refs too. */
const RefCell = ({ list, value }: { list: RefList; value: unknown }) => {
  const entries = useRefList(list);
  return typeof value === 'string' && value ? refLabel(entries, value) : '—';
};

/** What a cell shows: a reference list's label, another record's title, else the field's text. */
const Cell = ({ entity, field, value, names }: { entity: AnyEntity; field: FieldSpec | undefined; value: unknown; names: ReadonlyMap<string, string> }) =>
  field?.ref ? <RefCell list={field.ref} value={value} /> : field?.reference ? <ReferenceCell entity={field.reference} value={value} /> : cellText(entity, field, value, names);

/**
 * The generic list of a registry entity: columns from `entity.list`, 20 a page, search, sort and filters, all
 * kept in the address. The first column opens the record. A voided fact stays, struck through and marked.
 */
export const RecordList = ({ entity, search, lead }: RecordListProps) => {
  const { user } = useSession();
  // The list's own address, whichever route shows it (/admin/{path}, /admin/flowers/list): only the search changes.
  const navigate = useNavigate();
  const fields = fieldsOf(entity);
  const names = useStaffNames();
  const field = (name: string) => fields.find((f) => f.name === name);
  const columns: readonly string[] = entity.list.columns;
  const sort = search.sort && columns.includes(search.sort) ? search.sort : entity.list.sort;
  const page = search.page ?? 1;
  const result = useEntityPage(entity, { page, search: search.q, sort, desc: search.desc, filters: search.f });
  const pages = Math.max(1, Math.ceil(result.total / pageSize));
  const go = (next: Partial<ListSearch>) => void navigate({ to: '.', search: { ...search, ...next }, replace: true });
  const filters: readonly string[] = entity.list.filters ?? [];
  const { data } = useLocal();
  const voided = useVoidMarks(data.shop.office, entity.tier === 'office' && voidableTypes.includes(entity.type));

  return (
    <section className="record-list" aria-labelledby="list-title">
      <header className="record-list__head">
        <h1 id="list-title">{entity.labels.many}</h1>
        {can(user, 'create', entity) && (
          <Link to="/admin/$resource/$id" params={{ resource: entity.path, id: 'new' }} className="button">
            {entity.labels.create}
          </Link>
        )}
      </header>
      <form className="record-list__tools" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span>Поиск</span>
          <input type="search" value={search.q ?? ''} onChange={(e) => go({ q: e.target.value || undefined, page: undefined })} placeholder={fields.filter((f) => (entity.list.search as readonly string[]).includes(f.name)).map((f) => f.label).join(', ')} />
        </label>
        {filters.map((name) => {
          const f = field(name);
          const options = f?.kind === 'boolean' ? [{ id: 'true', label: 'Да' }, { id: 'false', label: 'Нет' }] : (f?.options ?? []);
          const props = { label: f?.label ?? name, value: search.f?.[name] || undefined, options, onChange: (v: string | undefined) => go({ f: { ...search.f, [name]: v ?? '' }, page: undefined }) };
          return f?.ref ? <RefFilterSelect key={name} list={f.ref} {...props} /> : <FilterSelect key={name} {...props} />;
        })}
        {entity.views && (
          <FilterSelect
            label="Отбор"
            value={search.f?.view || undefined}
            options={entity.views.map((v) => ({ id: v.id, label: v.label }))}
            onChange={(v) => go({ f: { ...search.f, view: v ?? '' }, page: undefined })}
          />
        )}
      </form>
      {result.error && (
        <p className="banner" role="status">
          Нет связи с сервером{result.fetchedAt ? `: показаны данные от ${fetchedText(result.fetchedAt)}` : ', а сохранённых данных нет'}.
        </p>
      )}
      <div className="record-list__scroll">
        <table>
          <thead>
            <tr>
              {lead && <th scope="col">{lead.label}</th>}
              {columns.map((c) => (
                <th key={c} scope="col" aria-sort={c === sort ? (search.desc ? 'descending' : 'ascending') : undefined}>
                  <button type="button" className="link-button" onClick={() => go({ sort: c, desc: c === sort ? !search.desc || undefined : undefined, page: undefined })}>
                    {field(c)?.label ?? c}
                    {c === sort ? (search.desc ? ' ↓' : ' ↑') : ''}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.items.map((r) => (
              <tr key={r.id} className={voidedClass(voided.get(r.id))}>
                {lead && <td>{lead.cell(r)}</td>}
                {columns.map((c, i) => (
                  <td key={c} data-label={field(c)?.label ?? c}>
                    {i === 0 ? (
                      <>
                        <Link to="/admin/$resource/$id" params={{ resource: entity.path, id: r.id }}>
                          <Cell entity={entity} field={field(c)} value={r.data[c]} names={names} />
                        </Link>
                        <VoidedMark mark={voided.get(r.id)} />
                      </>
                    ) : (
                      <Cell entity={entity} field={field(c)} value={r.data[c]} names={names} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!result.loading && result.total === 0 && <p className="muted">{search.q || Object.values(search.f ?? {}).some(Boolean) ? 'Ничего не нашлось.' : 'Пока пусто.'}</p>}
      <Pager page={page} pages={pages} total={result.total} go={(p) => go({ page: p })} />
    </section>
  );
};

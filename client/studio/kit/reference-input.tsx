import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { entities, type AnyEntity } from '../../../schema/entities';
import { useLocal } from '../../data/local-data-context';
import { useOfficeOf } from '../../data/office-of';
import { getRemoteRecord } from '../../data/records';
import { choicesQuery, offeredChoices } from './reference-choices';
import { useEntityPage } from './use-entity';

const targetOf = (type: string): AnyEntity | undefined => Object.values(entities).find((e) => e.type === type);

/**
 * The titles of a target's records by id: an office-tier entity's from the device (offline too), an admin-tier one's
 * (a supplier) read online by id, once each.
 */
const useTitles = (target: AnyEntity | undefined, ids: readonly string[]): ReadonlyMap<string, string> => {
  const { data } = useLocal();
  const office = useOfficeOf(data.shop.office, target ?? entities.warehouse, target?.tier === 'office');
  const [remote, setRemote] = useState<ReadonlyMap<string, string>>(new Map());
  const wanted = ids.filter(Boolean).join('\n');
  useEffect(() => {
    if (!target || target.tier === 'office' || !wanted) return;
    let current = true;
    void Promise.all(wanted.split('\n').map((id) => getRemoteRecord(target, id).then((r) => [id, r.title] as const, () => null))).then((found) => {
      if (current) setRemote(new Map(found.filter((f): f is readonly [string, string] => !!f)));
    });
    return () => {
      current = false;
    };
  }, [target, wanted]);
  return useMemo(() => (target?.tier === 'office' ? new Map(office.records.map((r) => [r.id, r.title])) : remote), [office, remote, target]);
};

/** A list cell or a read-only place that names another record: by its title, the id only when the record is not known here. */
export const ReferenceCell = ({ entity, value }: { entity: string; value: unknown }) => {
  const id = typeof value === 'string' ? value : '';
  const titles = useTitles(targetOf(entity), [id]);
  return id ? (titles.get(id) ?? id) : '—';
};

/** One kind of record a picker offers, under its heading: a field that may name records of several entities (a tech card's line: a flower or a base card). */
export interface ReferenceGroup {
  entity: string;
  heading: string;
}

/** What the chosen option names: its entity (of a picker's groups) and title. */
export interface ReferencePicked {
  entity: string;
  title: string;
}

interface ReferenceInputProps {
  id: string;
  /** The entity the field points to; with `groups`, the one the chosen value is a record of. */
  entity: string;
  /** The choices of several entities, each under its heading; `onChange` says which one a picked id is of. */
  groups?: readonly ReferenceGroup[];
  label: string;
  value: string;
  optional?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The search box's hint, «Найти по названию» unless given (a line's «Найти цветок»). */
  placeholder?: string;
  /** The search box and the choice side by side, for a row of a list of lines. */
  compact?: boolean;
  /** Records the screen does not offer (a tech card among its own bases). */
  leaveOut?: (id: string) => boolean;
  onChange: (id: string, picked: ReferencePicked | undefined) => void;
}

/** The options one entity's records found by the search give; reports how many (undefined while loading) so the picker can say none were found. */
const Choices = ({ entity, heading, q, value, leaveOut, onFound }: {
  entity: string;
  heading?: string;
  q: string;
  value: string;
  leaveOut?: (id: string) => boolean;
  onFound: (entity: string, count: number | undefined) => void;
}) => {
  const target = targetOf(entity) ?? entities.warehouse;
  const page = useEntityPage(target, choicesQuery(target, q));
  const found = offeredChoices(page.items, value, leaveOut);
  // The chosen record, shown on its own, counts as found: a search that finds just it is not «nothing found».
  const count = page.loading ? undefined : found.length + (page.items.some((r) => r.id === value) ? 1 : 0);
  useEffect(() => onFound(entity, count), [entity, count, onFound]);
  const options = found.map((r) => (
    <option key={r.id} value={r.id} data-entity={entity}>
      {r.title}
    </option>
  ));
  if (!heading) return options;
  return found.length ? <optgroup label={heading}>{options}</optgroup> : null;
};

/**
 * Picks a record of another entity by its name: a search box over the target's list (its `list.search` fields, the
 * device's records for the office tier, the record API for the admin tier) and a choice of what it finds, the chosen
 * record kept among them. Switched-off records are not offered, except the one already chosen. Native inputs: the
 * keyboard and a phone's picker work as everywhere. The one picker of references: the generic form and the custom
 * screens (invoice, tech card, stock moves) alike.
 */
export const ReferenceInput = ({ id, entity, groups, label, value, optional = false, disabled = false, invalid = false, describedBy, placeholder, compact = false, leaveOut, onChange }: ReferenceInputProps) => {
  const [q, setQ] = useState('');
  const chosen = useTitles(targetOf(entity), [value]);
  const searchId = useId();
  const [counts, setCounts] = useState<Readonly<Record<string, number | undefined>>>({});
  const onFound = useCallback((e: string, n: number | undefined) => setCounts((old) => (old[e] === n ? old : { ...old, [e]: n })), []);
  const shown = groups ?? [{ entity, heading: undefined }];
  const none = !!q.trim() && shown.every((g) => counts[g.entity] === 0);
  return (
    <div className={compact ? 'reference-input reference-input--compact' : 'reference-input'}>
      <input
        type="search"
        id={searchId}
        aria-label={`Найти: ${label.toLowerCase()}`}
        aria-controls={id}
        placeholder={placeholder ?? 'Найти по названию'}
        value={q}
        disabled={disabled}
        onChange={(e) => setQ(e.target.value)}
      />
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => {
          const option = e.target.selectedOptions[0];
          onChange(e.target.value, e.target.value && option ? { entity: option.dataset.entity ?? entity, title: option.text } : undefined);
        }}
      >
        {(optional || !value) && <option value="">{optional ? '—' : 'Выберите…'}</option>}
        {value && (
          <option value={value} data-entity={entity}>
            {chosen.get(value) ?? value}
          </option>
        )}
        {shown.map((g) => (
          <Choices key={g.entity} entity={g.entity} heading={g.heading} q={q} value={value} leaveOut={leaveOut} onFound={onFound} />
        ))}
      </select>
      {none && <p className="muted">Ничего не нашлось.</p>}
    </div>
  );
};

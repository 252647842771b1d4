import { useEffect, useId, useMemo, useState } from 'react';
import { entities, type AnyEntity } from '../../../schema/entities';
import { switchedOff } from '../../../schema/reference';
import type { OfficeRecord } from '../../../schema/record';
import { useLocal } from '../../data/local-data-context';
import { useOfficeOf } from '../../data/office-of';
import { getRemoteRecord } from '../../data/records';
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

interface ReferenceInputProps {
  id: string;
  entity: string;
  label: string;
  value: string;
  optional: boolean;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (id: string) => void;
}

/**
 * Picks a record of another entity by its name: a search box over the target's list (its `list.search` fields, the
 * device's records for the office tier, the record API for the admin tier) and a choice of what it finds, the chosen
 * record kept among them. Switched-off records are not offered, except the one already chosen. Native inputs: the
 * keyboard and a phone's picker work as everywhere.
 */
export const ReferenceInput = ({ id, entity, label, value, optional, disabled, invalid, describedBy, onChange }: ReferenceInputProps) => {
  const target = targetOf(entity);
  const [q, setQ] = useState('');
  const page = useEntityPage(target ?? entities.warehouse, { page: 1, search: q.trim() || undefined, sort: target?.list.sort });
  const chosen = useTitles(target, [value]);
  const searchId = useId();
  const found: OfficeRecord[] = page.items.filter((r) => r.id !== value && !switchedOff(r.data));
  return (
    <div className="reference-input">
      <input
        type="search"
        id={searchId}
        aria-label={`Найти: ${label.toLowerCase()}`}
        aria-controls={id}
        placeholder="Найти по названию"
        value={q}
        disabled={disabled}
        onChange={(e) => setQ(e.target.value)}
      />
      <select id={id} value={value} disabled={disabled} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        {(optional || !value) && <option value="">{optional ? '—' : 'Выберите…'}</option>}
        {value && <option value={value}>{chosen.get(value) ?? value}</option>}
        {found.map((r) => (
          <option key={r.id} value={r.id}>
            {r.title}
          </option>
        ))}
      </select>
      {q.trim() && !page.loading && !found.length && <p className="muted">Ничего не нашлось.</p>}
    </div>
  );
};

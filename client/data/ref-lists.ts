import { useMemo } from 'react';
import type { RxCollection } from 'rxdb';
import { ref, refDefaults, type RefList } from '../../schema/entities/ref';
import type { OfficeRecord } from '../../schema/record';
import { useOfficeOf } from './office-of';

export interface RefChoice {
  code: string;
  label: string;
}

/**
 * The choices of one reference list (/admin/refs) on this device: its active entries by position, offline too;
 * the list's defaults (`refDefaults`) while the device holds none of it yet. `label(code)` names a stored code,
 * inactive ones included (an act written with a reason retired since).
 */
export const useRefList = (office: RxCollection<OfficeRecord>, list: RefList): { choices: RefChoice[]; label: (code: string) => string } => {
  const { items } = useOfficeOf(office, ref);
  return useMemo(() => {
    const mine = items.map((i) => i.data).filter((r) => r.list === list);
    const choices = mine.length
      ? mine.filter((r) => r.active).toSorted((a, b) => a.position - b.position || a.label.localeCompare(b.label, 'ru')).map((r) => ({ code: r.code, label: r.label }))
      : [...refDefaults[list]];
    const names = new Map([...refDefaults[list], ...mine].map((r) => [r.code, r.label]));
    return { choices, label: (code: string) => names.get(code) ?? code };
  }, [items, list]);
};

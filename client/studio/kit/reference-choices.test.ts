import { describe, expect, it } from 'vitest';
import { supplier } from '../../../schema/entities/supplier';
import { warehouse } from '../../../schema/entities/warehouse';
import type { OfficeRecord } from '../../../schema/shared/record';
import { pickPage } from '../../data/records';
import { choicesQuery, offeredChoices } from './reference-choices';

const at = 1_790_000_000_000;
const place = (n: number, active: boolean): OfficeRecord => {
  const name = `Склад ${String(n).padStart(2, '0')}`;
  return { id: `warehouse-${n}`, type: warehouse.type, v: warehouse.version, title: name, createdBy: '79000000000', createdAt: at, updatedBy: '79000000000', updatedAt: at, data: warehouse.fields.parse({ name, active }) };
};

describe('what a reference picker offers', () => {
  it('asks for switched-on records only, so a page of choices is full however many are switched off', () => {
    // 30 warehouses, the first ten by name switched off: a page of twenty must still hold twenty to choose from.
    const all = Array.from({ length: 30 }, (_, i) => place(i + 1, i >= 10));
    const { items } = pickPage(warehouse, all, choicesQuery(warehouse, ''));
    expect(items).toHaveLength(20);
    expect(offeredChoices(items, '')).toHaveLength(20);
    expect(items[0]?.title).toBe('Склад 11');
  });

  it('searches what was typed, trimmed, in the entity’s order; an entity without switching off gets no filter', () => {
    expect(choicesQuery(warehouse, '  холод ')).toEqual({ page: 1, search: 'холод', sort: 'name', filters: { active: 'true' } });
    expect(choicesQuery(supplier, '')).toEqual({ page: 1, search: undefined, sort: 'name' });
    const all = [place(1, true), { ...place(2, true), title: 'Холодильник', data: warehouse.fields.parse({ name: 'Холодильник' }) }];
    expect(pickPage(warehouse, all, choicesQuery(warehouse, 'холод')).items.map((r) => r.id)).toEqual(['warehouse-2']);
  });

  it('leaves out the chosen record (shown on its own), switched-off ones an unfiltered list brings, and what the screen leaves out', () => {
    const found = [place(1, true), place(2, false), place(3, true), place(4, true)];
    expect(offeredChoices(found, 'warehouse-1', (id) => id === 'warehouse-4').map((r) => r.id)).toEqual(['warehouse-3']);
  });
});

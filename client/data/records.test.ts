import { describe, expect, it } from 'vitest';
import { courier } from '../../schema/entities/courier';
import type { OfficeRecord } from '../../schema/shared/record';
import { pickPage } from './records';

const record = (i: number, data: Record<string, unknown>): OfficeRecord => ({
  id: `courier-${String(i).padStart(4, '0')}`, type: 'courier', v: 1, title: String(data.name), createdBy: '79000000003', createdAt: i, updatedBy: '79000000003', updatedAt: i, data,
});
const couriers = Array.from({ length: 45 }, (_, i) =>
  record(i, { name: `Курьер ${String(i).padStart(2, '0')}`, phone: `79160000${String(i).padStart(3, '0')}`, feePerDelivery: (i % 5) * 100, active: i % 3 !== 0, note: '' }),
);
const names = (page: { items: OfficeRecord[] }) => page.items.map((r) => r.data.name);

describe('a list page from the device', () => {
  it('is 20 records a page in the entity’s default order, with the total', () => {
    const first = pickPage(courier, couriers, { page: 1 });
    expect(first.total).toBe(45);
    expect(names(first)).toEqual(couriers.slice(0, 20).map((c) => c.data.name));
    expect(names(pickPage(courier, couriers, { page: 3 }))).toEqual(['Курьер 40', 'Курьер 41', 'Курьер 42', 'Курьер 43', 'Курьер 44']);
  });

  it('searches the entity’s search fields, phones by their digits too', () => {
    expect(names(pickPage(courier, couriers, { page: 1, search: 'курьер 1' }))).toHaveLength(10);
    expect(names(pickPage(courier, couriers, { page: 1, search: '+7 (916) 000-00-07' }))).toEqual(['Курьер 07']);
  });

  it('filters on the entity’s filters only, and sorts by a column either way', () => {
    const active = pickPage(courier, couriers, { page: 1, filters: { active: 'false', note: 'x' } });
    expect(active.total).toBe(15);
    const dearest = pickPage(courier, couriers, { page: 1, sort: 'feePerDelivery', desc: true });
    expect(dearest.items[0].data.feePerDelivery).toBe(400);
    expect(pickPage(courier, couriers, { page: 1, sort: 'nosuchfield' }).items[0].data.name).toBe('Курьер 00');
  });
});

// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { AnyEntity } from '../../schema/entities';
import { contractor } from '../../schema/entities/contractor';
import { courier } from '../../schema/entities/courier';
import { ref } from '../../schema/entities/ref';
import { warehouse } from '../../schema/entities/warehouse';
import { openLocalData, type LocalData } from './database';
import { useOfficeOf } from './office-of';
import { saveOfficeRecord, useOfficeRecords } from './records';
import { renderHook } from '../lib/render-hook';

const admin = '79000000001';

/** What the hook answers once React has rendered what the device sent it (renders wait for act to end). */
const seen = async <R, T>(hook: { settle: () => Promise<void>; result: { current: R | undefined } }, read: (r: R | undefined) => T): Promise<T> => {
  await hook.settle();
  return read(hook.result.current);
};

describe('the one reader of office records', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`office-of${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await data.shop.close();
    await data.dataSources.close();
  });

  it('reads each stored revision once, however often the list changes', async () => {
    const reads = vi.spyOn(warehouse.fields, 'safeParse');
    const hook = await renderHook(() => useOfficeOf(data.shop.office, warehouse), undefined);
    await hook.settle(() => saveOfficeRecord(data.shop.office, warehouse, admin, { name: 'Холодильник', address: '', active: true, note: '' }));
    await expect.poll(() => seen(hook, (r) => r?.items.length)).toBe(1);
    const first = hook.result.current?.items[0];
    await hook.settle(() => saveOfficeRecord(data.shop.office, warehouse, admin, { name: 'Витрина', address: '', active: true, note: '' }));
    await expect.poll(() => seen(hook, (r) => r?.items.length)).toBe(2);
    expect(hook.result.current?.items.map((w) => w.data.name).sort()).toEqual(['Витрина', 'Холодильник']);
    expect(hook.result.current?.items).toContain(first);
    expect(reads).toHaveBeenCalledTimes(2);
    await hook.settle(() => saveOfficeRecord(data.shop.office, warehouse, admin, { name: 'Витрина у окна', address: '', active: true, note: '' }, first?.record.id));
    await expect.poll(() => seen(hook, (r) => r?.items.map((w) => w.data.name).sort())).toEqual(['Витрина', 'Витрина у окна']);
    expect(reads).toHaveBeenCalledTimes(3);
    reads.mockRestore();
    await hook.unmount();
  });

  it('shows nothing of the previous entity while the next one loads, and reads nothing when off', async () => {
    const first: { entity: AnyEntity; on: boolean } = { entity: warehouse, on: true };
    const hook = await renderHook(({ entity, on }: typeof first) => useOfficeOf(data.shop.office, entity, on), first);
    await expect.poll(() => seen(hook, (r) => r?.loading)).toBe(false);
    expect(hook.result.current?.items.length).toBeGreaterThan(0);
    await hook.rerender({ entity: courier, on: true });
    expect(hook.result.current?.items).toEqual([]);
    expect(hook.result.current?.loading).toBe(true);
    await expect.poll(() => seen(hook, (r) => r?.loading)).toBe(false);
    await hook.rerender({ entity: courier, on: false });
    expect(hook.result.current).toEqual({ items: [], records: [], loading: true });
    await hook.unmount();
  });

  it('leaves a record this version cannot read out of the items, and in the list page as the server lists it', async () => {
    const now = Date.now();
    await data.shop.office.insert({ id: 'warehouse-newer', type: 'warehouse', v: 1, title: 'Склад из новой версии', createdBy: admin, createdAt: now, updatedBy: admin, updatedAt: now, data: { name: 'Склад из новой версии', floor: 2 } });
    const reader = await renderHook(() => useOfficeOf(data.shop.office, warehouse), undefined);
    await expect.poll(() => seen(reader, (r) => r?.records.some((r) => r.id === 'warehouse-newer'))).toBe(true);
    expect(reader.result.current?.items.some((w) => w.record.id === 'warehouse-newer')).toBe(false);
    const list = await renderHook(() => useOfficeRecords(data.shop.office, warehouse, { page: 1, search: 'новой' }), undefined);
    await expect.poll(() => seen(list, (r) => r?.loading)).toBe(false);
    expect(list.result.current?.items.map((r) => r.id)).toEqual(['warehouse-newer']);
    await reader.unmount();
    await list.unmount();
  });

  it('reads a record written by an older version of its entity as the record API does: upgraded, in the list page, its filters and its columns', async () => {
    const now = Date.now();
    // Version 1 of contractors had no credit terms; version 1 of reference entries had no `whole`.
    await data.shop.office.insert({ id: 'contractor-old-one', type: 'contractor', v: 1, title: 'ООО «Старое»', createdBy: admin, createdAt: now, updatedBy: admin, updatedAt: now, data: { name: 'ООО «Старое»', inn: '7701234567' } });
    await data.shop.office.insert({ id: 'ref-unit-pcs', type: 'ref', v: 1, title: 'шт.', createdBy: admin, createdAt: now, updatedBy: admin, updatedAt: now, data: { list: 'unit', code: 'pcs', label: 'шт.', position: 0, active: true } });
    const onCredit = await renderHook(() => useOfficeRecords(data.shop.office, contractor, { page: 1, filters: { credit: 'false' }, sort: 'creditDays' }), undefined);
    await expect.poll(() => seen(onCredit, (r) => r?.items.map((c) => c.id))).toEqual(['contractor-old-one']);
    expect(onCredit.result.current?.items[0]).toMatchObject({ v: contractor.version, data: { credit: false, creditDays: 0, kpp: '', contact: '', note: '' } });
    const units = await renderHook(() => useOfficeOf(data.shop.office, ref), undefined);
    await expect.poll(() => seen(units, (r) => r?.records.find((u) => u.id === 'ref-unit-pcs')?.data.whole)).toBe(true);
    expect(units.result.current?.items.find((u) => u.record.id === 'ref-unit-pcs')?.record).toMatchObject({ v: ref.version, data: { whole: true } });
    await onCredit.unmount();
    await units.unmount();
  });

  it('reads a contractor stored with one phone (version 2) as one with a list of it, found by that phone', async () => {
    const now = Date.now();
    await data.shop.office.insert({
      id: 'contractor-one-phone', type: 'contractor', v: 2, title: 'ООО «Однотелефонное»', createdBy: admin, createdAt: now, updatedBy: admin, updatedAt: now,
      data: { name: 'ООО «Однотелефонное»', inn: '7701234568', kpp: '', contact: '', phone: '79550000401', credit: true, creditDays: 3, note: '' },
    });
    const found = await renderHook(() => useOfficeRecords(data.shop.office, contractor, { page: 1, search: '955 000-04-01' }), undefined);
    await expect.poll(() => seen(found, (r) => r?.items.map((c) => c.id))).toEqual(['contractor-one-phone']);
    expect(found.result.current?.items[0]).toMatchObject({ v: 3, data: { phones: ['79550000401'], credit: true, creditDays: 3 } });
    expect(found.result.current?.items[0].data).not.toHaveProperty('phone');
    await found.unmount();
  });
});

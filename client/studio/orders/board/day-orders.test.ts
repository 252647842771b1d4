import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalData, type LocalData } from '../../../data/database';
import { sampleOrder } from '../../../data/sample-orders';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { courierNames$, dayOrders$, dayOrdersQuery, pendingCommandOrders$ } from './day-orders';

const envelope = (id: string, type: OfficeRecord['type'], title: string, data: Record<string, unknown>): OfficeRecord => ({
  id, type, v: 1, title, createdBy: '79000000001', createdAt: 1, updatedBy: '79000000001', updatedAt: 1, data,
});

describe('what the board reads from the device', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`b${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, false, { multiInstance: false });
    await data.shop.orders.bulkInsert(Array.from({ length: 30 }, (_, i) => sampleOrder(i, ['2026-11-23', '2026-11-24', '2026-11-25'][i % 3])));
    await data.shop.office.bulkInsert([
      envelope('command-pending-0001', 'orderCommand', 'Статус', { order: 'sample-order-00000001', action: { kind: 'status', from: 'new', to: 'confirmed' } }),
      envelope('command-answered-01', 'orderCommand', 'Статус', { order: 'sample-order-00000004', action: { kind: 'status', from: 'new', to: 'confirmed' }, outcome: { ok: true, at: 2 } }),
      envelope('courier-petr-000001', 'courier', 'Пётр', { name: 'Пётр', phone: '79001234567', feePerDelivery: 400, active: true, note: '' }),
    ]);
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
  });

  it('reads one day, or a range, through the delivery-day index', async () => {
    expect(dayOrdersQuery(data.shop.orders, '2026-11-24', '2026-11-24').getPreparedQuery().queryPlan.index).toContain('date');
    const day = await firstValueFrom(dayOrders$(data.shop.orders, '2026-11-24', '2026-11-24'));
    expect(day).toHaveLength(10);
    expect(day.every((o) => o.date === '2026-11-24')).toBe(true);
    expect(await firstValueFrom(dayOrders$(data.shop.orders, '2026-11-24', '2026-11-25'))).toHaveLength(20);
  });

  it('marks orders whose command has no answer yet, and names couriers', async () => {
    expect([...(await firstValueFrom(pendingCommandOrders$(data.shop.office)))]).toEqual(['sample-order-00000001']);
    expect(await firstValueFrom(courierNames$(data.shop.office))).toEqual(new Map([['courier-petr-000001', { name: 'Пётр', active: true }]]));
  });
});

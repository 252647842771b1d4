import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom, filter } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeRecord } from '../../schema/shared/record';
import { openLocalData, type LocalData } from './database';
import { orderCommands$, pendingCommands, refusedCommands, sendOrderCommand } from './order-commands';

const florist = '79000000005';
let data: LocalData;

beforeAll(async () => {
  data = await openLocalData(`commands${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, true, { multiInstance: false });
});
afterAll(async () => {
  await data.shop.close();
  await data.dataSources.close();
});

/** What the server's processor does to a pushed command: writes its outcome. */
const answer = async (id: string, outcome: Record<string, unknown>) => {
  const doc = await data.shop.office.findOne(id).exec();
  await doc?.incrementalModify((d) => ({ ...d, updatedAt: d.updatedAt + 1, updatedBy: 'server', data: { ...d.data, outcome } }));
};

describe('order commands on the device', () => {
  it('are office records in the envelope the push rule checks: made here, authored, derived title, no outcome', async () => {
    const id = await sendOrderCommand(data.shop.office, florist, 'order-aaaaaaaaaaaa', { kind: 'status', from: 'new', to: 'confirmed' });
    const stored = (await data.shop.office.findOne(id).exec())?.toMutableJSON();
    expect(officeRecord.parse(stored)).toMatchObject({
      id, type: 'orderCommand', v: 1, title: 'Статус: order-aaaaaaaaaaaa', createdBy: florist, updatedBy: florist,
      data: { order: 'order-aaaaaaaaaaaa', action: { kind: 'status', from: 'new', to: 'confirmed' } },
    });
    expect(stored?.data.outcome).toBeUndefined();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('refuses an action the contract does not allow before anything is written', async () => {
    const before = await data.shop.office.count().exec();
    await expect(sendOrderCommand(data.shop.office, florist, 'order-aaaaaaaaaaaa', { kind: 'photo', image: 'x'.repeat(1_600_000) })).rejects.toThrow();
    expect(await data.shop.office.count().exec()).toBe(before);
  });

  it('are seen per order as pending, then applied or refused with the server’s reason', async () => {
    const order = 'order-bbbbbbbbbbbb';
    const confirm = await sendOrderCommand(data.shop.office, florist, order, { kind: 'status', from: 'new', to: 'confirmed' });
    const pay = await sendOrderCommand(data.shop.office, florist, order, { kind: 'payment', status: 'paid', method: 'cash', amount: 3490 });
    await sendOrderCommand(data.shop.office, florist, 'order-cccccccccccc', { kind: 'assign', florist });
    const first = await firstValueFrom(orderCommands$(data.shop.office, order));
    expect(first.map((c) => [c.id, c.state, c.by])).toEqual([
      [confirm, 'pending', florist],
      [pay, 'pending', florist],
    ]);
    expect(pendingCommands(first)).toHaveLength(2);

    await answer(confirm, { ok: true, at: 10 });
    await answer(pay, { ok: false, at: 11, status: 409, reason: 'Заказ уже «Отменён»: его изменил другой сотрудник' });
    const settled = await firstValueFrom(orderCommands$(data.shop.office, order).pipe(filter((l) => pendingCommands(l).length === 0)));
    expect(settled.map((c) => c.state)).toEqual(['applied', 'refused']);
    expect(refusedCommands(settled)).toEqual([expect.objectContaining({ id: pay, status: 409, reason: 'Заказ уже «Отменён»: его изменил другой сотрудник' })]);
  });

  it('keeps one record per id: the same command written twice is refused by the device', async () => {
    const id = await sendOrderCommand(data.shop.office, florist, 'order-dddddddddddd', { kind: 'status', from: 'new', to: 'confirmed' });
    await expect(sendOrderCommand(data.shop.office, florist, 'order-dddddddddddd', { kind: 'status', from: 'new', to: 'confirmed' }, id)).rejects.toThrow();
    expect(await firstValueFrom(orderCommands$(data.shop.office, 'order-dddddddddddd'))).toHaveLength(1);
  });
});

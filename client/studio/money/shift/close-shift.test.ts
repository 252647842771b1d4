import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalData, type LocalData } from '../../../data/database';
import { ApiError, offlineMessage } from '../../../lib/api';
import type { ShopEvent } from '../../../../schema/studio/orders/event';
import { recordShiftClose } from './close-shift';

describe('closing a shift', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`shift${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
  });
  const onDevice = async (id: string) => (await data.shop.events.findOne(id).exec()) !== null;

  it('goes straight to the server when it answers, and is not kept on the device', async () => {
    const sent: ShopEvent[] = [];
    const { event, sent: direct } = await recordShiftClose(data.shop.events, { amount: '45600', date: '2026-11-23' }, '79000000003', async (e) => sent.push(e));
    expect(direct).toBe(true);
    expect(sent).toEqual([event]);
    expect(event.sum).toBe(45600);
    expect(await onDevice(event.id)).toBe(false);
  });

  it('waits on the device for the sync when the server cannot be reached', async () => {
    const { event, sent } = await recordShiftClose(data.shop.events, { amount: '100', date: '2026-11-23' }, '79000000003', async () => {
      throw new ApiError(0, offlineMessage);
    });
    expect(sent).toBe(false);
    expect(await onDevice(event.id)).toBe(true);
  });

  it('shows a refusal instead of keeping an event the server would refuse again', async () => {
    const before = await data.shop.events.count().exec();
    await expect(
      recordShiftClose(data.shop.events, { amount: '100', date: '2026-11-23' }, '79000000003', async () => {
        throw new ApiError(403, 'Нет доступа');
      }),
    ).rejects.toThrow('Нет доступа');
    expect(await data.shop.events.count().exec()).toBe(before);
  });
});

import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsMonth, ShopEvent } from '../../schema/studio/orders/event';
import { call, demoPhones, signIn, startTestShop } from '../../server/testing/test-shop';
import { ApiError, offlineMessage } from '../lib/api';
import { openLocalData, type LocalData } from './database';
import { deviceMonth, loadMonth, saveEvent } from './calendar';

const event = (id: string, day: string, over: Partial<ShopEvent> = {}): ShopEvent => ({
  id, source: 'admin', title: id, description: '', day, type: 'event', sum: 1000, data: {}, meta: { author: demoPhones.florist, createdAt: 1 }, ...over,
});

/** The calendar's month on a device (RxDB on fake-indexeddb): the real server's answer online, the device's copy without it. */
describe('the calendar on a device', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let data: LocalData;
  let florist: string;
  const server = (m: EventsMonth) =>
    call<ShopEvent[]>(shop.url, '/api/events/list', m, florist).then((a) => {
      if (a.status !== 200) throw new ApiError(a.status, 'refused');
      return a.body;
    });
  const unreachable = () => Promise.reject(new ApiError(0, offlineMessage));

  beforeAll(async () => {
    shop = await startTestShop();
    florist = await signIn(shop.url, demoPhones.florist);
    data = await openLocalData(`calendar${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    for (const e of [event('srv-event-0001', '2031-03-10'), event('srv-event-0002', '2031-04-02')]) await call(shop.url, '/api/events/update', e, florist);
    // The device's copy: one event pulled earlier, one written here and not pushed yet, one of another month.
    await data.shop.events.bulkInsert([event('srv-event-0001', '2031-03-10'), event('dev-event-0001', '2031-03-05'), event('dev-event-0002', '2031-05-01')]);
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
    await shop.close();
  });

  it('shows the server\'s month online, with what this device has not pushed yet, by day', async () => {
    const month = await loadMonth(data.shop.events, { month: 3, year: 2031 }, server);
    expect(month.from).toBe('server');
    expect(month.events.map((e) => e.id)).toEqual(['dev-event-0001', 'srv-event-0001']);
  });

  it('shows the device\'s copy of the month when the server cannot be reached, and only that month', async () => {
    const month = await loadMonth(data.shop.events, { month: 3, year: 2031 }, unreachable);
    expect(month).toEqual({ from: 'device', events: [expect.objectContaining({ id: 'dev-event-0001' }), expect.objectContaining({ id: 'srv-event-0001' })] });
    expect((await deviceMonth(data.shop.events, { month: 5, year: 2031 })).map((e) => e.id)).toEqual(['dev-event-0002']);
  });

  it('shows a refusal rather than an old copy', async () => {
    await expect(loadMonth(data.shop.events, { month: 13, year: 2031 }, server)).rejects.toBeInstanceOf(ApiError);
  });

  it('keeps an event saved offline on the device, and an edit keeps its signature', async () => {
    const { event: saved, sent } = await saveEvent(data.shop.events, { source: 'admin', title: 'Мастер-класс', description: '', day: '2031-03-20', type: 'event', sum: 15000, data: {} }, demoPhones.florist, unreachable);
    expect(sent).toBe(false);
    expect(saved.meta.author).toBe(demoPhones.florist);
    const { event: edited } = await saveEvent(data.shop.events, { ...saved, meta: undefined, sum: 18000 }, demoPhones.florist, unreachable);
    expect(edited).toEqual({ ...saved, sum: 18000 });
    expect((await deviceMonth(data.shop.events, { month: 3, year: 2031 })).find((e) => e.id === saved.id)?.sum).toBe(18000);
  });
});

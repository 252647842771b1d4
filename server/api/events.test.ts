import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopEvent } from '../../schema/event';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

const event = (id: string, day: string, over: Partial<ShopEvent> = {}): ShopEvent => ({
  id, source: 'admin', title: 'Поставка пионов', description: '', day, type: 'supply', sum: 12000, data: {}, meta: { author: demoPhones.florist, createdAt: 1 }, ...over,
});

/** The staff calendar through /api, and events that staff devices push through /db. */
describe('calendar API', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let florist: string;
  const listMonth = (month: number, year: number) => call<ShopEvent[]>(shop.url, '/api/events/list', { month, year }, florist);

  beforeAll(async () => {
    shop = await startTestShop();
    florist = await signIn(shop.url, demoPhones.florist);
  });
  afterAll(() => shop.close());

  it('lists the events of one month, sorted by day, as a plain array', async () => {
    for (const e of [event('ev-test-0003', '2031-03-20'), event('ev-test-0001', '2031-03-02'), event('ev-test-0002', '2031-04-01')]) {
      expect((await call(shop.url, '/api/events/update', e, florist)).status).toBe(200);
    }
    const march = await listMonth(3, 2031);
    expect(march.body.map((e) => [e.id, e.day])).toEqual([['ev-test-0001', '2031-03-02'], ['ev-test-0003', '2031-03-20']]);
    // The server signs: the author from the session, the time from its own clock.
    expect(march.body[0]).toEqual({ ...event('ev-test-0001', '2031-03-02'), meta: { author: demoPhones.florist, createdAt: expect.any(Number) } });
    expect(march.body[0].meta.createdAt).toBeGreaterThan(1);
  });

  it('replaces an event on update and removes it on delete', async () => {
    await call(shop.url, '/api/events/update', event('ev-test-0001', '2031-03-02', { sum: 15000, title: 'Поставка роз' }), florist);
    expect((await listMonth(3, 2031)).body[0]).toMatchObject({ id: 'ev-test-0001', sum: 15000, title: 'Поставка роз' });
    expect((await call(shop.url, '/api/events/delete', { id: 'ev-test-0001' }, florist)).status).toBe(200);
    expect((await listMonth(3, 2031)).body.map((e) => e.id)).toEqual(['ev-test-0003']);
    const again = await call<{ error: string }>(shop.url, '/api/events/delete', { id: 'ev-test-0001' }, florist);
    expect(again.status).toBe(404);
    expect(again.body.error).toMatch(/не найдено/);
  });

  it('creates an event sent without an id and answers the id it gave (spec §7)', async () => {
    const { id: _none, ...fields } = event('unused-id-0', '2031-06-10');
    const created = await call<{ data: ShopEvent }>(shop.url, '/api/events/update', fields, florist);
    expect(created.status).toBe(200);
    expect(created.body.data.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const { meta: _signed, ...rest } = fields;
    expect((await listMonth(6, 2031)).body).toEqual([{ ...rest, id: created.body.data.id, meta: { author: demoPhones.florist, createdAt: expect.any(Number) } }]);
  });

  it('shows a shift closing pushed by a device through /db/events', async () => {
    const { id, ...fields } = event('shift-close-test-1', '2031-05-31', { title: 'Закрытие смены', type: 'event', sum: 48200 });
    const pushed = await fetch(`${shop.url}/db/events/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: florist },
      body: JSON.stringify({ docs: [{ _id: id, ...fields }] }),
    });
    expect(((await pushed.json()) as { ok?: boolean }[])[0].ok).toBe(true);
    const [stored] = (await listMonth(5, 2031)).body;
    expect(stored).toEqual({ ...event('shift-close-test-1', '2031-05-31', { title: 'Закрытие смены', type: 'event', sum: 48200 }), meta: { author: demoPhones.florist, createdAt: expect.any(Number) } });
    expect(stored.meta.createdAt).toBeGreaterThan(1);
  });
});

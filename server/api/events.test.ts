import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { today } from '../../schema/shared/day';
import { monthOf, type ShopEvent } from '../../schema/studio/orders/event';
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
    // A close is dated as the full close is: today's, written now (server/days/quick-close-day.test.ts).
    const day = today();
    const close = { title: 'Закрытие смены', type: 'event' as const, sum: 48200, meta: { author: demoPhones.florist, createdAt: Date.now() } };
    const { id, ...fields } = event('shift-close-test-1', day, close);
    const pushed = await fetch(`${shop.url}/db/events/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: florist },
      body: JSON.stringify({ docs: [{ _id: id, ...fields }] }),
    });
    expect(((await pushed.json()) as { ok?: boolean }[])[0].ok).toBe(true);
    const stored = (await listMonth(monthOf(day).month, monthOf(day).year)).body.find((e) => e.id === 'shift-close-test-1');
    expect(stored).toEqual({ ...event('shift-close-test-1', day, close), meta: { author: demoPhones.florist, createdAt: expect.any(Number) } });
  });

  it('signs an event sent without meta from the session, through /api and through /db alike', async () => {
    const { meta: _none, ...fields } = event('ev-nometa-01', '2031-07-01');
    const sent = await call<{ data: ShopEvent }>(shop.url, '/api/events/update', fields, florist);
    expect(sent.status).toBe(200);
    const { meta: _gone, id: pushedId, ...pushed } = event('ev-nometa-02', '2031-07-02');
    const answer = await fetch(`${shop.url}/db/events/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: florist },
      body: JSON.stringify({ docs: [{ _id: pushedId, ...pushed }] }),
    });
    expect(((await answer.json()) as { ok?: boolean }[])[0].ok).toBe(true);
    const july = (await listMonth(7, 2031)).body;
    expect(july.map((e) => [e.id, e.meta.author])).toEqual([['ev-nometa-01', demoPhones.florist], ['ev-nometa-02', demoPhones.florist]]);
    expect(july.every((e) => e.meta.createdAt > 1)).toBe(true);
    // Deleting by the whole event, sent as it was written (without meta), is the same as by its id.
    expect((await call(shop.url, '/api/events/delete', { ...fields, id: 'ev-nometa-01' }, florist)).status).toBe(200);
    expect((await listMonth(7, 2031)).body.map((e) => e.id)).toEqual(['ev-nometa-02']);
  });

  it('reads only the month asked for, however many events other months hold', async () => {
    const db = shop.shop.storage.db('events');
    const others = Array.from({ length: 60 }, (_, i) => ({ _id: `ev-other-${String(i).padStart(4, '0')}`, ...event('x', `2032-0${1 + (i % 9)}-1${i % 10}`) }));
    await db.bulkDocs(others.map(({ id: _x, ...doc }) => doc));
    for (const d of ['2032-10-05', '2032-10-31']) await call(shop.url, '/api/events/update', event(`ev-oct-${d}`, d), florist);
    // Every row the server's handle of `events` hands out while it lists the month (the spy only watches).
    const allDocs = vi.spyOn(db, 'allDocs');
    const query = vi.spyOn(db, 'query');
    try {
      const october = await listMonth(10, 2032);
      expect(october.body.map((e) => e.day)).toEqual(['2032-10-05', '2032-10-31']);
      const answers = await Promise.all([...allDocs.mock.results, ...query.mock.results].map((r) => r.value as Promise<{ rows: unknown[] }>));
      expect(answers.reduce((n, a) => n + a.rows.length, 0)).toBeLessThanOrEqual(4);
    } finally {
      allDocs.mockRestore();
      query.mockRestore();
    }
  });

  it('never hands a device the calendar index: a pull of /db/events holds events only', async () => {
    const changes = await fetch(`${shop.url}/db/events/_changes?since=0&include_docs=true`, { headers: { cookie: florist } });
    const { results } = (await changes.json()) as { results: { id: string }[] };
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.id.startsWith('_design/'))).toEqual([]);
  });

  it('refuses a month of 13, a year out of range and an impossible day with a Russian reason, storing nothing', async () => {
    for (const [month, year, reason] of [[13, 2031, 'Месяц от 1 до 12'], [0, 2031, 'Месяц от 1 до 12'], [3, 1999, 'Год от 2000 до 2100']] as const) {
      const answer = await call<{ error: string; issues: { message: string }[] }>(shop.url, '/api/events/list', { month, year }, florist);
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((i) => i.message)).toContain(reason);
    }
    const impossible = await call<{ issues: { message: string }[] }>(shop.url, '/api/events/update', event('ev-feb-30', '2031-02-30'), florist);
    expect(impossible.status).toBe(400);
    expect(impossible.body.issues.map((i) => i.message)).toContain('Такой даты нет');
    const { id, ...fields } = event('ev-feb-31', '2031-02-31');
    const pushed = await fetch(`${shop.url}/db/events/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: florist },
      body: JSON.stringify({ docs: [{ _id: id, ...fields }] }),
    });
    const [refused] = (await pushed.json()) as { error?: string; reason?: string }[];
    expect(refused).toMatchObject({ error: 'conflict', reason: 'Такой даты нет' });
    expect((await listMonth(2, 2031)).body).toEqual([]);
  });
});

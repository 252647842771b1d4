import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../schema/shared/day';
import type { ShopEvent } from '../../schema/studio/orders/event';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Row = { id: string; ok?: boolean; error?: string; reason?: string };

/**
 * The quick close (the spec's dialog: a calendar event) is dated as the full close is (issue 27): today, or yesterday
 * until 06:00 Moscow, on /api/events/update and a device's push to /db/events alike, in the full close's words.
 */
describe('a quick close of a shift takes only the days a full close takes', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const day = today();
  const at = (d: string, hhmm: string) => Date.parse(`${d}T${hhmm}:00+03:00`);
  let clock = at(day, '12:00');
  const cookies = { florist: '', manager: '' };
  let n = 0;
  const close = (d: string, createdAt = Date.now(), author: string = demoPhones.florist): ShopEvent => ({
    id: `quick-close-${++n}-${Math.random().toString(36).slice(2, 8)}`, source: 'admin', title: 'Закрытие смены', description: '', day: d, type: 'event', sum: 45600, data: {}, meta: { author, createdAt },
  });
  const viaApi = (e: ShopEvent, who: keyof typeof cookies = 'florist') => call<{ error?: string }>(shop.url, '/api/events/update', e, cookies[who]);
  const push = async (e: ShopEvent & { _rev?: string }) => {
    const { id, ...fields } = e;
    const res = await fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies.florist }, body: JSON.stringify({ docs: [{ _id: id, ...fields }] }) });
    expect(res.status).toBe(201);
    return ((await res.json()) as Row[])[0];
  };
  const stored = async (id: string) => (await shop.shop.storage.db('events').get(id).catch(() => null)) as (ShopEvent & { _rev: string }) | null;
  /** What the full close answers for the same day at the same moment: the words the quick close must repeat. */
  const fullCloseRefusal = async (d: string) => {
    const data = { day: d, opening: 0, takings: { cash: 0, card: 0, transfer: 0, online: 0 }, expectedCash: 0, expectedCard: 0, counted: { cash: 0, card: 0 } };
    const answer = await call<{ error?: string }>(shop.url, '/api/shifts/update', { data }, cookies.florist);
    expect(answer.status).toBe(400);
    return answer.body.error;
  };

  beforeAll(async () => {
    shop = await startTestShop({ booksClock: () => clock });
    cookies.florist = await signIn(shop.url, demoPhones.florist);
    cookies.manager = await signIn(shop.url, demoPhones.manager);
  });
  afterAll(() => shop.close());

  it('stores today’s close on /api and refuses the day before yesterday, tomorrow and next year in the full close’s words (400)', async () => {
    clock = at(day, '12:00');
    expect((await viaApi(close(day))).status).toBe(200);
    for (const d of [addDays(day, -2), addDays(day, 1), addDays(day, 365)]) {
      const e = close(d);
      const answer = await viaApi(e);
      expect(answer.status, d).toBe(400);
      expect(answer.body.error).toMatch(/^Закрытие смены: смену за \d{4}-\d\d-\d\d закрыть нельзя: закрывают только сегодняшнюю/);
      expect(answer.body.error).toBe(await fullCloseRefusal(d));
      expect(await stored(e.id)).toBeNull();
    }
  });

  it('has no manager exception, as the full close has none', async () => {
    clock = at(day, '12:00');
    const answer = await viaApi(close(addDays(day, -2), Date.now(), demoPhones.manager), 'manager');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/закрывают только сегодняшнюю/);
  });

  it('takes yesterday until 06:00 Moscow and not after', async () => {
    clock = at(day, '05:30');
    expect((await viaApi(close(addDays(day, -1)))).status).toBe(200);
    clock = at(day, '06:30');
    const late = await viaApi(close(addDays(day, -1)));
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(await fullCloseRefusal(addDays(day, -1)));
  });

  it('answers a refused push as a conflict with the same reason, storing nothing, and stores today’s', async () => {
    clock = at(day, '12:00');
    const wrong = close(addDays(day, -3));
    const row = await push(wrong);
    expect(row, JSON.stringify(row)).toMatchObject({ id: wrong.id, error: 'conflict' });
    expect(row.reason).toBe(await fullCloseRefusal(addDays(day, -3)));
    expect(await stored(wrong.id)).toBeNull();
    const right = close(day);
    expect(await push(right)).toMatchObject({ ok: true });
    expect(await stored(right.id)).toMatchObject({ day, sum: 45600 });
  });

  it('judges a pushed close by when its device wrote it: yesterday’s made at 23:50 and pushed at noon is kept, one made yesterday noon for a week ago is not', async () => {
    clock = at(day, '12:00');
    const yesterday = addDays(day, -1);
    const offline = close(yesterday, at(yesterday, '23:50'));
    expect(await push(offline), 'made offline before midnight').toMatchObject({ ok: true });
    const backdated = close(addDays(day, -7), at(yesterday, '12:00'));
    expect(await push(backdated)).toMatchObject({ error: 'conflict', reason: expect.stringMatching(/^Закрытие смены: смену за \S+ закрыть нельзя: закрывают только сегодняшнюю \(\S+\)/) });
    expect((await push(backdated)).reason).toContain(`(${yesterday})`);
  });

  it('does not judge a stored close again when its sum is corrected, but does when its day is moved', async () => {
    clock = at(day, '12:00');
    const e = close(day);
    expect((await viaApi(e)).status).toBe(200);
    clock = at(addDays(day, 1), '12:00');
    expect((await viaApi({ ...e, sum: 46000 })).status).toBe(200);
    const again = await push({ ...e, sum: 46100, _rev: (await stored(e.id))!._rev });
    expect(again, 'a retried or corrected push of the same day').toMatchObject({ ok: true });
    const moved = await viaApi({ ...e, day: addDays(day, -2) });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatch(/закрывают только сегодняшнюю/);
  });

  it('leaves other events alone: a delivery written for last month is stored', async () => {
    clock = at(day, '12:00');
    const answer = await viaApi({ ...close(addDays(day, -20)), title: 'Поставка пионов', type: 'supply' });
    expect(answer.status).toBe(200);
  });
});

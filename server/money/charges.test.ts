import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge } from '../../schema/entities/charge';
import { shift, shiftId } from '../../schema/entities/shift';
import type { OfficeRecord } from '../../schema/shared/record';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
const cyrillic = /[а-яё]/i;

describe('charges and shift closes on the server (issue 21, items 1 and 2)', () => {
  let shop: Shop;
  let florist: string;
  let customer: string;
  beforeAll(async () => {
    // The books judge facts' days by this clock (server/days/rules.ts): the shift closed here is today's whenever the test runs.
    shop = await startTestShop({ booksClock: () => Date.parse('2026-11-25T12:00:00+03:00') });
    florist = await signIn(shop.url, demoPhones.florist);
    customer = await signIn(shop.url, '79550000077');
  });
  afterAll(() => shop.close());

  const stored = async () => JSON.stringify(await shop.shop.storage.db('office').allDocs({ include_docs: true }));
  const push = async (docs: unknown[], cookie = florist) => {
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs }) });
    return (await res.json()) as { id: string; ok?: boolean; rejected?: boolean; reason?: string }[];
  };
  const envelope = (id: string, type: string, data: Record<string, unknown>, title: string, day: string, by: string = demoPhones.florist) => {
    const now = Date.now();
    return { _id: id, type, v: 1, title, day, createdBy: by, createdAt: now, updatedBy: by, updatedAt: now, data };
  };

  it('a florist records what she paid from the till; the server signs it with her phone', async () => {
    const answer = await call<{ data: OfficeRecord }>(shop.url, '/api/charges/update', { data: { ...charge.example, amount: 1200 } }, florist);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ type: 'charge', createdBy: demoPhones.florist, data: { amount: 1200, category: 'market', method: 'cash' } });
  });

  it('refuses negative, fractional and non-numeric sums, an unknown method and a missing category, in Russian, storing nothing', async () => {
    const before = await stored();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ amount: -500 }, /больше нуля/],
      [{ amount: 0 }, /больше нуля/],
      [{ amount: 10.5 }, /целое/],
      [{ amount: 'пятьсот' }, /число рублей/],
      [{ amount: '500' }, /число рублей/],
      [{ method: 'bitcoin' }, cyrillic],
      [{ category: '' }, /статью/],
      [{ day: '2026-02-30' }, /Такой даты нет/],
    ];
    for (const [over, reason] of bad) {
      const answer = await call<{ error: string; issues?: { message: string }[] }>(shop.url, '/api/charges/update', { data: { ...charge.example, ...over } }, florist);
      expect(answer.status, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(over)).toMatch(reason);
    }
    expect(await stored()).toBe(before);
  });

  it('a customer may not record a charge, neither through /api nor /db', async () => {
    const before = await stored();
    const answer = await call<{ error: string }>(shop.url, '/api/charges/update', { data: charge.example }, customer);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(cyrillic);
    const rows = await push([envelope('charge-by-customer', 'charge', charge.example, 'Расход', charge.example.day, '79550000077')], customer);
    expect(rows[0]).toMatchObject({ rejected: true });
    expect(await stored()).toBe(before);
  });

  it('a charge is a fact: a florist’s device cannot change or delete it', async () => {
    const made = await push([envelope('charge-from-phone-1', 'charge', { ...charge.example, amount: 900 }, 'Расход', charge.example.day)]);
    expect(made[0]).toMatchObject({ ok: true });
    const rev = (await shop.shop.storage.db('office').get('charge-from-phone-1'))._rev;
    const changed = await push([{ ...envelope('charge-from-phone-1', 'charge', { ...charge.example, amount: 90 }, 'Расход', charge.example.day), _rev: rev }]);
    expect(changed[0]).toMatchObject({ rejected: true });
    expect(changed[0].reason).toMatch(/запись-факт/);
    const removed = await push([{ _id: 'charge-from-phone-1', _rev: rev, _deleted: true }]);
    expect(removed[0]).toMatchObject({ rejected: true });
  });

  it('a day’s shift is closed once: under its key from a device, and a second close of the day is refused', async () => {
    const data = { ...shift.example, day: '2026-11-25' };
    const wrongId = await push([envelope('shift-random-0001', 'shift', data, 'Смена 2026-11-25', '2026-11-25')]);
    expect(wrongId[0]).toMatchObject({ rejected: true });
    expect(wrongId[0].reason).toMatch(cyrillic);
    const first = await push([envelope(shiftId('2026-11-25'), 'shift', data, 'Смена 2026-11-25', '2026-11-25')]);
    expect(first[0]).toMatchObject({ ok: true });
    const again = await call<{ error: string }>(shop.url, '/api/shifts/update', { data: { ...data, note: 'Ещё раз' } }, florist);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Смена за этот день уже закрыта');
    const silent = await call<{ error: string; issues: { message: string }[] }>(shop.url, '/api/shifts/update', { data: { ...data, day: '2026-11-21', note: '' } }, florist);
    expect(silent.status).toBe(400);
    expect(JSON.stringify(silent.body)).toMatch(/объясните его в заметке/);
    const notACount = await call(shop.url, '/api/shifts/update', { data: { ...data, day: '2026-11-21', counted: { cash: '10 900', card: 0 } } }, florist);
    expect(notACount.status).toBe(400);
    expect(JSON.stringify(notACount.body)).toMatch(/Пересчёт — число рублей/);
  });
});

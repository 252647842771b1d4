import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nextDay, today } from '../../schema/shared/day';
import { shift } from '../../schema/entities/shift';
import type { Order } from '../../schema/studio/orders/order';
import { shiftChecksAnswer, type ShiftCheck } from '../../schema/studio/money/shift-check';
import { demoProducts } from '../seed/products';
import { pushNew } from '../testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!;
const customerPhone = '79550000071';

/** A close as a device computes it: its own takings and the day's cash moves, the till counted to what it expected. */
const closeOf = (day: string, opening: number, cash: number, cashOut: number) => ({
  day, opening, takings: { cash, card: 0, transfer: 0, online: 0 }, orders: cash ? 1 : 0, counterSales: 0, cashIn: 0, cashOut,
  expectedCash: opening + cash - cashOut, expectedCard: 0, counted: { cash: opening + cash - cashOut, card: 0 },
  cashMoves: cashOut ? [{ direction: 'out', category: 'market', amount: cashOut, note: '' }] : [], note: '',
});

describe('a shift close beside the server’s own expectation (issue 27, item 4)', () => {
  let shop: Shop;
  let manager: string;
  let florist: string;
  beforeAll(async () => {
    shop = await startTestShop();
    [manager, florist] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
  });
  afterAll(() => shop.close());

  const checks = async (cookie = manager): Promise<ShiftCheck[]> => {
    const answer = await call<unknown>(shop.url, '/api/shift-books/list', {}, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return shiftChecksAnswer.parse(answer.body).data;
  };

  it('stores what the server expected when a pushed close arrives, and shows a manager the device’s difference from it', async () => {
    const day = today();
    // A customer's order paid 'cash' today, which the closing phone (offline since the morning) never saw.
    const customer = await signIn(shop.url, customerPhone);
    const id = `shift-books-${crypto.randomUUID()}`;
    const draft = {
      id, lines: [{ id: product.id, count: 1 }], sender: { name: 'Покупатель', phone: customerPhone }, recipient: { name: 'Получатель', phone: '79440000019' },
      delivery: { method: 'pickup' }, date: nextDay(day), slot: '12:00–15:00', payment: 'cash',
    };
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draft, customer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const total = placed.body.data.total;
    const paid = await call(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: id, action: { kind: 'payment', status: 'paid', method: 'cash', amount: total } }, manager);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // 500 ₽ paid from the till at the market, recorded on the phone.
    const market = await call(shop.url, '/api/charges/update', { data: { day, direction: 'out', category: 'market', amount: 500, method: 'cash', note: '' } }, florist);
    expect(market.status, JSON.stringify(market.body)).toBe(200);

    const sent = closeOf(day, 1000, 0, 500);
    const pushed = await pushNew(shop.url, shift, sent, { cookie: florist, phone: demoPhones.florist }, Date.now(), `shift-${day}`);
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
    // The close is stored as the phone sent it.
    const stored = await shop.shop.storage.db('office').get<{ data: unknown }>(pushed.id);
    expect(stored.data).toEqual(sent);

    const [check] = (await checks()).filter((c) => c.day === day);
    expect(check).toMatchObject({ day, device: { cash: 500, card: 0 }, server: { expected: { cash: 1000 + total - 500, card: 0 }, orders: 1, cashOut: 500 }, gap: { cash: -total, card: 0 } });

    // A second close of the day, from another phone, is refused and does not move what the server expected.
    const again = await pushNew(shop.url, shift, closeOf(day, 1000, total, 500), { cookie: manager, phone: demoPhones.manager }, Date.now(), `shift-${day}`);
    expect(again.row).toMatchObject({ error: 'conflict' });
    const [still] = (await checks()).filter((c) => c.day === day);
    expect(still.server).toEqual(check.server);
  });

  it('does the same for a close sent through the record API: takings the server has no order for show as the difference', async () => {
    // Another shop, whose today is not closed yet: a florist closes only today (or yesterday before 06:00).
    const other = await startTestShop();
    try {
      const day = today();
      const answer = await call(other.url, '/api/shifts/update', { data: { ...closeOf(day, 2000, 3000, 0), note: '' } }, await signIn(other.url, demoPhones.florist));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const list = await call<unknown>(other.url, '/api/shift-books/list', {}, await signIn(other.url, demoPhones.manager));
      const [check] = shiftChecksAnswer.parse(list.body).data.filter((c) => c.day === day);
      expect(check).toMatchObject({ device: { cash: 5000, card: 0 }, server: { expected: { cash: 2000, card: 0 }, orders: 0 }, gap: { cash: 3000, card: 0 } });
    } finally {
      await other.close();
    }
  });

  it('writes nothing for a close the books refuse, on either path: the server’s figures follow a stored close only', async () => {
    const ahead = addDays(today(), 1);
    const refusedApi = await call(shop.url, '/api/shifts/update', { data: closeOf(ahead, 1000, 0, 0) }, florist);
    expect(refusedApi.status, JSON.stringify(refusedApi.body)).toBe(400);
    const refusedPush = await pushNew(shop.url, shift, closeOf(addDays(today(), 2), 1000, 0, 0), { cookie: florist, phone: demoPhones.florist }, Date.now(), `shift-${addDays(today(), 2)}`);
    expect(refusedPush.row).toMatchObject({ error: 'conflict' });
    const admin = shop.shop.storage.db('admin');
    for (const day of [ahead, addDays(today(), 2)]) await expect(admin.get(`shift-books-${day}`)).rejects.toMatchObject({ status: 404 });
  });

  it('is the managers’: a florist is refused 403, a guest 401', async () => {
    expect((await call(shop.url, '/api/shift-books/list', {}, florist)).status).toBe(403);
    expect((await call(shop.url, '/api/shift-books/list', {})).status).toBe(401);
  });
});

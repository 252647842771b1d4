import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { balanceBookOf } from '../../schema/shared/record-moves';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Saved = { data: OfficeRecord };
const cyrillic = /[а-яё]/i;

const balances = async (shop: Shop) => {
  const { rows } = await shop.shop.storage.db('office').allDocs({ include_docs: true });
  return balanceBookOf(rows.flatMap((r) => {
    const { _id, _rev, ...rest } = (r.doc ?? {}) as Record<string, unknown>;
    const parsed = officeRecord.safeParse({ ...rest, id: _id });
    return parsed.success ? [parsed.data] : [];
  }));
};

describe('transfers between warehouses and inventory counts', () => {
  let shop: Shop;
  let manager: string;
  let florist: string;
  let rose = '';
  const day = '2026-11-25';

  beforeAll(async () => {
    // The books judge facts' days by this clock (server/days/rules.ts): the test's day is «today» whenever it runs.
    shop = await startTestShop({ booksClock: () => Date.parse(`${day}T12:00:00+03:00`) });
    manager = await signIn(shop.url, demoPhones.manager);
    florist = await signIn(shop.url, demoPhones.florist);
    rose = (await call<Saved>(shop.url, '/api/flowers/update', { data: { name: 'Роза', unit: 'pcs' } }, manager)).body.data.id;
    const supply = await call(shop.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 30, price: 90 }], status: 'posted' } }, florist);
    expect(supply.status).toBe(200);
  });
  afterAll(() => shop.close());

  it('moves stock out of one warehouse and into another in one fact, never into the same one, never 2.5 roses', async () => {
    const moved = await call<Saved>(shop.url, '/api/transfers/update', { data: { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: rose, qty: 12 }] } }, florist);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const book = await balances(shop);
    expect([book.balance(rose, 'warehouse-cold'), book.balance(rose, 'warehouse-showcase'), book.total(rose)]).toEqual([18, 12, 30]);

    for (const [what, data, reason] of [
      ['the same warehouse', { day, from: 'warehouse-cold', to: 'warehouse-cold', lines: [{ flower: rose, qty: 1 }] }, /разными/],
      ['2.5 roses', { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: rose, qty: 2.5 }] }, /целыми/],
      ['minus three roses', { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: rose, qty: -3 }] }, /больше нуля/],
      ['no lines', { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [] }, /строку/],
    ] as const) {
      const answer = await call<{ error: string }>(shop.url, '/api/transfers/update', { data }, florist);
      expect(answer.status, what).toBe(400);
      expect(answer.body.error, what).toMatch(cyrillic);
      expect(JSON.stringify(answer.body), what).toMatch(reason);
    }
    const refusedEdit = await call<{ error: string }>(shop.url, '/api/transfers/update', { id: moved.body.data.id, updatedAt: moved.body.data.updatedAt, data: { ...moved.body.data.data, lines: [{ flower: rose, qty: 1 }] } }, manager);
    expect(refusedEdit.status).toBe(409);
    expect(refusedEdit.body.error).toMatch(/факт/);
    expect((await balances(shop)).balance(rose, 'warehouse-cold')).toBe(18);
  });

  it('keeps a count open while it goes on, then writes the differences as corrections in the finisher’s name and freezes it', async () => {
    const before = (await balances(shop)).balance(rose, 'warehouse-cold');
    const opened = await call<Saved>(shop.url, '/api/stock-counts/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, expected: before, counted: 15 }] } }, florist);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // An open count moves nothing: the books stand until it is finished.
    expect((await balances(shop)).balance(rose, 'warehouse-cold')).toBe(before);
    // Two more roses wilt meanwhile, elsewhere: the correction is the count's difference, so both add up.
    const wilted = await call(shop.url, '/api/slips/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 2, reason: 'wilted' }] } }, manager);
    expect(wilted.status).toBe(200);

    const half = await call<{ error: string }>(shop.url, '/api/stock-counts/update', { id: opened.body.data.id, updatedAt: opened.body.data.updatedAt, data: { ...opened.body.data.data, lines: [{ flower: rose, expected: before, counted: 14.5 }], status: 'finished' } }, manager);
    expect(half.status).toBe(400);
    expect(half.body.error).toMatch(/целыми/);
    const negative = await call(shop.url, '/api/stock-counts/update', { id: opened.body.data.id, updatedAt: opened.body.data.updatedAt, data: { ...opened.body.data.data, lines: [{ flower: rose, expected: before, counted: -1 }] } }, manager);
    expect(negative.status).toBe(400);

    const finished = await call<Saved>(shop.url, '/api/stock-counts/update', { id: opened.body.data.id, updatedAt: opened.body.data.updatedAt, data: { ...opened.body.data.data, status: 'finished' } }, manager);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body.data).toMatchObject({ createdBy: demoPhones.florist, updatedBy: demoPhones.manager });
    expect((await balances(shop)).balance(rose, 'warehouse-cold')).toBe(before + (15 - before) - 2);

    const changed = await call<{ error: string }>(shop.url, '/api/stock-counts/update', { id: opened.body.data.id, updatedAt: finished.body.data.updatedAt, data: { ...finished.body.data.data, status: 'open' } }, manager);
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatch(/Пересчёт закончен/);
    const removed = await call<{ error: string }>(shop.url, '/api/stock-counts/delete', { id: opened.body.data.id }, manager);
    expect(removed.status).toBe(409);
    expect((await balances(shop)).balance(rose, 'warehouse-cold')).toBe(13);

    // A finished count pushed again from a phone (an edit after finishing) is refused with the reason.
    const stored = await shop.shop.storage.db('office').get<Record<string, unknown>>(opened.body.data.id);
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: florist },
      body: JSON.stringify({ docs: [{ ...stored, updatedBy: demoPhones.florist, updatedAt: Number(stored.updatedAt) + 1, data: { ...(stored.data as object), status: 'open' } }] }),
    });
    const [row] = (await res.json()) as { error?: string; rejected?: boolean; reason?: string }[];
    expect(row).toMatchObject({ error: 'conflict', rejected: true });
    expect(row.reason).toMatch(/Пересчёт закончен/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCorrectionId } from '../../schema/studio/stock/count-correction';
import { today } from '../../schema/shared/day';
import { stockCount } from '../../schema/entities/stock-count';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { balanceBookOf } from '../../schema/shared/record-moves';
import { pushNew } from '../testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Saved = { data: OfficeRecord };

/** Issue 27, item 4: a count's «expected» is the server's balance when the count (each line of it) arrives. */
describe('a count corrected to the server’s balance', () => {
  let shop: Shop;
  let manager: string;
  let florist: string;
  let rose = '';
  const day = today();
  const cold = 'warehouse-cold';

  const office = async () => {
    const { rows } = await shop.shop.storage.db('office').allDocs({ include_docs: true });
    return rows.flatMap((r) => {
      const { _id, _rev, ...rest } = (r.doc ?? {}) as Record<string, unknown>;
      const parsed = officeRecord.safeParse({ ...rest, id: _id });
      return parsed.success ? [parsed.data] : [];
    });
  };
  const held = async () => balanceBookOf(await office()).balance(rose, cold);

  beforeAll(async () => {
    shop = await startTestShop();
    manager = await signIn(shop.url, demoPhones.manager);
    florist = await signIn(shop.url, demoPhones.florist);
    rose = (await call<Saved>(shop.url, '/api/flowers/update', { data: { name: 'Роза счётная', unit: 'pcs' } }, manager)).body.data.id;
    const supply = await call(shop.url, '/api/invoices/update', { data: { day, warehouse: cold, lines: [{ flower: rose, qty: 48, price: 90 }], status: 'posted' } }, manager);
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
  });
  afterAll(() => shop.close());

  it('a finished count pushed with a forged «expected» leaves the books at what was counted, and is stored as sent', async () => {
    expect(await held()).toBe(48);
    const data = { day, warehouse: cold, lines: [{ flower: rose, expected: -1000, counted: 5 }], status: 'finished', note: '' };
    const pushed = await pushNew(shop.url, stockCount, data, { cookie: florist, phone: demoPhones.florist });
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
    // The device's count alone would have moved +1005 roses; with the server's correction the cold room holds 5.
    expect(await held()).toBe(5);
    const records = await office();
    expect(records.find((r) => r.id === pushed.id)?.data).toEqual(data);
    const correction = records.find((r) => r.id === countCorrectionId(pushed.id));
    expect(correction).toMatchObject({ type: 'stockCount', createdBy: demoPhones.florist, data: { status: 'finished', warehouse: cold } });
    expect(correction?.data.note).toMatch(/Поправка учёта/);
  });

  it('on the record API too: a count finished in one step with a made-up «expected» is corrected', async () => {
    const before = await held();
    const answer = await call<Saved>(shop.url, '/api/stock-counts/update', { data: { day, warehouse: cold, lines: [{ flower: rose, expected: 900, counted: 7 }], status: 'finished' } }, florist);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(before).toBe(5);
    expect(await held()).toBe(7);
  });

  it('judges each line by the balance when it was counted: stems taken after the line was counted still leave', async () => {
    const opened = await call<Saved>(shop.url, '/api/stock-counts/update', { data: { day, warehouse: cold, lines: [{ flower: rose, expected: 7, counted: 6 }] } }, florist);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const wilted = await call(shop.url, '/api/slips/update', { data: { day, warehouse: cold, lines: [{ flower: rose, qty: 2, reason: 'wilted' }] } }, manager);
    expect(wilted.status, JSON.stringify(wilted.body)).toBe(200);
    const finished = await call(shop.url, '/api/stock-counts/update', { id: opened.body.data.id, updatedAt: opened.body.data.updatedAt, data: { ...opened.body.data.data, status: 'finished' } }, florist);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    // Counted 6 at the time, 2 wilted since: 4, and nothing to correct (the device saw what the server held).
    expect(await held()).toBe(4);
    expect((await office()).some((r) => r.id === countCorrectionId(opened.body.data.id))).toBe(false);
  });

  it('a void of the count takes its correction with it; the correction alone is neither voided nor written by staff', async () => {
    const counted = await call<Saved>(shop.url, '/api/stock-counts/update', { data: { day, warehouse: cold, lines: [{ flower: rose, expected: 100, counted: 1 }], status: 'finished' } }, florist);
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(await held()).toBe(1);
    const fix = countCorrectionId(counted.body.data.id);
    const alone = await call<{ error: string }>(shop.url, '/api/stock-counts/void', { id: fix, reason: 'Проверка' }, manager);
    expect(alone.status).toBe(400);
    expect(alone.body.error).toMatch(/сторнируют сам пересчёт/);
    const voided = await call(shop.url, '/api/stock-counts/void', { id: counted.body.data.id, reason: 'Считали не тот склад' }, manager);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await held()).toBe(4);

    const forged = await pushNew(shop.url, stockCount, { day, warehouse: cold, lines: [{ flower: rose, expected: 0, counted: 500 }], status: 'finished', note: '' }, { cookie: florist, phone: demoPhones.florist }, Date.now(), countCorrectionId('stockCount-made-up-1'));
    expect(forged.row).toMatchObject({ error: 'conflict' });
    expect(forged.row.reason).toMatch(/только сервер/);
    expect(await held()).toBe(4);
  });
});

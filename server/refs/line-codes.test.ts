import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../../schema/entities/invoice';
import { shift, shiftId } from '../../schema/entities/shift';
import { slip } from '../../schema/entities/slip';
import type { OfficeRecord } from '../../schema/shared/record';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Saved = { data: OfficeRecord };
type Refused = { error: string };
type Row = { id: string; ok?: boolean; error?: string; reason?: string };

const day = '2026-11-25';

describe('reference codes in the lines of a record', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let florist: string;
  let rose: string;

  const push = async (docs: unknown[]): Promise<Row[]> => {
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs }) });
    expect(res.status).toBe(201);
    return (await res.json()) as Row[];
  };
  /** A record as a florist's phone writes it offline and its replication pushes it. */
  const pushed = (id: string, type: string, v: number, data: Record<string, unknown>) => {
    const now = Date.now();
    return { _id: id, type, v, title: id, day: typeof data.day === 'string' ? data.day : day, createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data };
  };
  const line = (unit: string) => ({ flower: rose, qty: 10, unit, price: 90 });

  beforeAll(async () => {
    // The books judge facts' days by this clock (server/days/rules.ts): the test's day is «today» whenever it runs.
    shop = await startTestShop({ booksClock: () => Date.parse(`${day}T12:00:00+03:00`) });
    [admin, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.florist)]);
    const made = await call<Saved>(shop.url, '/api/flowers/update', { data: { name: 'Роза', unit: 'pcs' } }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    rose = made.body.data.id;
  });
  afterAll(() => shop.close());

  it('refuses an invoice line in a unit the unit list has not, through the API and from a phone, naming the line', async () => {
    const data = { day, warehouse: 'warehouse-cold', lines: [line('pcs'), line('box')] };
    const api = await call<Refused>(shop.url, '/api/invoices/update', { data }, florist);
    expect(api.status, JSON.stringify(api.body)).toBe(400);
    expect(api.body.error).toMatch(/Строки, строка 2 — В справочнике «Единицы измерения» нет значения «box»/);

    const [row] = await push([pushed('inv-box-line', invoice.type, invoice.version, data)]);
    expect(row.error, JSON.stringify(row)).toBe('conflict');
    expect(row.reason).toMatch(/^Накладная: Строки, строка 2 — В справочнике «Единицы измерения» нет значения «box»/);
    expect((await call(shop.url, '/api/invoices/get', { id: 'inv-box-line' }, florist)).status).toBe(404);
  });

  it('keeps a draft whose line copied a unit switched off, and refuses to post it until the unit is on, naming the line', async () => {
    const held = await call<Saved>(shop.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ ...line('kg'), qty: 3 }] } }, florist);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const kg = await call<Saved>(shop.url, '/api/refs/get', { id: 'ref-unit-kg' }, admin);
    const off = await call<Saved>(shop.url, '/api/refs/update', { id: 'ref-unit-kg', updatedAt: kg.body.data.updatedAt, data: { ...kg.body.data.data, active: false } }, admin);
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    // A new draft at the market, through the API or pushed from a phone offline: kept, with its line in kilograms.
    const fresh = { day, warehouse: 'warehouse-cold', lines: [line('pcs'), { ...line('kg'), qty: 2 }] };
    const api = await call<Saved>(shop.url, '/api/invoices/update', { data: fresh }, florist);
    expect(api.status, JSON.stringify(api.body)).toBe(200);
    const [row] = await push([pushed('inv-kg-line', invoice.type, invoice.version, fresh)]);
    expect(row.ok, JSON.stringify(row)).toBe(true);
    expect((await call(shop.url, '/api/invoices/get', { id: 'inv-kg-line' }, florist)).status).toBe(200);

    // Posting it is refused, a new one or the draft entered before the unit was switched off alike.
    const posted = await call<Refused>(shop.url, '/api/invoices/update', { id: api.body.data.id, updatedAt: api.body.data.updatedAt, data: { ...fresh, status: 'posted' } }, florist);
    expect(posted.status).toBe(400);
    expect(posted.body.error).toMatch(/строка 2 — Значение «кг» справочника «Единицы измерения» отключено/);
    const [postRow] = await push([pushed('inv-kg-posted', invoice.type, invoice.version, { ...fresh, status: 'posted' })]);
    expect(postRow.error, JSON.stringify(postRow)).toBe('conflict');
    expect(postRow.reason).toMatch(/^Накладная: Строки, строка 2 — Значение «кг» справочника «Единицы измерения» отключено/);
    const read = await call<Saved>(shop.url, '/api/invoices/get', { id: held.body.data.id }, florist);
    expect(read.body.data.data).toMatchObject({ lines: [{ unit: 'kg', qty: 3 }] });
    const edited = await call(shop.url, '/api/invoices/update', { id: held.body.data.id, updatedAt: read.body.data.updatedAt, data: { ...read.body.data.data, lines: [...(read.body.data.data.lines as unknown[]), line('pcs')], note: 'добавили розы' } }, florist);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await call<Saved>(shop.url, '/api/invoices/get', { id: held.body.data.id }, florist);
    const postHeld = await call<Refused>(shop.url, '/api/invoices/update', { id: held.body.data.id, updatedAt: again.body.data.updatedAt, data: { ...again.body.data.data, status: 'posted' } }, florist);
    expect(postHeld.status).toBe(400);
    expect(postHeld.body.error).toMatch(/строка 1 — Значение «кг» справочника «Единицы измерения» отключено/);

    // Switched on again, the draft posts as it is.
    const on = await call(shop.url, '/api/refs/update', { id: 'ref-unit-kg', updatedAt: off.body.data.updatedAt, data: { ...kg.body.data.data, active: true } }, admin);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const done = await call(shop.url, '/api/invoices/update', { id: held.body.data.id, updatedAt: again.body.data.updatedAt, data: { ...again.body.data.data, status: 'posted' } }, florist);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('refuses a write-off line with a reason the list has not, and takes the list’s reasons', async () => {
    const data = (reason: string) => ({ day, warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 1, reason: 'wilted' }, { flower: rose, qty: 1, reason }] });
    const api = await call<Refused>(shop.url, '/api/slips/update', { data: data('stolen') }, florist);
    expect(api.status, JSON.stringify(api.body)).toBe(400);
    expect(api.body.error).toMatch(/строка 2 — В справочнике «Причины списания» нет значения «stolen»/);
    const [refused, taken] = await push([pushed('slip-stolen', slip.type, slip.version, data('stolen')), pushed('slip-broken', slip.type, slip.version, data('broken'))]);
    expect(refused.error, JSON.stringify(refused)).toBe('conflict');
    expect(refused.reason).toMatch(/^Акт списания: Строки, строка 2 — В справочнике «Причины списания» нет значения «stolen»/);
    expect(taken.ok, JSON.stringify(taken)).toBe(true);
  });

  it('closes a shift whose charges took a category switched off since, and refuses one the list has not', async () => {
    const withMove = (d: string, category: string) => ({ ...shift.example, day: d, cashMoves: [{ direction: 'out', category, amount: 3500, note: '' }] });
    const rent = await call<Saved>(shop.url, '/api/refs/get', { id: 'ref-cash-reason-rent' }, admin);
    const off = await call(shop.url, '/api/refs/update', { id: 'ref-cash-reason-rent', updatedAt: rent.body.data.updatedAt, data: { ...rent.body.data.data, active: false } }, admin);
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    const [closed, unknown] = await push([
      pushed(shiftId(day), shift.type, shift.version, withMove(day, 'rent')),
      pushed(shiftId('2026-11-19'), shift.type, shift.version, withMove('2026-11-19', 'bribes')),
    ]);
    expect(closed.ok, JSON.stringify(closed)).toBe(true);
    expect(unknown.error, JSON.stringify(unknown)).toBe('conflict');
    expect(unknown.reason).toMatch(/^Закрытие смены: Движения наличных, строка 1 — В справочнике «Статьи расходов и выемок» нет значения «bribes»/);
  });
});

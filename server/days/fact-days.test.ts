import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../schema/shared/day';
import { charge } from '../../schema/entities/charge';
import { invoice } from '../../schema/entities/invoice';
import { shift } from '../../schema/entities/shift';
import { slip } from '../../schema/entities/slip';
import { stockCount } from '../../schema/entities/stock-count';
import { supplierPayment } from '../../schema/entities/supplier-payment';
import { transfer } from '../../schema/entities/transfer';
import { bothPaths, pushNew, type BothPathsCase, type Writer } from '../testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

/** Days are plausible (issue 27, item 3): every dated fact on the record API and a device's push alike (server/days/rules.ts). */
describe('a fact is dated within a window the studio can live with', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let supplyId = '';
  const staff: Record<'florist' | 'manager', Writer> = { florist: { cookie: '', phone: demoPhones.florist }, manager: { cookie: '', phone: demoPhones.manager } };
  beforeAll(async () => {
    shop = await startTestShop();
    staff.florist.cookie = await signIn(shop.url, demoPhones.florist);
    staff.manager.cookie = await signIn(shop.url, demoPhones.manager);
    // Roses to write off and move, so only the day decides.
    const supply = { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 1000, price: 90 }], status: 'posted' };
    const posted = await call<{ data: { id: string } }>(shop.url, '/api/invoices/update', { data: supply }, staff.manager.cookie);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    supplyId = posted.body.data.id;
  });
  afterAll(() => shop.close());

  const florist = () => staff.florist;
  const manager = () => staff.manager;
  const daysBack = (n: number) => addDays(today(), -n);
  const act = (day: () => string) => () => ({ day: day(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 1, reason: 'wilted', cost: 0 }], order: '', note: '' });
  const move = (day: () => string) => () => ({ day: day(), from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: 'flower-rose-explorer', qty: 1 }], note: '' });
  const close = (day: () => string) => () => ({
    day: day(), opening: 0, takings: { cash: 0, card: 0, transfer: 0, online: 0 }, expectedCash: 0, expectedCard: 0, counted: { cash: 0, card: 0 },
  });
  const supply = (day: () => string, status: string) => () => ({ day: day(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-tulip', qty: 10, price: 50 }], status });
  const cases: BothPathsCase[] = [
    { name: 'a write-off dated 2001', entity: slip, data: act(() => '2001-01-01'), writer: florist, refused: /^Акт списания: дата 2001-01-01: можно не раньше чем за 31 день/ },
    { name: 'a write-off dated 2030', entity: slip, data: act(() => '2030-01-01'), writer: florist, refused: /^Акт списания: дата 2030-01-01 ещё не наступила$/ },
    { name: 'a write-off dated tomorrow', entity: slip, data: act(() => addDays(today(), 1)), writer: florist, refused: /ещё не наступила/ },
    { name: 'a florist’s write-off 32 days back', entity: slip, data: act(() => daysBack(32)), writer: florist, refused: /можно не раньше чем за 31 день/ },
    { name: 'a florist’s write-off 31 days back', entity: slip, data: act(() => daysBack(31)), writer: florist },
    { name: 'a manager’s write-off 40 days back', entity: slip, data: act(() => daysBack(40)), writer: manager },
    { name: 'a manager’s write-off dated 2030', entity: slip, data: act(() => '2030-01-01'), writer: manager, refused: /ещё не наступила/ },
    { name: 'a transfer dated 2001', entity: transfer, data: move(() => '2001-01-01'), writer: florist, refused: /^Перемещение: дата 2001-01-01: можно не раньше/ },
    {
      name: 'a charge dated next year',
      entity: charge,
      data: () => ({ day: addDays(today(), 365), direction: 'out', category: 'market', amount: 500, method: 'cash', note: '' }),
      writer: florist,
      refused: /^Расход: дата \d{4}-\d\d-\d\d ещё не наступила/,
    },
    {
      name: 'a payment to a supplier dated 2030',
      entity: supplierPayment,
      data: () => ({ invoice: supplyId, day: '2030-01-01', amount: 100, method: 'transfer', note: '' }),
      writer: manager,
      refused: /дата 2030-01-01 ещё не наступила/,
    },
    { name: 'an invoice posted with the day 2001', entity: invoice, data: supply(() => '2001-01-01', 'posted'), writer: florist, refused: /^Накладная: дата 2001-01-01: можно не раньше/ },
    { name: 'a draft invoice dated 2001 (not a fact yet)', entity: invoice, data: supply(() => '2001-01-01', 'draft'), writer: florist },
    {
      name: 'a count finished dated 2030',
      entity: stockCount,
      data: () => ({ day: '2030-01-01', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-tulip', expected: 0, counted: 3 }], status: 'finished' }),
      writer: florist,
      refused: /^Пересчёт: дата 2030-01-01 ещё не наступила/,
    },
    { name: 'a shift closed for tomorrow', entity: shift, data: close(() => addDays(today(), 1)), writer: florist, refused: /^Закрытие смены: смену за \d{4}-\d\d-\d\d закрыть нельзя: закрывают только сегодняшнюю/ },
    { name: 'a shift closed for 2099-12-31', entity: shift, data: close(() => '2099-12-31'), writer: florist, refused: /смену за 2099-12-31 закрыть нельзя/ },
    { name: 'a shift closed for the day before yesterday', entity: shift, data: close(() => daysBack(2)), writer: manager, refused: /закрывают только сегодняшнюю/ },
  ];
  bothPaths(() => shop.url, cases);

  const stored = async (id: string) => (await fetch(`${shop.url}/db/office/${encodeURIComponent(id)}`, { headers: { cookie: staff.florist.cookie } })).status;

  it('keeps an offline write-off made on its 30th day that arrives on the 32nd: judged when the device wrote it', async () => {
    const pushed = await pushNew(shop.url, slip, act(() => daysBack(32))(), staff.florist, Date.now() - 2 * 86_400_000);
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
    expect(await stored(pushed.id)).toBe(200);
  });

  it('does not believe a write time months back (a phone’s clock set back): it counts as two weeks before arrival', async () => {
    const pushed = await pushNew(shop.url, slip, act(() => daysBack(50))(), staff.florist, Date.now() - 60 * 86_400_000);
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ error: 'conflict' });
    expect(pushed.row.reason).toMatch(/можно не раньше чем за 31 день/);
  });

  it('keeps yesterday’s close made offline at 23:50 and pushed today', async () => {
    const yesterday = daysBack(1);
    const pushed = await pushNew(shop.url, shift, close(() => yesterday)(), staff.florist, Date.parse(`${yesterday}T23:50:00+03:00`));
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
    expect(await stored(`shift-${yesterday}`)).toBe(200);
  });

  it('closes today’s shift, and then refuses today’s second close', async () => {
    const first = await call(shop.url, '/api/shifts/update', { data: close(today)() }, staff.florist.cookie);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await pushNew(shop.url, shift, close(today)(), staff.florist);
    expect(again.row.reason).toMatch(/Смена за этот день уже закрыта/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import { today } from '../../schema/shared/day';
import type { DebtsAnswer } from '../../schema/studio/clients/debts';
import { shift, type ShiftClose } from '../../schema/entities/shift';
import { voidFact, voidIdOf } from '../../schema/entities/void';
import type { OfficeRecord } from '../../schema/shared/record';
import type { StockAnswer } from '../../schema/studio/stock/stock-answer';
import { bothPaths, pushNew, type BothPathsCase, type Writer } from '../testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

const rose = 'flower-rose-explorer';
const cold = 'warehouse-cold';

/**
 * Every mistake can be reversed (issue 27, item 6): a manager voids a fact with a reason, online through
 * `/api/{path}/void` or from a device as a void fact; the fact stays, and every reader counts it as if it were not there.
 */
describe('voiding a fact', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const staff: Record<'florist' | 'manager', Writer> = { florist: { cookie: '', phone: demoPhones.florist }, manager: { cookie: '', phone: demoPhones.manager } };
  let admin = '';
  /** Write-offs a florist made, to be voided one per case. */
  const slips: string[] = [];
  let draft = '';
  let voided = '';

  const made = async (path: string, data: Record<string, unknown>, cookie = staff.florist.cookie) => {
    const answer = await call<{ data: OfficeRecord }>(shop.url, `/api/${path}/update`, { data }, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const writeOff = async (qty: number) =>
    (await made('slips', { day: today(), warehouse: cold, lines: [{ flower: rose, qty, reason: 'wilted', cost: 100 }], order: '', note: '' })).id;
  const invoiceData = (status: 'draft' | 'posted', qty = 30) => ({
    number: '501', supplierName: 'База «Флора»', day: today(), warehouse: cold, lines: [{ flower: rose, qty, price: 777 }], paid: 0, status, note: '',
  });
  const balance = async () => {
    const answer = await call<StockAnswer>(shop.url, '/api/stock/balances', {}, staff.florist.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { qty: answer.body.balances.find((b) => b.flower === rose && b.warehouse === cold)?.qty ?? 0, price: answer.body.prices.find((p) => p.flower === rose) };
  };
  const voidOf = (path: string, id: string, cookie = staff.manager.cookie, reason = 'Ошибка при вводе') =>
    call<{ data?: OfficeRecord; error?: string }>(shop.url, `/api/${path}/void`, { id, reason }, cookie);

  beforeAll(async () => {
    shop = await startTestShop();
    staff.florist.cookie = await signIn(shop.url, demoPhones.florist);
    staff.manager.cookie = await signIn(shop.url, demoPhones.manager);
    admin = await signIn(shop.url, demoPhones.admin);
    // The books count a write-off at the purchase price of its day (costOfDay): roses bought today at 100 ₽.
    await made('invoices', { ...invoiceData('posted', 200), number: '500', lines: [{ flower: rose, qty: 200, price: 100 }] });
    for (let i = 0; i < 4; i++) slips.push(await writeOff(1));
    draft = (await made('invoices', invoiceData('draft'))).id;
    voided = await writeOff(1);
    expect((await voidOf('slips', voided)).status).toBe(200);
  });
  afterAll(() => shop.close());

  const florist = () => staff.florist;
  const manager = () => staff.manager;
  const voidData = (target: () => string, targetType = 'slip') => () => ({ target: target(), targetType, reason: 'Списали не ту розу' });
  const cases: BothPathsCase[] = [
    { name: 'a manager voids a florist’s write-off', entity: voidFact, data: voidData(() => slips[0]!), writer: manager },
    { name: 'a florist voids a write-off', entity: voidFact, data: voidData(() => slips[2]!), writer: florist, refused: /Недостаточно прав/, apiStatus: 403 },
    { name: 'a void of a task, which is no fact', entity: voidFact, data: voidData(() => 'task-00000001', 'task'), writer: manager, refused: /^«Задачи» не сторнируют/ },
    { name: 'a void of a void', entity: voidFact, data: voidData(() => voidIdOf(voided), 'void'), writer: manager, refused: /^«Сторно» не сторнируют/ },
    { name: 'a void of a write-off that is not there', entity: voidFact, data: voidData(() => 'slip-missing0001'), writer: manager, refused: /^Акт списания: записи «slip-missing0001» нет — сторнировать нечего/ },
    { name: 'a void of a draft invoice', entity: voidFact, data: voidData(() => draft, 'invoice'), writer: manager, refused: /^Накладная: черновик не сторнируют/ },
    { name: 'a void without a reason', entity: voidFact, data: () => ({ target: slips[3], targetType: 'slip', reason: '' }), writer: manager, refused: /Укажите причину сторно/ },
  ];
  // The stored case runs on each path with its own write-off.
  cases[0] = { ...cases[0]!, data: (() => { let n = 0; return () => ({ target: slips[n++]!, targetType: 'slip', reason: 'Списали не ту розу' }); })() };
  bothPaths(() => shop.url, cases);

  it('refuses a second void of a fact, on the record API and on a device’s push, in the same words', async () => {
    const again = await voidOf('slips', voided);
    expect(again.status, JSON.stringify(again.body)).toBe(400);
    expect(again.body.error).toBe('Эта запись уже сторнирована: второй раз её не сторнируют');
    const pushed = await pushNew(shop.url, voidFact, { target: voided, targetType: 'slip', reason: 'Ещё раз' }, staff.manager);
    expect(pushed.row).toMatchObject({ error: 'conflict', reason: 'Эта запись уже сторнирована: второй раз её не сторнируют' });
    const stored = await call<{ data: OfficeRecord }>(shop.url, '/api/voids/get', { id: voidIdOf(voided) }, staff.florist.cookie);
    expect(stored.body.data).toMatchObject({ createdBy: demoPhones.manager, data: { target: voided, reason: 'Ошибка при вводе' } });
  });

  it('lets no florist void through /api/{path}/void, and keeps the fact as it was', async () => {
    const id = await writeOff(1);
    expect((await voidOf('slips', id, staff.florist.cookie)).status).toBe(403);
    expect((await call(shop.url, '/api/slips/get', { id }, staff.florist.cookie)).status).toBe(200);
    expect((await call(shop.url, '/api/voids/get', { id: voidIdOf(id) }, staff.florist.cookie)).status).toBe(404);
  });

  it('gives back the stock and the analytics a voided write-off took, and keeps the act', async () => {
    const report = async () => (await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: today(), to: today() }, admin)).body.data.current.writeOffs.cost;
    const before = await balance();
    const costBefore = await report();
    const id = await writeOff(12);
    expect((await balance()).qty).toBe(before.qty - 12);
    expect(await report()).toBe(costBefore + 1200);
    const answer = await voidOf('slips', id, staff.manager.cookie, 'Списали не те розы');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ id: voidIdOf(id), createdBy: demoPhones.manager, data: { target: id, targetType: 'slip', reason: 'Списали не те розы' } });
    expect((await balance()).qty).toBe(before.qty);
    expect(await report()).toBe(costBefore);
    expect((await call(shop.url, '/api/slips/get', { id }, staff.florist.cookie)).status).toBe(200);
  });

  it('takes a voided posted invoice out of the stock, the purchase prices and the debts to suppliers', async () => {
    const before = await balance();
    const owedByUs = async () => (await call<DebtsAnswer>(shop.url, '/api/debts/list', {}, admin)).body.data.owedByUs;
    const owedBefore = await owedByUs();
    const posted = (await made('invoices', invoiceData('posted', 30))).id;
    expect(await balance()).toMatchObject({ qty: before.qty + 30, price: { last: 777 } });
    expect(await owedByUs()).toBe(owedBefore + 30 * 777);
    const paid = (await made('supplier-payments', { invoice: posted, day: today(), amount: 1000, method: 'transfer', note: '' }, staff.manager.cookie)).id;
    expect(await owedByUs()).toBe(owedBefore + 30 * 777 - 1000);
    expect((await voidOf('supplier-payments', paid)).status).toBe(200);
    expect(await owedByUs()).toBe(owedBefore + 30 * 777);
    expect((await voidOf('invoices', posted)).status).toBe(200);
    const after = await balance();
    expect(after.qty).toBe(before.qty);
    expect(after.price?.last).not.toBe(777);
    expect(await owedByUs()).toBe(owedBefore);
  });

  it('frees a day whose shift close is voided for a new close, and only one close not voided a day', async () => {
    // A shift closes today (schema/shared/fact-day.ts).
    const day = today();
    const close = (round?: number): Partial<ShiftClose> => ({
      day, opening: 0, takings: { cash: 0, card: 0, transfer: 0, online: 0 }, orders: 0, counterSales: 0, cashIn: 0, cashOut: 0, expectedCash: 0, expectedCard: 0,
      counted: { cash: 0, card: 0 }, cashMoves: [], note: '', ...(round ? { round } : {}),
    });
    const first = await call<{ data: OfficeRecord; error?: string }>(shop.url, `/api/${shift.path}/update`, { data: close() }, staff.florist.cookie);
    expect(first.status).toBe(200);
    expect(first.body.data.id).toBe(`shift-${day}`);
    const blocked = await call<{ error?: string }>(shop.url, `/api/${shift.path}/update`, { data: close(2) }, staff.florist.cookie);
    expect(blocked.status).toBe(400);
    expect(blocked.body.error).toBe('Смена за этот день уже закрыта');
    const pushedBlocked = await pushNew(shop.url, shift, close(3), staff.florist);
    expect(pushedBlocked.row).toMatchObject({ error: 'conflict', reason: 'Смена за этот день уже закрыта' });

    expect((await voidOf('shifts', first.body.data.id, staff.manager.cookie, 'Закрыли не тот день')).status).toBe(200);
    const again = await pushNew(shop.url, shift, close(2), staff.florist);
    expect(again.row, JSON.stringify(again.row)).toMatchObject({ ok: true });
    expect(again.id).toBe(`shift-${day}-2`);
    const third = await call<{ error?: string }>(shop.url, `/api/${shift.path}/update`, { data: close(3) }, staff.florist.cookie);
    expect(third.body.error).toBe('Смена за этот день уже закрыта');
  });
});

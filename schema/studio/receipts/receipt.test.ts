import { describe, expect, it } from 'vitest';
import type { Order, OrderChange, OrderLine } from '../orders/order';
import { counterRegisterOf, defaultReceiptSettings, noStudioRegister, providerFor, receiptItems, receiptProviderChoice, receiptsAwaited, receiptsAwaitedMs, receiptsDue, receiptsLimit } from './receipt';

const line = (name: string, count: number, price: number): OrderLine => ({ id: name, art: name, name, image: '', count, price, priceFactor: 1, sum: count * price });
const sumOf = (items: { sum: number; price: number; quantity: number }[]) => {
  for (const i of items) expect(i.price * i.quantity).toBe(i.sum);
  return items.reduce((s, i) => s + i.sum, 0);
};

describe('receipt lines', () => {
  it('are the order lines and delivery as a service when the amount is the total', () => {
    const items = receiptItems({ lines: [line('Розы', 3, 1990), line('Ваза', 1, 700)], deliveryPrice: 490 }, (3 * 1990 + 700 + 490) * 100, 'vat20');
    expect(items).toEqual([
      { name: 'Розы', price: 199000, quantity: 3, sum: 597000, object: 'commodity', vat: 'vat20' },
      { name: 'Ваза', price: 70000, quantity: 1, sum: 70000, object: 'commodity', vat: 'vat20' },
      { name: 'Доставка', price: 49000, quantity: 1, sum: 49000, object: 'service', vat: 'vat20' },
    ]);
  });

  it('spread a discount over the lines to the kopeck, splitting a line whose sum does not divide by its count', () => {
    const o = { lines: [line('Розы', 3, 1990), line('Тюльпаны', 7, 133), line('Открытка', 1, 1)], deliveryPrice: 490 };
    for (const amount of [100, 333_33, 777_77, 5000_00, 7411_00 - 1, 7411_00]) {
      const items = receiptItems(o, amount, 'none');
      expect(sumOf(items)).toBe(amount);
      for (const i of items) expect(i.sum).toBeGreaterThan(0);
    }
    const odd = receiptItems({ lines: [line('Розы', 3, 1000)], deliveryPrice: 0 }, 2000_00, 'none');
    expect(odd).toEqual([
      { name: 'Розы', price: 66666, quantity: 2, sum: 133332, object: 'commodity', vat: 'none' },
      { name: 'Розы', price: 66668, quantity: 1, sum: 66668, object: 'commodity', vat: 'none' },
    ]);
  });

  it('say nothing for nothing paid', () => {
    expect(receiptItems({ lines: [line('Розы', 1, 100)], deliveryPrice: 0 }, 0, 'none')).toEqual([]);
  });
});

describe('receipts due', () => {
  const entry = (command: string, before: Record<string, unknown>, after: Record<string, unknown>): OrderChange => ({ command, by: 'x', at: 1, what: '', before, after });
  const base = {
    id: 'o1', number: 12, customer: '79161234567', sender: { name: 'А', phone: '79161234567' }, lines: [line('Розы', 3, 1990)], deliveryPrice: 490, total: 6460,
  } satisfies Partial<Order>;

  it('an online order paid, handed over and cancelled: prepayment, settlement and refund, each of the whole sum', () => {
    const paid = entry('online-paid', { paid: null }, { paid: { status: 'paid', method: 'online', amount: 6460, at: 1, by: 'ЮKassa' } });
    const done = entry('c-done', { status: 'delivering' }, { status: 'done' });
    const cancel = entry('c-cancel', { status: 'done' }, { status: 'cancelled' });
    const history = [paid, done, cancel];
    const o = { ...base, status: 'cancelled' as const, paid: { status: 'paid' as const, method: 'online' as const, amount: 6460, at: 1, by: 'ЮKassa' }, online: { method: 'bank_card' as const, payment: 'p-1', tries: 1, status: 'pending' as const, until: 0 }, history };
    const due = receiptsDue(o, history, defaultReceiptSettings);
    expect(due.map((d) => [d.id, d.content.kind, d.content.mode, d.content.payment, d.content.total])).toEqual([
      ['receipt:prepayment:o1:online-paid', 'prepayment', 'full_prepayment', 'electronic', 646000],
      ['receipt:settlement:o1:c-done', 'settlement', 'full_payment', 'prepaid', 646000],
      ['receipt:refund:o1:c-cancel', 'refund', 'full_payment', 'electronic', 646000],
    ]);
    for (const d of due) expect(sumOf(d.content.items)).toBe(d.content.total);
    expect(due[0]!.content.customer).toEqual({ phone: '+79161234567' });
  });

  it('a counter sale paid in cash after it is handed over: one sale, to the shop’s email for a walk-in', () => {
    const sold = entry('sold-o1', { status: 'new' }, { status: 'done' });
    const cash = entry('pay-1', { paid: null }, { paid: { status: 'paid', method: 'cash', amount: 6460, at: 1, by: 'f' } });
    const walkIn = { ...base, customer: '', sender: { name: 'Покупатель в студии', phone: '' }, status: 'done' as const, history: [sold, cash] };
    expect(receiptsDue({ ...walkIn, paid: undefined, history: [sold] }, [sold], defaultReceiptSettings)).toEqual([]);
    const due = receiptsDue({ ...walkIn, paid: { status: 'paid', method: 'cash', amount: 6460, at: 1, by: 'f' } }, [cash], defaultReceiptSettings);
    expect(due.map((d) => [d.content.kind, d.content.payment, d.content.total])).toEqual([['sale', 'cash', 646000]]);
    expect(due[0]!.content.customer).toEqual({ email: defaultReceiptSettings.email });
  });

  it('a part payment is a partial prepayment, and a reversed payment a refund', () => {
    const part = entry('pay-1', { paid: null }, { paid: { status: 'unpaid', method: 'card', amount: 1000, at: 1, by: 'm' } });
    const o = { ...base, status: 'new' as const, paid: { status: 'unpaid' as const, method: 'card' as const, amount: 1000, at: 1, by: 'm' }, history: [part] };
    expect(receiptsDue(o, [part], defaultReceiptSettings).map((d) => [d.content.kind, d.content.mode, d.content.total])).toEqual([['prepayment', 'partial_prepayment', 100000]]);
    const back = entry('void-1', { paid: o.paid }, { paid: { status: 'unpaid', amount: 0, at: 2, by: 'm' } });
    const after = { ...o, paid: { status: 'unpaid' as const, amount: 0, at: 2, by: 'm' }, history: [part, back] };
    expect(receiptsDue(after, [back], defaultReceiptSettings).map((d) => [d.content.kind, d.content.total])).toEqual([['refund', 100000]]);
  });

  const paidAs = (amount: number, by = 'm') => ({ status: amount >= base.total ? ('paid' as const) : ('unpaid' as const), method: 'card' as const, amount, at: 1, by });
  /** Every receipt the history calls for, entry by entry as the server queues them. */
  const walk = (status: Order['status'], history: OrderChange[], paid?: ReturnType<typeof paidAs>) =>
    history.flatMap((e, i) => receiptsDue({ ...base, status, ...(paid ? { paid } : {}), history: history.slice(0, i + 1) }, [e], defaultReceiptSettings));

  it('a payment that arrives for a cancelled order: a prepayment, a refund when the money is returned, never a settlement', () => {
    const cancel = entry('c-cancel', { status: 'new' }, { status: 'cancelled' });
    const late = entry('late-pay', { paid: null }, { paid: paidAs(6460, 'ЮKassa') });
    const returned = entry('c-return', { paid: paidAs(6460, 'ЮKassa') }, { paid: { status: 'unpaid', at: 3, by: 'm' } });
    const due = walk('cancelled', [cancel, late, returned]);
    expect(due.map((d) => [d.id, d.content.kind, d.content.total])).toEqual([
      ['receipt:prepayment:o1:late-pay', 'prepayment', 646000],
      ['receipt:refund:o1:c-return', 'refund', 646000],
    ]);
  });

  it('a cancellation after payment refunds once: the money marked returned later makes no second refund', () => {
    const pay = entry('pay', { paid: null }, { paid: paidAs(6460) });
    const cancel = entry('c-cancel', { status: 'confirmed' }, { status: 'cancelled' });
    const returned = entry('c-return', { paid: paidAs(6460) }, { paid: { status: 'unpaid', at: 3, by: 'm' } });
    expect(walk('cancelled', [pay, cancel, returned]).map((d) => [d.content.kind, d.content.total])).toEqual([['prepayment', 646000], ['refund', 646000]]);
  });

  it('a partial refund after delivery: a refund receipt of that amount, its lines summing to it to the kopeck', () => {
    const pay = entry('pay', { paid: null }, { paid: paidAs(6460) });
    const done = entry('c-done', { status: 'delivering' }, { status: 'done' });
    const part = entry('c-part', { paid: paidAs(6460) }, { paid: paidAs(6460 - 1333) });
    const due = walk('done', [pay, done, part], paidAs(6460 - 1333));
    expect(due.map((d) => [d.content.kind, d.content.mode, d.content.total])).toEqual([['prepayment', 'full_prepayment', 646000], ['settlement', 'full_payment', 646000], ['refund', 'full_payment', 133300]]);
    const refund = due[2]!.content;
    expect(sumOf(refund.items)).toBe(133300);
    // Lines in proportion: the roses' share and the delivery's share of 1333 ₽ (5970 and 490 of 6460).
    expect(refund.items.filter((i) => i.object === 'service').reduce((x, i) => x + i.sum, 0)).toBe(Math.round((133300 * 49000) / 646000));
  });

  it('never refunds more than the receipts took', () => {
    // Money recorded before receipts existed is not in the history: taking it back makes no refund receipt of it.
    const back = entry('c-back', { paid: paidAs(1000) }, { paid: paidAs(0) });
    expect(walk('new', [back])).toEqual([]);
    const part = entry('pay', { paid: null }, { paid: paidAs(1000) });
    const all = entry('c-all', { paid: paidAs(3000) }, { paid: paidAs(0) });
    // 1000 ₽ came through a receipt, 3000 ₽ is taken back: the refund is of the 1000 ₽ the receipts took.
    expect(walk('new', [part, all]).map((d) => [d.content.kind, d.content.total])).toEqual([['prepayment', 100000], ['refund', 100000]]);
  });
});

describe('receipts awaited by an order page (receiptsAwaited)', () => {
  const paidAt = 1_000_000_000;
  const cash = { status: 'paid' as const, method: 'cash' as const, amount: 6460, at: paidAt, by: 'f' };
  const pay: OrderChange = { command: 'pay-1', by: 'f', at: paidAt, what: '', before: { paid: null }, after: { paid: cash } };
  const o = {
    id: 'o1', number: 12, customer: '79161234567', sender: { name: 'А', phone: '79161234567' }, lines: [line('Розы', 3, 1990)], deliveryPrice: 490, total: 6460,
    status: 'new' as const, paid: cash, history: [pay],
  } satisfies Partial<Order>;

  it('waits for the receipt a payment just made calls for, until the server lists it', () => {
    // Read between the change's write and its receipt's queueing: nothing listed, one awaited.
    expect(receiptsAwaited(o, [], paidAt + 2_000)).toEqual(['receipt:prepayment:o1:pay-1']);
    expect(receiptsAwaited(o, [{ id: 'receipt:prepayment:o1:pay-1' }], paidAt + 2_000)).toEqual([]);
  });

  it('stops waiting for a change older than receiptsAwaitedMs, and for changes that call for none', () => {
    expect(receiptsAwaited(o, [], paidAt + receiptsAwaitedMs + 1)).toEqual([]);
    const florist: OrderChange = { command: 'c-florist', by: 'f', at: paidAt, what: '', before: { florist: null }, after: { florist: '79990000001' } };
    expect(receiptsAwaited({ ...o, paid: undefined, history: [florist] }, [], paidAt + 2_000)).toEqual([]);
  });
});

describe('the receipts’ legal limit at the shift close (issue 30, item 2)', () => {
  const day = 24 * 3600_000;
  const now = Date.parse('2026-11-28T12:00:00Z');
  const ago = (days: number, count = 2) => ({ count, oldestAt: now - days * day });
  it('says nothing when every receipt is registered', () => {
    expect(receiptsLimit({ count: 0 }, now)).toEqual({});
    expect(receiptsLimit(null, now)).toEqual({});
  });
  it('warns of receipts waiting, and from day 25 how many days are left', () => {
    expect(receiptsLimit(ago(3), now)).toEqual({ warn: 'Не зарегистрировано чеков: 2, самый старый — 3 дня. Проверьте связь с кассой в «Документах» до закрытия смены' });
    expect(receiptsLimit(ago(24.9), now).warn).not.toMatch(/Через/);
    expect(receiptsLimit(ago(25), now)).toEqual({ warn: 'Не зарегистрировано чеков: 2, самый старый — 25 дней. Через 5 дней смену нельзя будет закрыть: проверьте связь с кассой в «Документах»' });
    expect(receiptsLimit(ago(29.99, 1), now).warn).toMatch(/самый старый — 29 дней\. Через 1 день/);
  });
  it('blocks from day 30', () => {
    expect(receiptsLimit(ago(30), now)).toEqual({ block: 'Смену не закрыть: чек не зарегистрирован уже 30 дней (по 54-ФЗ — не больше 30). Проверьте связь с кассой и отправьте чеки в «Документах»' });
    expect(receiptsLimit(ago(41), now).block).toMatch(/уже 41 день/);
  });
});

describe('which register takes a receipt (providerFor)', () => {
  const counter = { kind: 'atol-local' as const, url: 'http://192.168.1.20:16732/' };
  const yookassa = receiptProviderChoice.parse({ kind: 'yookassa', register: counter });
  it('with YooKassa: its money to YooKassa, the counter’s to the studio’s register, none chosen → never sent, with why', () => {
    expect(providerFor({ providerPayment: 'p-1' }, yookassa)).toEqual({ kind: 'yookassa' });
    expect(providerFor({ inPayment: true, providerPayment: 'p-1' }, yookassa)).toEqual({ kind: 'yookassa' });
    expect(providerFor({}, yookassa)).toEqual(counter);
    expect(providerFor({}, receiptProviderChoice.parse({ kind: 'yookassa' }))).toEqual({ kind: 'unsent', reason: noStudioRegister });
    // Any other choice takes every receipt, as before.
    expect(providerFor({ providerPayment: 'p-1' }, counter)).toEqual(counter);
  });
  it('devices print at the counter when the studio’s register beside YooKassa is the counter’s', () => {
    expect(counterRegisterOf(yookassa, defaultReceiptSettings).url).toBe('http://192.168.1.20:16732');
    expect(counterRegisterOf(receiptProviderChoice.parse({ kind: 'yookassa' }), defaultReceiptSettings)).toEqual({ url: '', settings: null });
  });
});

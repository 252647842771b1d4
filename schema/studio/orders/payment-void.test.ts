import { describe, expect, it } from 'vitest';
import { debtsOn } from '../clients/debts';
import type { Order, OrderChange, OrderPayment } from './order';
import { lateOnlineRefund, moneySummary, owed, paymentProviderName, paymentReversal, paymentsOf, paymentVoidIssue, received, recordedPayment, refundOutcome, voidablePayment } from './order-money';
import { shiftTakings } from '../money/shift-takings';

/** 12:00 in Moscow of a day, plus hours. */
const at = (d: string, hours = 0) => Date.parse(`${d}T09:00:00Z`) + hours * 3_600_000;
const day = '2026-11-25';
const total = 7990;

type Sale = Pick<Order, 'id' | 'number' | 'status' | 'total' | 'paid' | 'date' | 'customer' | 'sender' | 'source' | 'history'>;
const sale = (): Sale => ({
  id: 'sale-1', number: 41, status: 'done', total, date: day, customer: '79440000711', sender: { name: 'Анна', phone: '79440000711' }, source: 'showcase', history: [],
});

/** What the server does with a payment command: `paid` replaced, the entry in the history (server/orders/order-commands.ts). */
const paid = (o: Sale, command: string, method: 'cash' | 'card' | 'online', amount: number, when: number, by = '79000000003'): Sale => {
  const next = recordedPayment(o.total, method, amount, when, by);
  const entry: OrderChange = { command, by: '79000000003', at: when, what: 'Оплата', before: { paid: o.paid ?? null }, after: { paid: next } };
  return { ...o, paid: next, history: [...(o.history ?? []), entry] };
};
/** A reversal as the server writes it, from `paymentReversal`. */
const reversed = (o: Sale, payment: string, when: number): Sale => {
  const r = paymentReversal(o, payment, 'Не тот способ');
  if (!r.ok) throw new Error(r.reason);
  const { paid: _gone, ...rest } = o;
  const entry: OrderChange = { command: `void-${payment}`, by: '79000000002', at: when, what: 'Отмена оплаты', before: r.before, after: r.after };
  return { ...rest, ...(r.paid ? { paid: r.paid } : {}), history: [...(o.history ?? []), entry] };
};
const takings = (o: Sale, d = day) => shiftTakings(d, [o], []).byMethod;
const owedIn = (o: Sale, today = day) => debtsOn(today, [o], [], new Map(), { clients: new Map(), suppliers: new Map() }).owedToUs;

describe('a reversed payment is left out of every sum (issue 27: «Отменить оплату»)', () => {
  it('takes a wrong card payment out of the paid amount, the day’s takings and the debts; the right one counts', () => {
    const wrong = paid(sale(), 'pay-card', 'card', total, at(day));
    expect([received(wrong), takings(wrong).card, owedIn(wrong)]).toEqual([total, total, 0]);
    const back = reversed(wrong, 'pay-card', at(day, 1));
    expect(back.paid).toBeUndefined();
    expect([received(back), takings(back).card, owedIn(back)]).toEqual([0, 0, total]);
    const right = paid(back, 'pay-cash', 'cash', total, at(day, 2));
    expect(takings(right)).toEqual({ cash: total, card: 0, transfer: 0, online: 0 });
    // Both stay in the history, the reversal naming the payment and why.
    expect(paymentsOf(right.history).map((p) => [p.entry.command, p.voidedBy?.reason])).toEqual([['pay-card', 'Не тот способ'], ['pay-cash', undefined]]);
  });

  it('puts back a part payment of an earlier day: it counts on its own day again, not today', () => {
    const part = paid(sale(), 'pay-part', 'cash', 3000, at('2026-11-24'));
    const rest = paid(part, 'pay-rest', 'card', total, at(day));
    expect(takings(rest).card).toBe(total);
    const back = reversed(rest, 'pay-rest', at(day, 1));
    expect(back.paid).toEqual<OrderPayment>({ status: 'unpaid', method: 'cash', amount: 3000, at: at('2026-11-24'), by: '79000000003' });
    expect(takings(back)).toEqual({ cash: 0, card: 0, transfer: 0, online: 0 });
    expect(takings(back, '2026-11-24').cash).toBe(3000);
    expect(owedIn(back)).toBe(total - 3000);
  });

  it('reverses once, the latest first, never an online payment or a take-back mark', () => {
    const part = paid(sale(), 'pay-part', 'cash', 3000, at(day));
    const rest = paid(part, 'pay-rest', 'card', total, at(day, 1));
    expect(paymentVoidIssue(rest, 'pay-part')).toMatchObject({ status: 409, reason: expect.stringMatching(/сначала отмените/) });
    expect(voidablePayment(rest)?.entry.command).toBe('pay-rest');
    const once = reversed(rest, 'pay-rest', at(day, 2));
    expect(paymentVoidIssue(once, 'pay-rest')).toMatchObject({ status: 409, reason: expect.stringMatching(/уже отменена/) });
    expect(voidablePayment(once)?.entry.command).toBe('pay-part');
    expect(paymentVoidIssue(once, 'nothing')).toMatchObject({ reason: 'Такой оплаты в истории заказа нет' });

    const online = paid(sale(), 'online-paid', 'online', total, at(day), paymentProviderName);
    expect(paymentVoidIssue(online, 'online-paid')?.reason).toMatch(/ЮKassa/);
    expect(voidablePayment(online)).toBeUndefined();
    // An online payment taken elsewhere and recorded by staff is theirs to reverse (issue 29, item 8).
    const recorded = paid(sale(), 'pay-online', 'online', total, at(day));
    expect(voidablePayment(recorded)?.entry.command).toBe('pay-online');

    const mark: OrderChange = { command: 'take-back', by: '79000000002', at: at(day, 3), what: 'Оплата', before: { paid: once.paid }, after: { paid: { status: 'unpaid', at: at(day, 3) } } };
    const taken = { ...once, paid: { status: 'unpaid' as const }, history: [...(once.history ?? []), mark] };
    expect(paymentVoidIssue(taken, 'take-back')).toMatchObject({ status: 400 });
    expect(voidablePayment(taken)).toBeUndefined();
  });

  it('after a customer paid twice and the online payment went back, the cash is reversed (issue 30): the order holds nothing, the shift counts nothing', () => {
    const cash = paid({ ...sale(), status: 'ready' }, 'pay-cash', 'cash', total, at(day));
    const twice = paid(cash, 'online-paid', 'online', total * 2, at(day, 1), paymentProviderName);
    // The server's step: YooKassa's payment returned whole, the cash payment put back as it was.
    const late = lateOnlineRefund(twice)!;
    const r = refundOutcome(twice, late.payment, late.amount);
    if (!r.ok) throw new Error(r.reason);
    const entry: OrderChange = { command: 'online-refund-p', by: paymentProviderName, at: at(day, 2), what: '…', before: r.before, after: { ...r.after, paid: late.restore } };
    const back = { ...twice, paid: late.restore, history: [...(twice.history ?? []), entry] };
    expect(voidablePayment(back)?.entry.command).toBe('pay-cash');
    expect(paymentVoidIssue(back, 'pay-cash')).toBeNull();
    expect(paymentVoidIssue(back, 'online-paid')?.reason).toMatch(/уже вернули деньги/);
    // The duplicate went back: nothing owed while the cash stands, the whole order once the cash is reversed too.
    expect([owed(back), owedIn(back)]).toEqual([0, 0]);
    const voided = reversed(back, 'pay-cash', at(day, 3));
    expect(voided.paid).toBeUndefined();
    expect([received(voided), takings(voided).cash, takings(voided).online]).toEqual([0, 0, 0]);
    expect([owed(voided), owedIn(voided)]).toEqual([total, total]);
    // A YooKassa payment returned only in part still stands after the cash: the cash is not reversed before it.
    const part = refundOutcome(twice, 'online-paid', 100);
    if (!part.ok) throw new Error(part.reason);
    const partly = { ...twice, paid: part.paid, history: [...(twice.history ?? []), { command: 'refund-100', by: '79000000002', at: at(day, 2), what: '…', before: part.before, after: part.after }] };
    expect(paymentVoidIssue(partly, 'pay-cash')).toMatchObject({ status: 409, reason: expect.stringMatching(/сначала отмените/) });
  });

  it('money returned of an earlier payment is not put back by reversing a later one', () => {
    const part = paid(sale(), 'pay-part', 'cash', 3000, at(day));
    const rest = paid(part, 'pay-rest', 'card', total, at(day, 1));
    const r = refundOutcome(rest, 'pay-part', 1000);
    if (!r.ok) throw new Error(r.reason);
    const refunded = { ...rest, paid: r.paid, history: [...(rest.history ?? []), { command: 'refund-1000', by: '79000000002', at: at(day, 2), what: '…', before: r.before, after: r.after }] };
    const back = reversed(refunded, 'pay-rest', at(day, 3));
    expect(received(back)).toBe(2000);
    expect(back.paid).toMatchObject({ status: 'unpaid', method: 'cash', amount: 2000, at: at(day) });
  });
});

describe('money a manager gives back on an order the customer keeps («Вернуть деньги»)', () => {
  it('is no longer owed: not a debt, nothing for the courier to collect, and the order page says it went back', () => {
    const cash = paid(sale(), 'pay-cash', 'cash', total, at(day));
    const r = refundOutcome(cash, 'pay-cash', 1000);
    if (!r.ok) throw new Error(r.reason);
    const kept = { ...cash, paid: r.paid, history: [...(cash.history ?? []), { command: 'refund-wilted', by: '79000000002', at: at(day, 1), what: '…', before: r.before, after: r.after }] };
    expect(received(kept)).toBe(total - 1000);
    expect([owed(kept), owedIn(kept)]).toEqual([0, 0]);
    expect(moneySummary(kept).replace(/\s/g, ' ')).toBe('Оплачен: получено 6 990 ₽, возвращено клиенту 1 000 ₽');
    // Part paid, part given back: only the rest is owed.
    const part = paid(sale(), 'pay-part', 'cash', 5000, at(day));
    const p = refundOutcome(part, 'pay-part', 500);
    if (!p.ok) throw new Error(p.reason);
    const partly = { ...part, paid: p.paid, history: [...(part.history ?? []), { command: 'refund-late', by: '79000000002', at: at(day, 1), what: '…', before: p.before, after: p.after }] };
    expect([owed(partly), owedIn(partly)]).toEqual([total - 5000, total - 5000]);
  });
});


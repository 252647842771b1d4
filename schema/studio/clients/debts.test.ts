import { describe, expect, it } from 'vitest';
import { creditTerm, debtsOn, spreadPayment, type CreditClient } from './debts';
import type { Order } from '../orders/order';
import { orderTitle } from '../orders/order-number';

type Facts = Parameters<typeof debtsOn>[1] extends Iterable<infer O> ? O : never;
const order = (n: number, customer: string, date: string, total: number, paid?: Order['paid'], status: Order['status'] = 'done'): Facts => ({
  id: `o-${n}`,
  number: n,
  status,
  total,
  date,
  customer,
  sender: { name: 'Офис-менеджер', phone: customer },
  ...(paid ? { paid } : {}),
});
const names = { clients: new Map([['79550000001', 'Анна']]), suppliers: new Map<string, string>() };
const romashka: CreditClient = { id: 'ct-romashka', name: 'ООО «Ромашка»', phones: ['79550000077'], creditDays: 14 };
const lilia: CreditClient = { id: 'ct-lilia', name: 'ИП Лилиева', phones: ['79550000088'], creditDays: 0 };
const debts = (orders: Facts[], today = '2026-11-25', clients: CreditClient[] = [romashka, lilia]) => debtsOn(today, orders, [], new Map(), names, clients);

describe('corporate clients on credit (issue 21, item 3)', () => {
  it('is due its term after delivery and overdue from the day after', () => {
    expect(creditTerm('2026-11-01', 14, '2026-11-15')).toEqual({ due: '2026-11-15', overdue: false });
    expect(creditTerm('2026-11-01', 14, '2026-11-16')).toEqual({ due: '2026-11-15', overdue: true });
    expect(creditTerm('2026-12-25', 10, '2027-01-05')).toEqual({ due: '2027-01-04', overdue: true });
    expect(creditTerm('2026-11-25', 0, '2026-11-25')).toEqual({ due: '2026-11-25', overdue: false });
  });

  it('lists a credit client’s unpaid orders under it, apart from customers: the sum, the oldest day, what is overdue', () => {
    const d = debts([
      order(12, romashka.phones[0], '2026-11-20', 5000),
      order(7, romashka.phones[0], '2026-11-02', 8000),
      order(9, romashka.phones[0], '2026-11-05', 3000, { status: 'unpaid', method: 'transfer', amount: 1000, at: 1, by: '79000000002' }),
      order(10, '79550000001', '2026-11-10', 2500),
      order(11, lilia.phones[0], '2026-11-24', 1200),
    ]);
    expect(d.customers.map((c) => [c.key, c.kind, c.owed])).toEqual([['79550000001', 'customer', 2500]]);
    expect(d.owedToUs).toBe(2500);
    expect(d.corporate.map(({ items: _items, ...c }) => c)).toEqual([
      // 8,000 since 2 Nov is due 16 Nov, 2,000 of 3,000 since 5 Nov due 19 Nov: both overdue on the 25th; 20 Nov's is not.
      { key: 'ct-romashka', kind: 'corporate', name: 'ООО «Ромашка»', owed: 15_000, since: '2026-11-02', creditDays: 14, overdue: 10_000 },
      // No deferral: delivered on the 24th, due that day, overdue on the 25th.
      { key: 'ct-lilia', kind: 'corporate', name: 'ИП Лилиева', owed: 1200, since: '2026-11-24', creditDays: 0, overdue: 1200 },
    ]);
    expect(d.corporate[0].items.map((i) => [i.title, i.owed, i.paid, i.since, i.due, i.overdue])).toEqual([
      [orderTitle(7), 8000, 0, '2026-11-02', '2026-11-16', true],
      [orderTitle(9), 2000, 1000, '2026-11-05', '2026-11-19', true],
      [orderTitle(12), 5000, 0, '2026-11-20', '2026-12-04', false],
    ]);
    expect(d.owedByCorporate).toBe(16_200);
    expect(d.overdue).toBe(11_200);
  });

  it('closes an order paid in full and lowers the client’s sum by a part payment; paid in full, the client leaves the list', () => {
    const part = debts([order(7, romashka.phones[0], '2026-11-02', 8000, { status: 'unpaid', method: 'transfer', amount: 5000, at: 1, by: '79000000002' }), order(12, romashka.phones[0], '2026-11-20', 5000, { status: 'paid', method: 'transfer', amount: 5000, at: 2, by: '79000000002' })]);
    expect(part.corporate).toHaveLength(1);
    expect(part.corporate[0]).toMatchObject({ owed: 3000, since: '2026-11-02', overdue: 3000 });
    expect(part.corporate[0].items.map((i) => i.id)).toEqual(['o-7']);
    const paid = debts([order(7, romashka.phones[0], '2026-11-02', 8000, { status: 'paid', method: 'transfer', amount: 8000, at: 3, by: '79000000002' })]);
    expect(paid).toMatchObject({ corporate: [], owedByCorporate: 0, overdue: 0 });
  });

  it('counts an order on credit only once it is delivered or its day has come, and never a cancelled one', () => {
    const d = debts([order(20, romashka.phones[0], '2026-11-30', 4000, undefined, 'new'), order(21, romashka.phones[0], '2026-11-20', 4000, undefined, 'cancelled'), order(22, romashka.phones[0], '2026-11-26', 4000, undefined, 'done')]);
    expect(d.corporate.flatMap((c) => c.items.map((i) => i.id))).toEqual(['o-22']);
    expect(d.corporate[0]).toMatchObject({ since: '2026-11-26', overdue: 0 });
  });

  it('sums the orders of every phone of a corporate client under its one line: the office manager’s, the secretary’s, the director’s', () => {
    const office: CreditClient = { id: 'ct-office', name: 'ООО «Офис»', phones: ['79550000101', '79550000102', '79550000103'], creditDays: 7 };
    const d = debts([order(40, '79550000101', '2026-11-10', 3000), order(41, '79550000102', '2026-11-20', 2000), order(42, '79550000103', '2026-11-24', 1000), order(43, '79550000104', '2026-11-24', 500)], '2026-11-25', [office]);
    expect(d.corporate.map((c) => [c.key, c.owed, c.since, c.overdue, c.items.map((i) => i.id)])).toEqual([['ct-office', 6000, '2026-11-10', 3000, ['o-40', 'o-41', 'o-42']]]);
    expect(d.customers.map((c) => c.key)).toEqual(['79550000104']);
    expect(d.owedByCorporate).toBe(6000);
  });

  it('gives a phone two contractors on credit name to the first by name, and leaves orders of other phones to customers', () => {
    const twin: CreditClient = { id: 'ct-astra', name: 'АО «Астра»', phones: romashka.phones, creditDays: 30 };
    const d = debts([order(30, romashka.phones[0], '2026-11-01', 1000)], '2026-11-25', [romashka, twin]);
    expect(d.corporate.map((c) => [c.key, c.creditDays, c.overdue])).toEqual([['ct-astra', 30, 0]]);
    expect(debts([order(31, romashka.phones[0], '2026-11-01', 1000)], '2026-11-25', []).customers.map((c) => c.key)).toEqual([romashka.phones[0]]);
  });

  it('spreads a sum paid at once over the oldest orders first, none beyond what each owes', () => {
    const [client] = debts([order(7, romashka.phones[0], '2026-11-02', 8000, { status: 'unpaid', method: 'transfer', amount: 5000, at: 1, by: '79000000002' }), order(12, romashka.phones[0], '2026-11-20', 5000), order(9, romashka.phones[0], '2026-11-05', 2000)]).corporate;
    const spread = (amount: number) => spreadPayment(client.items, amount);
    expect(spread(4000)).toEqual({ parts: [{ debt: client.items[0], amount: 3000 }, { debt: client.items[1], amount: 1000 }], rest: 0 });
    expect(spread(10_000).parts.map((p) => [p.debt.id, p.amount])).toEqual([['o-7', 3000], ['o-9', 2000], ['o-12', 5000]]);
    expect(spread(10_500).rest).toBe(500);
    expect(spread(0)).toEqual({ parts: [], rest: 0 });
  });
});

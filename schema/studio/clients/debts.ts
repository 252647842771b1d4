import { z } from 'zod';
import { creditClientsByPhone, type CreditClient } from './credit-phones';
import { addDays } from '../../shared/day';
import { invoiceOwed, invoiceTotal, type InvoiceLine } from '../../entities/invoice';
import type { Order } from '../orders/order';
import { owed } from '../orders/order-money';
import { orderTitle } from '../orders/order-number';

/** One thing owed: a customer's order not paid for, or a posted supply invoice the studio has not paid in full. */
const debt = z.strictObject({
  kind: z.enum(['order', 'invoice']),
  /** The order's or the invoice's id. */
  id: z.string(),
  title: z.string(),
  total: z.number(),
  owed: z.number(),
  /** What was received so far (an order: the cumulative amount the payment command takes). */
  paid: z.number(),
  /** The day it has been owed since: the order's delivery day, the invoice's day. */
  since: z.string(),
  /** On credit (a corporate client's order): the last day of its term, and whether that has passed unpaid. */
  due: z.string().optional(),
  overdue: z.boolean().optional(),
});
export type Debt = z.infer<typeof debt>;

/**
 * Whoever owes or is owed: a customer (by phone), a corporate client on credit (by contractor record id) or a supplier
 * (by record id or the name on the invoice).
 */
const counterparty = z.strictObject({
  key: z.string(),
  kind: z.enum(['customer', 'corporate', 'supplier']),
  name: z.string(),
  owed: z.number(),
  since: z.string(),
  items: z.array(debt),
  /** A corporate client's: its credit term in days, and how much of what it owes is past that term. */
  creditDays: z.number().optional(),
  overdue: z.number().optional(),
});
export type Counterparty = z.infer<typeof counterparty>;

/**
 * /api/debts/list's answer: customers owe the studio (`owedToUs`), corporate clients on credit owe it
 * (`owedByCorporate`, of which `overdue` is past its term), the studio owes suppliers (`owedByUs`).
 */
export const debtsAnswer = z.strictObject({
  data: z.strictObject({
    customers: z.array(counterparty),
    corporate: z.array(counterparty),
    suppliers: z.array(counterparty),
    owedToUs: z.number(),
    owedByCorporate: z.number(),
    overdue: z.number(),
    owedByUs: z.number(),
  }),
});
export type DebtsAnswer = z.infer<typeof debtsAnswer>;

const kopecks = (n: number) => Math.round(n * 100) / 100;

/** Whether an order is a debt: not cancelled, something still owed, and handed over («Выполнен») or its delivery day come. */
const orderOwed = (o: Pick<Order, 'status' | 'total' | 'paid' | 'date'> & Partial<Pick<Order, 'history'>>, today: string): boolean =>
  o.status !== 'cancelled' && owed(o) > 0 && (o.status === 'done' || o.date <= today);

export interface InvoiceFacts {
  id: string;
  number: string;
  day: string;
  supplier: string;
  supplierName: string;
  status: 'draft' | 'posted';
  kind: 'supply' | 'return';
  lines: readonly InvoiceLine[];
  paid: number;
}

export type { CreditClient } from './credit-phones';

/** An order on credit: due `creditDays` after its delivery day, overdue from the day after that, while unpaid. */
export const creditTerm = (since: string, creditDays: number, today: string): { due: string; overdue: boolean } => {
  const due = addDays(since, creditDays);
  return { due, overdue: today > due };
};

/**
 * A sum a counterparty paid at once (a corporate client's bank transfer for several orders), spread over what it owes
 * oldest first (its `items` are in that order): what each debt receives, none beyond what it owes; what is left over
 * when the sum is more than all it owes is `rest`.
 */
export const spreadPayment = (items: readonly Debt[], amount: number): { parts: { debt: Debt; amount: number }[]; rest: number } => {
  const parts: { debt: Debt; amount: number }[] = [];
  let left = amount;
  for (const debt of items) {
    if (left <= 0) break;
    const part = kopecks(Math.min(debt.owed, left));
    if (part <= 0) continue;
    parts.push({ debt, amount: part });
    left = kopecks(left - part);
  }
  return { parts, rest: left };
};

const grouped = (entries: { key: string; kind: Counterparty['kind']; name: string; debt: Debt }[]): Counterparty[] => {
  const by = new Map<string, Counterparty>();
  for (const e of entries) {
    const c = by.get(e.key) ?? { key: e.key, kind: e.kind, name: e.name, owed: 0, since: e.debt.since, items: [] };
    c.items.push(e.debt);
    c.owed = kopecks(c.owed + e.debt.owed);
    if (e.debt.since < c.since) c.since = e.debt.since;
    by.set(e.key, c);
  }
  // The oldest debts first in each, the largest sums first overall.
  return [...by.values()].map((c) => ({ ...c, items: c.items.sort((a, b) => a.since.localeCompare(b.since) || a.title.localeCompare(b.title, 'ru', { numeric: true })) })).sort((a, b) => b.owed - a.owed || a.since.localeCompare(b.since));
};

/**
 * The studio's debts on a day (Moscow): customers' orders delivered (or due) and not paid in full, grouped by the
 * customer's client card; those of a corporate client on credit (placed from any of its phones) grouped by that client
 * instead, each with its due day and whether it is overdue, and the client with what is overdue; and posted supply
 * invoices not paid in full, grouped by supplier. Each with what is owed and since when, each counterparty with its
 * sum. Paid in full, an item leaves the list.
 */
export const debtsOn = (
  today: string,
  orders: Iterable<Pick<Order, 'id' | 'number' | 'status' | 'total' | 'paid' | 'date' | 'customer' | 'sender'> & Partial<Pick<Order, 'history'>>>,
  invoices: Iterable<InvoiceFacts>,
  supplierPaid: ReadonlyMap<string, number>,
  names: { clients: ReadonlyMap<string, string>; suppliers: ReadonlyMap<string, string> },
  creditClients: Iterable<CreditClient> = [],
): DebtsAnswer['data'] => {
  // Any of a corporate client's phones places its orders; one phone, one client (schema/studio/clients/credit-phones.ts).
  const onCredit = creditClientsByPhone(creditClients);
  const termOf = new Map([...onCredit.values()].map((c) => [c.id, c.creditDays]));
  const owedOrders = [...orders].filter((o) => orderOwed(o, today));
  const orderDebt = (o: (typeof owedOrders)[number]): Debt => ({ kind: 'order', id: o.id, title: orderTitle(o.number), total: o.total, owed: owed(o), paid: o.total - owed(o), since: o.date });
  const customers = grouped(
    owedOrders
      .filter((o) => !onCredit.has(o.customer))
      .map((o) => ({ key: o.customer, kind: 'customer' as const, name: names.clients.get(o.customer) || o.sender.name || o.customer, debt: orderDebt(o) })),
  );
  const corporate = grouped(
    owedOrders.flatMap((o) => {
      const c = onCredit.get(o.customer);
      return c ? [{ key: c.id, kind: 'corporate' as const, name: c.name, debt: { ...orderDebt(o), ...creditTerm(o.date, c.creditDays, today) } }] : [];
    }),
  ).map((c) => ({ ...c, creditDays: termOf.get(c.key) ?? 0, overdue: kopecks(c.items.reduce((s, d) => s + (d.overdue ? d.owed : 0), 0)) }));
  const suppliers = grouped(
    [...invoices]
      .filter((i) => i.status === 'posted')
      .map((i) => ({ i, left: invoiceOwed(i, supplierPaid.get(i.id) ?? 0) }))
      // A supply paid in full leaves the list; a return stays, owed back, and lowers its supplier's sum.
      .filter(({ i, left }) => left > 0 || (i.kind === 'return' && left < 0))
      .map(({ i, left }) => ({
        key: i.supplier || `name:${i.supplierName}`,
        kind: 'supplier' as const,
        name: names.suppliers.get(i.supplier) || i.supplierName || 'Поставщик не указан',
        debt: { kind: 'invoice' as const, id: i.id, title: `${i.kind === 'return' ? 'Возврат поставщику' : 'Накладная'}${i.number ? ` № ${i.number}` : ''} от ${i.day}`, total: invoiceTotal(i.lines), owed: left, paid: kopecks(invoiceTotal(i.lines) - left), since: i.day },
      })),
  );
  const sum = (cs: Counterparty[]) => kopecks(cs.reduce((s, c) => s + c.owed, 0));
  return {
    customers,
    corporate,
    suppliers,
    owedToUs: sum(customers),
    owedByCorporate: sum(corporate),
    overdue: kopecks(corporate.reduce((s, c) => s + (c.overdue ?? 0), 0)),
    owedByUs: sum(suppliers),
  };
};

import { z } from 'zod';
import { invoiceOwed, invoiceTotal, type InvoiceLine } from './entities/invoice';
import type { Order } from './order';
import { owed } from './order-money';
import { orderTitle } from './order-number';

/** One thing owed: a customer's order not paid for, or a posted supply invoice the studio has not paid in full. */
export const debt = z.strictObject({
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
});
export type Debt = z.infer<typeof debt>;

/** Whoever owes or is owed: a customer (by phone) or a supplier (by record id or the name on the invoice). */
export const counterparty = z.strictObject({
  key: z.string(),
  kind: z.enum(['customer', 'supplier']),
  name: z.string(),
  owed: z.number(),
  since: z.string(),
  items: z.array(debt),
});
export type Counterparty = z.infer<typeof counterparty>;

/** /api/debts/list's answer: customers owe the studio (`owedToUs`), the studio owes suppliers (`owedByUs`). */
export const debtsAnswer = z.strictObject({
  data: z.strictObject({ customers: z.array(counterparty), suppliers: z.array(counterparty), owedToUs: z.number(), owedByUs: z.number() }),
});
export type DebtsAnswer = z.infer<typeof debtsAnswer>;

const kopecks = (n: number) => Math.round(n * 100) / 100;

/** Whether an order is a debt: not cancelled, something still owed, and handed over («Выполнен») or its delivery day come. */
export const orderOwed = (o: Pick<Order, 'status' | 'total' | 'paid' | 'date'>, today: string): boolean =>
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
 * customer's client card, and posted supply invoices not paid in full, grouped by supplier; each with what is owed and
 * since when, each counterparty with its sum. Paid in full, an item leaves the list.
 */
export const debtsOn = (
  today: string,
  orders: Iterable<Pick<Order, 'id' | 'number' | 'status' | 'total' | 'paid' | 'date' | 'customer' | 'sender'>>,
  invoices: Iterable<InvoiceFacts>,
  supplierPaid: ReadonlyMap<string, number>,
  names: { clients: ReadonlyMap<string, string>; suppliers: ReadonlyMap<string, string> },
): DebtsAnswer['data'] => {
  const customers = grouped(
    [...orders]
      .filter((o) => orderOwed(o, today))
      .map((o) => ({
        key: o.customer,
        kind: 'customer' as const,
        name: names.clients.get(o.customer) || o.sender.name || o.customer,
        debt: { kind: 'order' as const, id: o.id, title: orderTitle(o.number), total: o.total, owed: owed(o), paid: o.total - owed(o), since: o.date },
      })),
  );
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
  return { customers, suppliers, owedToUs: sum(customers), owedByUs: sum(suppliers) };
};

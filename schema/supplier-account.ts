import type { z } from 'zod';
import { invoiceOwed, type invoice } from './entities/invoice';

type Invoice = z.infer<typeof invoice.fields>;

export interface SupplierAccount {
  /** What the studio owes the supplier over its posted invoices (supplies less paid, less returns); negative: it owes us. */
  owed: number;
  /** Posted invoices counted. */
  invoices: number;
  /** What it sells: each flower of its posted supplies, with the last price and day it was bought at. */
  sells: { flower: string; price: number; day: string }[];
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('ru') === b.trim().toLocaleLowerCase('ru');

/**
 * A supplier's account from the invoices: those naming it by id, or (entered on a florist's phone, which does not
 * hold the admin-tier suppliers) by the name written on them.
 */
export const supplierAccount = (supplier: { id: string; name: string }, invoices: readonly (Invoice & { id?: string })[], paidLater: ReadonlyMap<string, number> = new Map()): SupplierAccount => {
  const its = invoices.filter((i) => i.status === 'posted' && (i.supplier ? i.supplier === supplier.id : sameName(i.supplierName, supplier.name)));
  const sells = new Map<string, { price: number; day: string }>();
  for (const i of its.filter((x) => x.kind !== 'return').toSorted((a, b) => a.day.localeCompare(b.day))) for (const l of i.lines) sells.set(l.flower, { price: l.price, day: i.day });
  return {
    owed: Math.round(its.reduce((s, i) => s + invoiceOwed(i, (i.id && paidLater.get(i.id)) || 0), 0) * 100) / 100,
    invoices: its.length,
    sells: [...sells].map(([flower, s]) => ({ flower, ...s })),
  };
};

import { invoiceOwed } from '../../entities/invoice';
import { purchasePrices, type InvoiceRecord } from './purchase-price';
import type { OfficeRecord } from '../../shared/record';
import { supplierPaid } from './supplier-paid';
import { unvoided } from '../../shared/voids';

interface SupplierAccount {
  /** What the studio owes the supplier over its posted invoices (supplies less paid, less returns); negative: it owes us. */
  owed: number;
  /** Posted invoices counted. */
  invoices: number;
  /** What it sells: each flower of its posted supplies, with the last price and day it was bought at (`purchasePrices`). */
  sells: { flower: string; price: number; day: string }[];
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('ru') === b.trim().toLocaleLowerCase('ru');

/**
 * A supplier's account from the invoices: those naming it by id, or (entered on a florist's phone, which does not
 * hold the admin-tier suppliers) by the name written on them, less the payments made on them since (`supplierPaid`,
 * as the server's debts read them). A voided invoice (`voided`, from `voidedIds`) is owed nothing and sells nothing.
 */
export const supplierAccount = (
  supplier: { id: string; name: string },
  invoices: readonly InvoiceRecord[],
  voided: ReadonlyMap<string, unknown>,
  payments: Iterable<Pick<OfficeRecord, 'id' | 'v' | 'data'>> = [],
): SupplierAccount => {
  const paidLater = supplierPaid(payments, voided);
  const its = unvoided(invoices, voided).filter(({ data: i }) => i.status === 'posted' && (i.supplier ? i.supplier === supplier.id : sameName(i.supplierName, supplier.name)));
  return {
    owed: Math.round(its.reduce((s, i) => s + invoiceOwed(i.data, paidLater.get(i.id) ?? 0), 0) * 100) / 100,
    invoices: its.length,
    sells: [...purchasePrices(its)].map(([flower, p]) => ({ flower, price: p.last, day: p.since })),
  };
};

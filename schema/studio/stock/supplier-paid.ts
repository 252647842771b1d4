import { supplierPayment } from '../../entities/supplier-payment';
import { recordData, type OfficeRecord } from '../../shared/record';
import { unvoided } from '../../shared/voids';

/**
 * What the studio paid on each invoice after posting it: the supplier payments recorded against it (/admin/debts),
 * by invoice id, a voided payment paying nothing. The one sum the server's debts and a supplier's account on the
 * device both read.
 */
export const supplierPaid = (payments: Iterable<Pick<OfficeRecord, 'id' | 'v' | 'data'>>, voided: ReadonlyMap<string, unknown>): Map<string, number> => {
  const paid = new Map<string, number>();
  for (const r of unvoided(payments, voided)) {
    const p = recordData(supplierPayment, r);
    if (p) paid.set(p.invoice, (paid.get(p.invoice) ?? 0) + p.amount);
  }
  return paid;
};

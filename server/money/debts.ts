import { today } from '../../schema/shared/day';
import { debtsOn, type CreditClient, type DebtsAnswer, type InvoiceFacts } from '../../schema/studio/clients/debts';
import { client } from '../../schema/entities/client';
import { contractor } from '../../schema/entities/contractor';
import { invoice } from '../../schema/entities/invoice';
import { supplier } from '../../schema/entities/supplier';
import { supplierPayment } from '../../schema/entities/supplier-payment';
import { voidFact } from '../../schema/entities/void';
import { unvoided, voidedIds } from '../../schema/shared/voids';
import { recordData } from '../../schema/shared/record';
import { supplierPaid } from '../../schema/studio/stock/supplier-paid';
import type { Storage } from '../db/storage';
import { ordersByCustomer } from '../clients/client-totals';
import { tierStore } from '../records/tier-store';

/**
 * The studio's debts now (schema/studio/clients/debts.ts `debtsOn`), read from what is stored: the placed orders, the posted
 * invoices and the payments to suppliers made since, the client cards and suppliers for names, the contractors on
 * credit for whose orders are corporate. Computed on each call:
 * nothing is kept between calls, so every app server sharing the store answers alike.
 */
export const debtsNow = async (storage: Storage, clock: () => number = Date.now): Promise<DebtsAnswer> => {
  const store = tierStore(storage);
  const [byCustomer, allInvoices, allPayments, clients, suppliers, contractors, voids] = await Promise.all([
    ordersByCustomer(storage),
    store.all('office', invoice.type),
    store.all('office', supplierPayment.type),
    store.all('admin', client.type),
    store.all('admin', supplier.type),
    store.all('office', contractor.type),
    store.all('office', voidFact.type),
  ]);
  // A voided invoice is owed nothing, a voided payment paid nothing (schema/shared/voids.ts).
  const voided = voidedIds(voids);
  const invoices = unvoided(allInvoices, voided);
  const paid = supplierPaid(allPayments, voided);
  const invoiceFacts: InvoiceFacts[] = invoices.flatMap((r) => {
    const i = recordData(invoice, r);
    return i ? [{ id: r.id, ...i }] : [];
  });
  const clientNames = new Map<string, string>();
  for (const r of clients) {
    const c = recordData(client, r);
    if (!c?.name) continue;
    for (const phone of [c.phone, ...c.otherPhones.split(/,\s*/).filter(Boolean)]) clientNames.set(phone, c.name);
  }
  const supplierNames = new Map<string, string>();
  for (const r of suppliers) {
    const s = recordData(supplier, r);
    if (s) supplierNames.set(r.id, s.name);
  }
  const creditClients: CreditClient[] = contractors.flatMap((r) => {
    const c = recordData(contractor, r);
    return c?.credit && c.phones.length ? [{ id: r.id, name: c.name, phones: c.phones, creditDays: c.creditDays }] : [];
  });
  const data = debtsOn(today(new Date(clock())), [...byCustomer.values()].flat(), invoiceFacts, paid, { clients: clientNames, suppliers: supplierNames }, creditClients);
  return { data };
};

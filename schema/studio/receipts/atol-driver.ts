import type { ReceiptContent, TaxSystem } from './receipt';

/**
 * A receipt as ATOL's driver web server takes it (`POST /api/v2/requests` `{uuid, request: [task]}`), made in one place
 * for both senders: the server (server/receipts/atol-local.ts) and a staff device printing a counter sale through the
 * driver while the server is away (issue 30, item 2, not built yet). The uuid comes from the receipt's id
 * (server/receipts/driver-uuid.ts: Web Crypto, which schema/'s plain ES library does not type), so whichever sends
 * first, the other's send is the driver's 409 — the same document, never a second receipt.
 */

/** Kopecks as the driver's roubles. */
const rub = (kopecks: number): number => Math.round(kopecks) / 100;

/** ATOL's driver names tax systems in camel case. */
const taxationTypes: Record<TaxSystem, string> = { osn: 'osn', usn_income: 'usnIncome', usn_income_outcome: 'usnIncomeOutcome', envd: 'envd', esn: 'esn', patent: 'patent' };
const paymentMethods: Record<ReceiptContent['mode'], string> = { full_prepayment: 'fullPrepayment', partial_prepayment: 'prepayment', full_payment: 'fullPayment' };
const paymentTypes: Record<ReceiptContent['payment'], string> = { cash: 'cash', electronic: 'electronically', prepaid: 'prepaid' };

/** The `sell` / `sellReturn` task of a receipt (FFD 1.2 fields as the driver names them). */
export const driverTask = (c: ReceiptContent) => ({
  type: c.kind === 'refund' ? 'sellReturn' : 'sell',
  taxationType: taxationTypes[c.taxSystem],
  electronically: false,
  clientInfo: { emailOrPhone: 'phone' in c.customer ? c.customer.phone : c.customer.email },
  items: c.items.map((i) => ({
    type: 'position',
    name: i.name,
    price: rub(i.price),
    quantity: i.quantity,
    amount: rub(i.sum),
    measurementUnit: 0,
    paymentMethod: paymentMethods[c.mode],
    paymentObject: i.object,
    tax: { type: i.vat },
  })),
  payments: [{ type: paymentTypes[c.payment], sum: rub(c.total) }],
  total: rub(c.total),
});

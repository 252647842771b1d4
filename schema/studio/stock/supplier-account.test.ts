import { describe, expect, it } from 'vitest';
import { invoice } from '../../entities/invoice';
import { supplierPayment } from '../../entities/supplier-payment';
import { voidFact } from '../../entities/void';
import { supplierAccount } from './supplier-account';
import { supplierPaid } from './supplier-paid';
import { voidedIds } from '../../shared/voids';

let n = 0;
const inv = (over: Record<string, unknown>) => ({
  id: `invoice-${String(++n).padStart(4, '0')}`,
  updatedAt: n,
  data: invoice.fields.parse({ day: '2026-11-20', warehouse: 'warehouse-cold', status: 'posted', lines: [{ flower: 'rose', qty: 10, price: 100 }], ...over }),
});

describe('a supplier’s account', () => {
  it('owes the posted supplies less what was paid and less returns, matched by id or by the name written on the invoice; drafts and other suppliers do not count', () => {
    const flora = { id: 'supplier-1', name: 'Цветочная база «Флора»' };
    const account = supplierAccount(flora, [
      inv({ supplier: 'supplier-1', paid: 400 }),
      inv({ supplierName: ' цветочная база «флора» ', day: '2026-11-22', lines: [{ flower: 'rose', qty: 5, price: 120 }, { flower: 'tulip', qty: 20, price: 40 }] }),
      inv({ supplierName: 'Цветочная база «Флора»', kind: 'return', lines: [{ flower: 'tulip', qty: 5, price: 40 }] }),
      inv({ supplierName: 'Цветочная база «Флора»', status: 'draft' }),
      inv({ supplier: 'supplier-2', supplierName: 'Цветочная база «Флора»' }),
    ], new Map());
    expect(account.owed).toBe(600 + 1400 - 200);
    expect(account.invoices).toBe(3);
    expect(account.sells).toEqual([
      { flower: 'rose', price: 120, day: '2026-11-22' },
      { flower: 'tulip', price: 40, day: '2026-11-22' },
    ]);
  });
});

describe('a supplier’s account with voids', () => {
  it('owes nothing on a voided invoice and counts no voided payment, by the payments the server’s debts read (supplierPaid)', () => {
    const flora = { id: 'supplier-1', name: 'Флора' };
    const [kept, wrong] = [inv({ supplier: 'supplier-1' }), inv({ supplier: 'supplier-1', lines: [{ flower: 'tulip', qty: 10, price: 50 }] })];
    const payment = (id: string, amount: number) => ({ id, v: 1, data: supplierPayment.fields.parse({ invoice: kept.id, day: '2026-11-21', amount, method: 'cash' }) });
    const payments = [payment('payment-0001', 300), payment('payment-0002', 700)];
    const voided = voidedIds([wrong.id, 'payment-0002'].map((target) => ({ id: `void-${target}`, type: voidFact.type, v: 1, data: { target, targetType: 'invoice', reason: 'Записали по ошибке' } })));
    expect(supplierAccount(flora, [kept, wrong], new Map(), payments)).toMatchObject({ owed: 1000 + 500 - 1000, invoices: 2 });
    const account = supplierAccount(flora, [kept, wrong], voided, payments);
    expect(account).toMatchObject({ owed: 1000 - 300, invoices: 1, sells: [{ flower: 'rose', price: 100, day: '2026-11-20' }] });
    expect(supplierPaid(payments, voided)).toEqual(new Map([[kept.id, 300]]));
  });
});

describe('what a supplier sells', () => {
  it('is at the price of the supply posted last, however the invoices are listed', () => {
    const morning = { ...inv({ supplier: 'supplier-1', lines: [{ flower: 'rose', qty: 10, price: 100 }] }), id: 'inv-z', updatedAt: 1_000 };
    const noon = { ...inv({ supplier: 'supplier-1', lines: [{ flower: 'rose', qty: 10, price: 130 }] }), id: 'inv-a', updatedAt: 2_000 };
    for (const list of [[morning, noon], [noon, morning]]) expect(supplierAccount({ id: 'supplier-1', name: '' }, list, new Map()).sells).toEqual([{ flower: 'rose', price: 130, day: '2026-11-20' }]);
  });
});

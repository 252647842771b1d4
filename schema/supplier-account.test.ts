import { describe, expect, it } from 'vitest';
import { invoice } from './entities/invoice';
import { supplierAccount } from './supplier-account';

let n = 0;
const inv = (over: Record<string, unknown>) => ({
  id: `inv-${++n}`,
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
    ]);
    expect(account.owed).toBe(600 + 1400 - 200);
    expect(account.invoices).toBe(3);
    expect(account.sells).toEqual([
      { flower: 'rose', price: 120, day: '2026-11-22' },
      { flower: 'tulip', price: 40, day: '2026-11-22' },
    ]);
  });
});

describe('what a supplier sells', () => {
  it('is at the price of the supply posted last, however the invoices are listed', () => {
    const morning = { ...inv({ supplier: 'supplier-1', lines: [{ flower: 'rose', qty: 10, price: 100 }] }), id: 'inv-z', updatedAt: 1_000 };
    const noon = { ...inv({ supplier: 'supplier-1', lines: [{ flower: 'rose', qty: 10, price: 130 }] }), id: 'inv-a', updatedAt: 2_000 };
    for (const list of [[morning, noon], [noon, morning]]) expect(supplierAccount({ id: 'supplier-1', name: '' }, list).sells).toEqual([{ flower: 'rose', price: 130, day: '2026-11-20' }]);
  });
});

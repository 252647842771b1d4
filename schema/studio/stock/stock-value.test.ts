import { describe, expect, it } from 'vitest';
import { invoice } from '../../entities/invoice';
import { purchasePrices } from './purchase-price';
import { stockValue } from './stock-value';

const posted = (id: string, day: string, lines: { flower: string; qty: number; price: number }[]) => ({
  id,
  updatedAt: 1,
  data: invoice.fields.parse({ day, warehouse: 'wh-cold', lines, status: 'posted' }),
});

describe('stock value at purchase prices (issue 29, item 3)', () => {
  const prices = purchasePrices([posted('inv-1', '2026-11-02', [{ flower: 'rose', qty: 100, price: 120 }, { flower: 'eucalyptus', qty: 20, price: 45 }]), posted('inv-2', '2026-11-03', [{ flower: 'rose', qty: 50, price: 150 }])]);

  it('prices each balance at its flower’s average purchase price, per warehouse (largest first) and in all', () => {
    // Rose: (100 × 120 + 50 × 150) / 150 = 130 ₽.
    const value = stockValue(
      [
        { flower: 'rose', warehouse: 'wh-cold', qty: 90 },
        { flower: 'rose', warehouse: 'wh-shop', qty: 10 },
        { flower: 'eucalyptus', warehouse: 'wh-shop', qty: 20 },
      ],
      prices,
    );
    expect(value).toEqual({
      total: 90 * 130 + 10 * 130 + 20 * 45,
      byWarehouse: [
        { warehouse: 'wh-cold', value: 11_700 },
        { warehouse: 'wh-shop', value: 2200 },
      ],
      unpriced: [],
    });
  });

  it('counts a balance below zero as nothing, and names flowers never bought instead of guessing their price', () => {
    const value = stockValue(
      [
        { flower: 'rose', warehouse: 'wh-cold', qty: -4 },
        { flower: 'rose', warehouse: 'wh-shop', qty: 2 },
        { flower: 'ribbon', warehouse: 'wh-shop', qty: 12.5 },
      ],
      prices,
    );
    expect(value).toEqual({ total: 260, byWarehouse: [{ warehouse: 'wh-shop', value: 260 }], unpriced: ['ribbon'] });
  });
});

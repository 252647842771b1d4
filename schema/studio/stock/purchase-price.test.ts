import { describe, expect, it } from 'vitest';
import { invoice } from '../../entities/invoice';
import { purchasePrices, type InvoiceRecord } from './purchase-price';

const posted = (id: string, day: string, postedAt: number, price: number): InvoiceRecord => ({
  id,
  updatedAt: postedAt,
  data: invoice.fields.parse({ day, warehouse: 'wh-cold', status: 'posted', lines: [{ flower: 'rose', qty: 10, price }] }),
});

describe('the last purchase price', () => {
  it('is the price of the invoice posted last on the latest day, however the invoices are listed', () => {
    const morning = posted('inv-b', '2026-11-20', Date.parse('2026-11-20T07:00:00Z'), 100);
    const noon = posted('inv-a', '2026-11-20', Date.parse('2026-11-20T10:00:00Z'), 130);
    const earlierDayPostedLater = posted('inv-c', '2026-11-19', Date.parse('2026-11-21T09:00:00Z'), 80);
    for (const list of [[morning, noon, earlierDayPostedLater], [noon, morning, earlierDayPostedLater], [earlierDayPostedLater, noon, morning]])
      expect(purchasePrices(list).get('rose')).toEqual({ last: 130, average: 103.33, since: '2026-11-20' });
  });

  it('goes by the invoice id when two of one day were posted in the same millisecond', () => {
    const at = Date.parse('2026-11-20T07:00:00Z');
    const first = posted('inv-1', '2026-11-20', at, 100);
    const second = posted('inv-2', '2026-11-20', at, 140);
    expect(purchasePrices([second, first]).get('rose')?.last).toBe(140);
    expect(purchasePrices([first, second]).get('rose')?.last).toBe(140);
  });
});

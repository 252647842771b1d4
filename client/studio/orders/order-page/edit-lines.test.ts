import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../schema/studio/orders/order';
import type { Product } from '../../../../schema/shop/product';
import { addProduct, draftLines, editLinesOf, previewOf } from './edit-lines';

const order: Pick<Order, 'lines'> = { lines: [{ id: 'p-1', art: 'A-1', name: 'Букет', image: '', count: 2, price: 3000, priceFactor: 1, sum: 6000 }] };
const roses: Pick<Product, 'id' | 'name' | 'price' | 'discountPrice' | 'sizable'> = { id: 'p-2', name: 'Розы', price: 3495, sizable: true };
const vase: Pick<Product, 'id' | 'name' | 'price' | 'discountPrice' | 'sizable'> = { id: 'p-3', name: 'Ваза', price: 1500, discountPrice: 1200, sizable: false };

describe('the lines of an order being edited', () => {
  it('adds a product from the catalogue as a new line of one, sized M when it has sizes, and one more when picked again', () => {
    const once = addProduct(editLinesOf(order), roses);
    expect(draftLines(once)).toEqual([{ id: 'p-1', count: 2 }, { id: 'p-2', count: 1, letterSize: 'M' }]);
    expect(draftLines(addProduct(addProduct(once, vase), vase))).toEqual([{ id: 'p-1', count: 2 }, { id: 'p-2', count: 1, letterSize: 'M' }, { id: 'p-3', count: 2 }]);
    // A product the order already has is one more of its line, not a second line.
    expect(draftLines(addProduct(editLinesOf(order), { id: 'p-1', name: 'Букет', price: 3000, sizable: false }))).toEqual([{ id: 'p-1', count: 3 }]);
  });

  it('takes out a line whose count is 0, and leaves a typed mistake to the schema', () => {
    const lines = addProduct(editLinesOf(order), vase).map((l) => (l.id === 'p-1' ? { ...l, count: '0' } : { ...l, count: '1.5' }));
    expect(draftLines(lines)).toEqual([{ id: 'p-3', count: 1.5 }]);
  });

  it('previews the total as the server will price it: the size’s price rounded to tens, delivery free from 7 000 ₽', () => {
    const lines = addProduct(editLinesOf(order), roses).map((l) => (l.id === 'p-2' ? { ...l, letterSize: 'L' as const, count: '2' } : l));
    // 3 495 ₽ in L is 5 240 ₽.
    expect(previewOf(lines, 'courier')).toEqual({ goods: 6000 + 2 * 5240, delivery: 0, total: 16480 });
    expect(previewOf(editLinesOf({ lines: [{ ...order.lines[0], count: 1, sum: 3000 }] }), 'courier')).toEqual({ goods: 3000, delivery: 490, total: 3490 });
    expect(previewOf(addProduct([], vase), 'pickup')).toEqual({ goods: 1200, delivery: 0, total: 1200 });
  });
});

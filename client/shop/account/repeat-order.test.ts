import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../../server/seed/products';
import type { Product } from '../../../schema/shop/product';
import { repeatLines } from './repeat-order';

const onSale = demoProducts.find((p) => p.isActive && !p.isHidden && p.sizable && p.count > 5)!;
const plain = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count > 5)!;

describe('repeating an order', () => {
  it('takes what is on sale at today’s price and size, and names what is not', () => {
    const soldOut: Product = { ...plain, id: 'sold-out', name: 'Распроданный букет', count: 0 };
    const products = new Map<string, Product>([[onSale.id, { ...onSale, price: onSale.price + 100 }], [plain.id, plain], [soldOut.id, soldOut]]);
    const { entries, missing } = repeatLines(
      [{ id: onSale.id, count: 2, letterSize: 'L' }, { id: plain.id, count: plain.count + 5 }, { id: soldOut.id, count: 1 }, { id: 'gone', count: 1 }],
      products,
    );
    expect(entries.map((e) => [e.id, e.count, e.letterSize, e.price])).toEqual([
      [onSale.id, 2, 'L', onSale.price + 100],
      [plain.id, plain.count, undefined, plain.price],
    ]);
    expect(entries[0].priceFactor).toBeGreaterThan(1);
    expect(missing).toEqual(['Распроданный букет', 'товар, которого больше нет в каталоге']);
  });
});

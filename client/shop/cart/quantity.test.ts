import { describe, expect, it } from 'vitest';
import { readQuantity } from './quantity';

/** Issue 12, item 6: the quantity is read as typed, never replaced by another number. */
describe('the quantity a shopper types', () => {
  it('reads a whole number from 1 to what can be ordered', () => {
    expect(readQuantity('5', 99)).toEqual({ count: 5 });
    expect(readQuantity(' 12 ', 99)).toEqual({ count: 12 });
    expect(readQuantity('7', 7)).toEqual({ count: 7 });
  });

  it('says what is wrong instead of turning it into another number', () => {
    expect(readQuantity('', 99).error).toBe('Укажите количество');
    for (const typed of ['0', '-2', '1.5', '2,5', '1e2', 'пять']) expect(readQuantity(typed, 99).error, typed).toBe('Количество — целое число, от 1');
    expect(readQuantity('150', 99).error).toBe('Можно заказать не больше 99 шт.');
    expect(readQuantity('8', 7).error).toBe('Можно заказать не больше 7 шт.');
  });
});

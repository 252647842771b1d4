import { describe, expect, it } from 'vitest';
import { orderNo, orderTitle } from './order-number';

describe('an order’s number in words', () => {
  it('is «№», a no-break space and the digits, with or without «Заказ»', () => {
    expect(orderNo(1042)).toBe('№\u00a01042');
    expect(orderTitle(1)).toBe('Заказ №\u00a01');
  });
});

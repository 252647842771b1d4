import { describe, expect, it } from 'vitest';
import { maskedPhone, phone, formatPhone } from './phone';
import { cartTotal, cartOwner, lineSum } from '../shop/cart';
import { sizedPrice } from '../shop/size';
import { cacheKey } from './cache-record';
import { formatRoubles } from './money';
import { day, today } from './day';
import { firstDeliveryDay, openSlots } from '../studio/orders/order';
import { isAdmin, levelOf } from './user';

describe('spec rules that are pure functions', () => {
  it('shows the phone without its first 7 characters, padded with * to 6 (spec §2)', () => {
    expect(maskedPhone('79000000003')).toBe('**0003');
    expect(maskedPhone('79161234567')).toBe('**4567');
  });

  it('strips non-digits before sending and accepts only +7 and ten digits (spec §5)', () => {
    expect(phone.parse('+7 (916) 123-45-67')).toBe('79161234567');
    expect(phone.parse('8 916 123 45 67')).toBe('79161234567');
    expect(phone.safeParse('+7 (916) 123-45').success).toBe(false);
    expect(formatPhone('79000000001')).toBe('+7 (900) 000-00-01');
  });

  it('totals count × (discount price or price) × price factor (spec §5)', () => {
    expect(
      cartTotal({
        a: { id: '1', art: 'A', name: '', image: '', price: 1000, count: 2, priceFactor: 1 },
        b: { id: '2', art: 'B', name: '', image: '', price: 3000, discountPrice: 2500, count: 1, priceFactor: 2 },
      }),
    ).toBe(2 * 1000 + 2500 * 2);
  });

  it('keeps a cart per user under the phone digits after the first 7, or "undefined" (spec §3)', () => {
    expect(cartOwner('79000000003')).toBe('0003');
    expect(cartOwner(undefined)).toBe('undefined');
  });

  it('refuses a cache key without key, url, source or function (spec §5)', () => {
    expect(() => cacheKey({})).toThrow('Invalid cache key configuration');
    expect(cacheKey({ url: '/api/items/catalog', params: { a: 1 } })).toBe('/api/items/catalog:{"a":1}');
  });

  it('formats roubles the Russian way', () => {
    expect(formatRoubles(1234).replace(/\s/g, ' ')).toBe('1 234 ₽');
  });

  it('takes the date in Moscow and refuses dates that do not exist', () => {
    expect(today(new Date('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
    expect(day.safeParse('2026-02-30').success).toBe(false);
  });

  it('reads roles as the spec says: admin by role or flag', () => {
    expect(isAdmin({ phone: '79000000009', name: '', roles: [], isAdmin: true })).toBe(true);
    expect(levelOf({ phone: '79000000009', name: '', roles: ['florist'], isAdmin: false })).toBe('florist');
    expect(levelOf(null)).toBe('guest');
  });

  it('keeps a delivery slot open while it ends at least two hours from now, Moscow time', () => {
    const at = (moscow: string) => new Date(`${moscow}+03:00`);
    expect(openSlots('2026-11-23', at('2026-11-23T09:59'))).toEqual(['09:00–12:00', '12:00–15:00', '15:00–18:00', '18:00–21:00', '21:00–23:00']);
    expect(openSlots('2026-11-23', at('2026-11-23T10:01'))[0]).toBe('12:00–15:00');
    expect(openSlots('2026-11-23', at('2026-11-23T21:30'))).toEqual([]);
    expect(openSlots('2026-11-22', at('2026-11-23T08:00'))).toEqual([]);
    expect(openSlots('2026-11-24', at('2026-11-23T23:00'))).toHaveLength(5);
    expect(firstDeliveryDay(at('2026-11-23T20:00'))).toBe('2026-11-23');
    expect(firstDeliveryDay(at('2026-11-23T21:30'))).toBe('2026-11-24');
    expect(firstDeliveryDay(at('2026-12-31T22:00'))).toBe('2027-01-01');
  });

  it('rounds the price of a size to tens of roubles, as shops write prices, and keeps the base size as it is', () => {
    expect(sizedPrice(3495, 1.5)).toBe(5240);
    expect(sizedPrice(3495, 1)).toBe(3495);
    expect(sizedPrice(4990, 3)).toBe(14970);
    expect(sizedPrice(3590, 1.5)).toBe(5390);
    expect(lineSum({ count: 3, price: 3495, priceFactor: 1.5 })).toBe(15720);
    expect(cartTotal({ a: { id: '1', art: 'A', name: '', image: '', price: 3495, count: 3, priceFactor: 1.5 } })).toBe(15720);
  });

  it('rounds each line to whole roubles, as the server charges it', () => {
    expect(lineSum({ count: 1, price: 3495, priceFactor: 1.5 })).toBe(5240);
    expect(lineSum({ count: 2, price: 5000, discountPrice: 4500 })).toBe(9000);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { startTestShop } from '../testing/test-shop';
import { formerNumberReach, orderNumbers } from './numbering';

/** An order a device sends again after a restore asks for its former number (DECISIONS «Orders a restore lost come back from the devices»). */
describe('a former order number', () => {
  const shops: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of shops) await s.close();
  });

  it('is kept when free and within reach of the highest, else the order takes the next', async () => {
    const shop = await startTestShop();
    shops.push(shop);
    const numbers = orderNumbers(shop.shop.storage.db('counters'));
    const first = await numbers.next('former-1');
    expect(await numbers.next('former-2', first)).toBe(first + 1);
    expect(await numbers.next('former-3', first + 5)).toBe(first + 5);
    expect(await numbers.next('former-4', first + 3)).toBe(first + 3);
    expect(await numbers.next('former-5', first + 5 + formerNumberReach + 1)).toBe(first + 6);
  });

  it('is kept by the same order sent twice at once: the second request finds the number claimed for it', async () => {
    const shop = await startTestShop();
    shops.push(shop);
    const numbers = orderNumbers(shop.shop.storage.db('counters'));
    const first = await numbers.next('twice-0');
    const [a, b] = await Promise.all([numbers.next('twice-1', first + 10), numbers.next('twice-1', first + 10)]);
    expect([a, b]).toEqual([first + 10, first + 10]);
    // Another order asking for it gets the next number.
    expect(await numbers.next('twice-2', first + 10)).toBe(first + 11);
  });
});

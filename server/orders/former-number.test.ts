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
});

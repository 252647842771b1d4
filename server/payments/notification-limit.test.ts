import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestShop } from '../testing/test-shop';

describe('payment notifications from one address', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop({ paymentNotificationsPerIp: 3 });
  });
  afterAll(() => shop.close());

  it('are answered until the address has sent its share of ten minutes, then refused with 429 before anything is read', async () => {
    const forged = { type: 'notification', event: 'payment.succeeded', object: { id: 'forged-payment', status: 'succeeded', metadata: { orderId: 'no-such-order' } } };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await call<{ error?: string }>(shop.url, '/api/payments/notification', forged)).status);
    expect(answers.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(answers.slice(3)).toEqual([429, 429]);
  });
});

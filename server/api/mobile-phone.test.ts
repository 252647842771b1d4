import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneMessages } from '../../schema/shared/phone';
import { call, startTestShop } from '../testing/test-shop';

/** Issue 12, item 3: the server takes a Russian mobile number as people write it, and nothing else. */
describe('phones at the server', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('sends the code for a mobile number written with 8 and spaces, to +7 and ten digits', async () => {
    const sent = await call(shop.url, '/api/login', { phone: '8 900 111-22-33' });
    expect(sent.status).toBe(200);
    const last = await call<{ code: string }>(shop.url, '/api/dev/last-code?phone=79001112233', undefined, undefined, 'GET');
    expect(last.body.code).toMatch(/^\d{4}$/);
  });

  it('refuses a landline with a Russian 400 and sends nothing', async () => {
    for (const landline of ['+7 (495) 123-45-67', '74951234567', '8 812 123 45 67']) {
      const refused = await call<{ error: string }>(shop.url, '/api/login', { phone: landline });
      expect(refused.status, landline).toBe(400);
      expect(refused.body.error).toContain(phoneMessages.notMobile);
    }
    const none = await call(shop.url, '/api/dev/last-code?phone=74951234567', undefined, undefined, 'GET');
    expect(none.status).not.toBe(200);
  });
});

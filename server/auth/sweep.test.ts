import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestShop } from '../testing/test-shop';
import { sweepExpired } from './sweep';

describe('the auth sweep', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('removes what has expired and keeps live sessions', async () => {
    await call(shop.url, '/api/login', { phone: '79660000001' });
    const ids = async () => (await shop.shop.auth.allDocs()).rows.map((r) => r.id);
    expect((await ids()).some((id) => id.startsWith('code:'))).toBe(true);
    expect(await sweepExpired(shop.shop.auth)).toBe(0);
    const removed = await sweepExpired(shop.shop.auth, Date.now() + 2 * 3600_000);
    expect(removed).toBeGreaterThanOrEqual(2); // the code and the hour's rate-limit window
    expect((await ids()).filter((id) => id.startsWith('code:') || id.startsWith('rate:'))).toEqual([]);
    expect(await ids()).toContain('secret');
  });
});

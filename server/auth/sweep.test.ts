import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestShop } from '../testing/test-shop';
import { sweepExpired } from './sweep';

describe('the auth sweep', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop({ codeCooldownMs: 60_000 });
  });
  afterAll(() => shop.close());

  it('removes what has expired and keeps live sessions', async () => {
    const phone = '79660000001';
    await call(shop.url, '/api/login', { phone });
    await call(shop.url, '/api/phone-verify', { phone, code: '0000' });
    await call(shop.url, '/api/login', { phone: '79660000002' });
    const { body } = await call<{ code: string }>(shop.url, '/api/dev/last-code?phone=79660000002', undefined, undefined, 'GET');
    expect((await call(shop.url, '/api/phone-verify', { phone: '79660000002', code: body.code })).status).toBe(200);

    // Every kind of document sign-in leaves in the auth database, each with an expiry.
    const flow = ['session', 'code', 'devsms', 'send', 'rate', 'try', 'used', 'guess-day', 'guess-30d'];
    const left = async () => {
      const kinds = new Set((await shop.shop.auth.allDocs()).rows.map((r) => r.id.split(':')[0]));
      expect(kinds).toContain('secret');
      return flow.filter((k) => kinds.has(k));
    };
    expect(await left()).toEqual(flow);
    expect(await sweepExpired(shop.shop.auth)).toBe(0);
    await sweepExpired(shop.shop.auth, Date.now() + 2 * 24 * 3600_000);
    expect(await left()).toEqual(['session', 'guess-30d']);
    await sweepExpired(shop.shop.auth, Date.now() + 60 * 24 * 3600_000);
    expect(await left()).toEqual([]);
  });
});

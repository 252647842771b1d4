import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrLoginAnswer } from '../../schema/shared/qr-login';
import { call, signIn, startTestShop } from '../testing/test-shop';

describe('sign-in by QR code', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let phone: string;
  beforeAll(async () => {
    shop = await startTestShop();
    phone = await signIn(shop.url, '79770000001');
  });
  afterAll(() => shop.close());

  const poll = (identifier: string) => call<QrLoginAnswer & { code?: string; svg?: string }>(shop.url, '/api/qr-login', { identifier });

  it('shows a QR, lets the signed-in phone confirm it, then signs the computer in once', async () => {
    const computer = 'computer-aaaaaaaaaaaaaaaa';
    const first = await poll(computer);
    expect(first.body).toMatchObject({ status: 'waiting' });
    expect(first.body.svg).toContain('<svg');
    expect((await poll(computer)).body.code).toBe(first.body.code);

    expect((await call(shop.url, '/api/qr-verify', { code: first.body.code })).status).toBe(401);
    expect((await call(shop.url, '/api/qr-verify', { code: first.body.code }, phone)).status).toBe(200);

    const done = await poll(computer);
    expect(done.body).toMatchObject({ status: 'done', user: { phone: '79770000001' } });
    expect((await call(shop.url, '/api/user', undefined, done.cookie)).body).toMatchObject({ user: { phone: '79770000001' } });

    const again = await poll(computer);
    expect(again.body.status).toBe('waiting');
    expect(again.body.code).not.toBe(first.body.code);
    expect(again.cookie).toBeUndefined();
  });

  it('refuses a code twice, and a code that belongs to nobody', async () => {
    const { body } = await poll('computer-bbbbbbbbbbbbbbbb');
    expect((await call(shop.url, '/api/qr-verify', { code: body.code }, phone)).status).toBe(200);
    const twice = await call<{ error: string }>(shop.url, '/api/qr-verify', { code: body.code }, phone);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/QR-код/);
    expect((await call(shop.url, '/api/qr-verify', { code: 'x'.repeat(24) }, phone)).status).toBe(400);
  });

  it('never hands the session to another computer that learned the code', async () => {
    const { body } = await poll('computer-cccccccccccccccc');
    await call(shop.url, '/api/qr-verify', { code: body.code }, phone);
    const thief = await poll('computer-dddddddddddddddd');
    expect(thief.body.status).toBe('waiting');
    expect(thief.cookie).toBeUndefined();
  });
});

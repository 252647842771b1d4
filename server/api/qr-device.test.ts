import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrDevice, QrLoginAnswer } from '../../schema/shared/qr-login';
import { call, signIn, startTestShop } from '../testing/test-shop';

const windowsChrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Before the phone confirms a QR code, it learns which computer asks: a phishing link shows a stranger's device. */
describe('the device behind a QR code', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let phone: string;
  beforeAll(async () => {
    shop = await startTestShop();
    phone = await signIn(shop.url, '79770000011');
  });
  afterAll(() => shop.close());

  const poll = async (identifier: string, userAgent: string) => {
    const res = await fetch(`${shop.url}/api/qr-login`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': userAgent }, body: JSON.stringify({ identifier }) });
    return (await res.json()) as Extract<QrLoginAnswer, { status: 'waiting' }>;
  };

  it('names the browser, system, address and time of the computer that shows the code', async () => {
    const before = Date.now();
    const { code } = await poll('computer-device-aaaaaaaa', windowsChrome);
    const device = await call<QrDevice>(shop.url, '/api/qr-device', { code }, phone);
    expect(device.status).toBe(200);
    expect(device.body).toMatchObject({ browser: 'Chrome 131', system: 'Windows', ip: '127.0.0.1' });
    expect(device.body.seenAt).toBeGreaterThanOrEqual(before);
  });

  it('shows the latest device when the identifier is polled from another browser', async () => {
    const { code } = await poll('computer-device-bbbbbbbb', windowsChrome);
    await poll('computer-device-bbbbbbbb', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    expect((await call<QrDevice>(shop.url, '/api/qr-device', { code }, phone)).body).toMatchObject({ browser: 'Firefox 133', system: 'Linux' });
  });

  it('is told only to a signed-in phone, and not once the code is used', async () => {
    const { code } = await poll('computer-device-cccccccc', windowsChrome);
    expect((await call(shop.url, '/api/qr-device', { code })).status).toBe(401);
    expect((await call(shop.url, '/api/qr-verify', { code }, phone)).status).toBe(200);
    const used = await call<{ error: string }>(shop.url, '/api/qr-device', { code }, phone);
    expect(used.status).toBe(400);
    expect(used.body.error).toMatch(/QR-код/);
    expect((await call(shop.url, '/api/qr-device', { code: 'y'.repeat(24) }, phone)).status).toBe(400);
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

/**
 * Issue 30, item 2 (the device side), its first step: when the admin chooses the register on the counter, staff
 * devices read its driver's address and the receipt settings (no credential), and staff pages — never the storefront's — may
 * connect to it. Needs the build (`npx vite build`) for the pages' CSP.
 */
describe('the register on the counter as staff devices see it', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let florist: string;
  const settings = { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' };
  const choose = async (choice: unknown) => expect((await call(shop.url, '/api/settings/receipts-update', { settings, choice }, admin)).status).toBe(200);
  const register = async (cookie?: string) => call<{ data: { url: string } }>(shop.url, '/api/receipts/counter-register', {}, cookie);
  const csp = async (path: string) => (await fetch(shop.url + path)).headers.get('content-security-policy') ?? '';

  beforeAll(async () => {
    if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: npx vite build first (npm test does it)');
    shop = await startTestShop();
    admin = await signIn(shop.url, demoPhones.admin);
    florist = await signIn(shop.url, demoPhones.florist);
  });
  afterAll(() => shop?.close());

  it('answers no address while none is chosen, and only staff may ask', async () => {
    expect((await register()).status).toBe(401);
    expect((await register(florist)).body).toEqual({ data: { url: '', settings: null } });
    expect(await csp('/admin/orders')).toContain("connect-src 'self';");
  });

  it('gives staff the driver address and the receipt settings, never a credential, and lets staff pages, not the storefront, connect to it', async () => {
    await choose({ kind: 'atol-local', url: 'http://192.168.1.20:16732/' });
    expect((await register(florist)).body).toEqual({ data: { url: 'http://192.168.1.20:16732', settings } });
    for (const path of ['/admin', '/admin/orders', '/admin/orders/some-order']) expect(await csp(path), path).toContain("connect-src 'self' http://192.168.1.20:16732;");
    for (const path of ['/', '/cart', '/no/such/page']) expect(await csp(path), path).not.toContain('192.168.1.20');

    // ATOL Online's login and password are never a device's: staff read no address then.
    await choose({ kind: 'atol', login: 'studio-login', group: 'studio-group', apiUrl: 'https://online.example/v5', password: 'studio-secret-pass-77' });
    const online = await register(florist);
    expect(online.body).toEqual({ data: { url: '', settings: null } });
    expect(JSON.stringify(online.body)).not.toContain('studio');
    expect(await csp('/admin/orders')).not.toContain('online.example');
  });
});

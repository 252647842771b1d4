import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyPerFile, watchErrors } from './harness';
import { addToCart, signInThroughDialog, waitFor } from './journeys';
import { demoProducts } from '../server/seed/products';

const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;

/** Every Content-Security-Policy violation the page reports, through a binding the policy cannot block. */
const watchViolations = async (page: Page) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation;
      report(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return violations;
};

/** A shopper and a florist go through the shop with its real CSP: nothing they use is blocked. */
describe('the shop under its Content-Security-Policy', () => {
  const journey = journeyPerFile();

  it('loads home, a product, the checkout, the QR page and /admin with no violation', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const violations = await watchViolations(page);

    // First, before the service worker answers navigations: the server's product page, with its JSON-LD, which is
    // data and must not be reported by a policy without inline scripts.
    const first = await page.goto(`/product/${product.art}~${encodeURIComponent(product.name)}`);
    expect(first!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(first!.headers()['x-frame-options']).toBe('DENY');
    await page.locator('main h1').first().waitFor();
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await page.locator('.card').first().waitFor();
    await addToCart(page, product);

    await page.goto('/orders/create');
    await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
    await page.getByRole('button', { name: 'Оформить заказ' }).click();

    await page.goto('/qr-login');
    await page.getByRole('img', { name: 'QR-код для входа' }).waitFor();

    await page.goto('/');
    await signInThroughDialog(page, journey().shop, '79000000003');
    await waitFor('/admin', async () => new URL(page.url()).pathname === '/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    await page.getByRole('dialog', { name: 'Закрыть смену' }).waitFor();

    expect(violations).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);

    // The watch itself works: an inline script is refused and reported.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.append(s);
    });
    await waitFor('the inline script to be reported', async () => violations.length > 0);
    expect(violations[0]).toMatch(/script-src-elem blocked inline/);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    await context.close();
  });

  it("cannot be put inside another site's frame", async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    await page.setContent(`<iframe src="${journey().shop.url}/qr-login?code=abcdefghijklmnopqrstuvwx"></iframe>`);
    const frame = await waitFor('the frame to settle', async () => page.frames()[1]);
    await frame.waitForLoadState();
    expect(frame.url()).not.toContain('/qr-login');
    await context.close();
  });
});

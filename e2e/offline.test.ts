import { describe, expect, it } from 'vitest';
import { journeyPerFile } from './harness';
import { signInThroughDialog, waitFor, waitForOfflineReady } from './journeys';
import { demoProducts } from '../server/seed/products';

const product = demoProducts.find((p) => p.shownOn.includes('home') && p.isActive && !p.isHidden)!;
const takings = 98765;

/**
 * The offline promise: a florist who loaded the shop keeps working without network —
 * reloads, browses, fills a cart, closes the shift — and all of it reaches the server once, later.
 */
describe('offline', () => {
  const journey = journeyPerFile();

  it('works offline and reconciles when the network returns', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    // What the device said and asked for, told only if the event never arrives (a CI run once waited 60 s for it).
    const trace: string[] = [];
    const at = () => new Date().toISOString().slice(11, 23);
    context.on('console', (m) => trace.push(`${at()} console.${m.type()}: ${m.text().slice(0, 300)}`));
    context.on('requestfinished', (r) => r.url().includes('/db/') && void r.response().then((a) => trace.push(`${at()} ${r.method()} ${r.url().replace(journey().shop.url, '')} ${a?.status() ?? '?'}`)));
    context.on('requestfailed', (r) => r.url().includes('/db/') && trace.push(`${at()} ${r.method()} ${r.url().replace(journey().shop.url, '')} failed ${r.failure()?.errorText ?? ''}`));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await signInThroughDialog(page, journey().shop, '79000000003');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    expect(await page.locator('.card').count()).toBeGreaterThan(20);

    await page.getByRole('link', { name: product.name }).first().click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    await page.getByRole('dialog').locator('input[name="amount"]').fill(String(takings));
    await page.getByRole('button', { name: 'Ок' }).click();
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    const onServer = async () => {
      const { rows } = await journey().shop.shop.storage.db('events').allDocs({ include_docs: true });
      return rows.filter((r) => (r.doc as unknown as { sum: number }).sum === takings).length;
    };
    expect(await onServer()).toBe(0);

    await context.setOffline(false);
    trace.push(`${at()} online again`);
    await waitFor('the shift event on the server', async () => (await onServer()) > 0, 60_000).catch((e: Error) => {
      throw new Error(`${e.message}; the device's last steps:\n${trace.slice(-60).join('\n')}`);
    });
    await waitFor('the server session to end', async () => ((await (await page.request.get('/api/user')).json()) as { user: unknown }).user === null, 60_000);
    expect(await onServer()).toBe(1);

    // Nothing lost: her cart is still hers when she signs in again, and the event was not sent twice.
    await signInThroughDialog(page, journey().shop, '79000000003');
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    await page.waitForTimeout(2000);
    expect(await onServer()).toBe(1);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { journeyPerFile, watchErrors } from './harness';
import { addToCart, fillCheckout, ordersOnServer, signInThroughDialog, waitFor, waitForOfflineReady } from './journeys';
import { demoProducts } from '../server/seed/products';

const customer = '79990005566';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;

/**
 * An order placed offline while a second tab of the shop is open: when the network returns both tabs try to send
 * the outbox, and the server still gets exactly one order.
 */
describe('an offline order with two tabs open', () => {
  const journey = journeyPerFile();

  it('reaches the server exactly once, and both tabs show its number', async () => {
    const { shop } = journey();
    const creates: string[] = [];
    // Express has already begun routing and shortened req.url; originalUrl keeps the whole path.
    shop.server.on('request', (req) => (req as typeof req & { originalUrl: string }).originalUrl === '/api/orders/create' && creates.push(req.method ?? ''));
    const onServer = () => ordersOnServer(shop, customer);

    const context = await journey().newContext();
    const first = await context.newPage();
    const errors = watchErrors(first);
    await first.goto('/');
    await signInThroughDialog(first, shop, customer);
    await waitForOfflineReady(first);
    const second = await context.newPage();
    errors.push(...watchErrors(second));
    await second.goto('/my');
    await second.getByRole('heading', { name: 'Мои заказы' }).waitFor();

    await context.setOffline(true);
    await addToCart(first, product);
    await fillCheckout(first);
    await first.getByRole('heading', { name: 'Заказ сохранён' }).waitFor();
    await second.getByText('Ожидает отправки').waitFor();
    expect(await onServer()).toHaveLength(0);

    await context.setOffline(false);
    await waitFor('the order on the server', async () => (await onServer()).length > 0, 60_000);
    const [{ number }] = await onServer();
    await first.goto('/my');
    for (const tab of [first, second]) {
      await tab.locator('.my-orders__item', { hasText: `Заказ №\u00a0${number}` }).waitFor();
      await tab.getByText('Ожидает отправки').waitFor({ state: 'detached' });
    }
    // Both tabs have had their chance to send it again.
    await first.waitForTimeout(3000);
    expect(await onServer()).toHaveLength(1);
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });
});

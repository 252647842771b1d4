import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAmount } from '../schema/shop/online-payment';
import type { Order } from '../schema/studio/orders/order';
import { demoProducts } from '../server/seed/products';
import { call, signIn } from '../server/testing/test-shop';
import { draftOf } from '../server/testing/order-rush';
import { startYookassaStandIn, type YookassaStandIn } from '../server/testing/yookassa-stand-in';
import { contextAs } from './admin-journeys';
import { phoneViewport, startJourney, watchErrors, type Journey } from './harness';

const customer = '79550006791';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;

/**
 * /my on a 360 px phone for an order a restore lost that the customer had paid online (DECISIONS «A paid order a
 * restore lost»): sent again naming its payment while YooKassa does not answer, it reads «Оплата проверяется», never
 * «не оплачен»; once the shop has read the payment it reads «Оплачен онлайн».
 */
describe('a paid order a restore lost, in /my', () => {
  let yk: YookassaStandIn;
  let journey: Journey;
  beforeAll(async () => {
    yk = await startYookassaStandIn();
    journey = await startJourney({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl } }, { serviceWorker: false });
  });
  afterAll(async () => {
    await journey?.close();
    await yk?.close();
  });

  it('says «Оплата проверяется» while the payment is being read, then «Оплачен онлайн»', async () => {
    const { shop } = journey;
    const cookie = await signIn(shop.url, customer);
    const draft = { ...draftOf(customer, [{ id: product.id, count: 1 }]), id: `lost-paid-e2e-${Date.now()}` };
    // What the lost shop had done: the payment at YooKassa for this order, paid.
    const total = (await call<{ data: Order }>(shop.url, '/api/orders/create', { ...draftOf(customer, [{ id: product.id, count: 1 }]) }, cookie)).body.data.total;
    const p = await yk.create({ amount: { value: providerAmount(total), currency: 'RUB' }, confirmation: { type: 'redirect', return_url: `${shop.url}/x` }, metadata: { orderId: draft.id }, payment_method_data: { type: 'bank_card' } });
    await yk.pay(p.id);
    yk.paymentsAway(true);
    const sent = await call<{ data: Order }>(shop.url, '/api/orders/create', { ...draft, formerNumber: 50, formerPayment: { id: p.id, method: 'bank_card', tries: 1 } }, cookie);
    expect(sent.body.data.online?.status).toBe('checking');

    const context = await contextAs(journey, customer, phoneViewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/my');
    const row = page.locator(`[data-order-id="${draft.id}"]`);
    await row.getByText('Оплата проверяется').waitFor({ timeout: 30_000 });
    expect(await row.textContent()).not.toMatch(/не оплачен|При получении/i);
    expect(await row.getByRole('button', { name: /Оплатить/ }).count()).toBe(0);

    // YooKassa is back; the shop reads the payment (as the customer's thank-you check, or the sweep, does).
    yk.paymentsAway(false);
    expect((await call<{ data: { state: string } }>(shop.url, '/api/payments/check', { order: draft.id }, cookie)).body.data.state).toBe('paid');
    await row.getByText('Оплачен онлайн').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import { draftOf } from '../testing/order-rush';
import { startPayingServers, type PayingServers } from '../testing/paying-servers';
import { call } from '../testing/test-shop';

const customer = '79440000601';

/** Two app servers on one CouchDB, each sweeping unpaid online orders and each taking the provider's notifications. */
describe('online payment on two server processes', () => {
  let shop: PayingServers;
  beforeAll(async () => {
    shop = await startPayingServers(customer);
  }, 120_000);
  afterAll(() => shop?.stop());

  const payNow = async () => {
    const { a, me, bouquet } = shop;
    const draft = { ...draftOf(customer, [{ id: bouquet, count: 2 }]), id: `pay2-${crypto.randomUUID()}` };
    const started = await call<{ data: PaymentAnswer }>(a.url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, me);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body.data.order;
  };
  const countOf = async (url: string) => (await call<{ data: Product }>(url, '/api/items/get', { id: shop.bouquet })).body.data.count;

  it('cancels an unpaid order once when its time runs out, both servers sweeping, and its stock comes back once', async () => {
    const { a, b, stored } = shop;
    const before = await countOf(a.url);
    const order = await payNow();
    expect(await countOf(b.url)).toBe(before - 2);
    let o = await stored(b.url, order.id);
    for (let i = 0; i < 300 && o.status !== 'cancelled'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      o = await stored(b.url, order.id);
    }
    expect(o.status).toBe('cancelled');
    // Another round of both sweeps: nothing more comes back.
    await new Promise((r) => setTimeout(r, 7000));
    o = await stored(a.url, order.id);
    expect((o.history ?? []).filter((h) => h.command === 'online-expired')).toHaveLength(1);
    expect(await countOf(a.url)).toBe(before);
    expect(await countOf(b.url)).toBe(before);
  }, 60_000);

  it('marks an order paid once when the notification reaches both servers at the same moment', async () => {
    const { a, b, yk, stored } = shop;
    const order = await payNow();
    await yk.pay(order.online!.payment!);
    const body = { type: 'notification', event: 'payment.succeeded', object: { id: order.online!.payment!, metadata: { orderId: order.id } } };
    const answers = await Promise.all([a.url, b.url, a.url, b.url].map((url) => call(url, '/api/payments/notification', body)));
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    const o = await stored(b.url, order.id);
    expect(o.paid).toMatchObject({ status: 'paid', method: 'online', amount: o.total });
    expect((o.history ?? []).filter((h) => h.command === 'online-paid')).toHaveLength(1);
    // Paid, it is not swept away when its time runs out.
    await new Promise((r) => setTimeout(r, 7000));
    expect((await stored(a.url, order.id)).status).toBe('new');
  }, 60_000);
});

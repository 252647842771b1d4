import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../schema/studio/orders/order';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { draftOf } from '../testing/order-rush';
import { startServerProcess, testEnv } from '../testing/server-process';
import { call, demoPhones, signIn } from '../testing/test-shop';
import { startYookassaStandIn } from '../testing/yookassa-stand-in';

const customer = '79440000601';

/** Two app servers on one CouchDB, each sweeping unpaid online orders and each taking the provider's notifications. */
describe('online payment on two server processes', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let yk: Awaited<ReturnType<typeof startYookassaStandIn>>;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let me: string;
  let florist: string;
  let bouquet: string;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    yk = await startYookassaStandIn();
    // Six seconds to pay: both servers sweep every three.
    const env = { ...testEnv, COUCHDB_URL: couch.url, YOOKASSA_SHOP_ID: yk.shopId, YOOKASSA_SECRET_KEY: yk.secretKey, YOOKASSA_API_URL: yk.apiUrl, ONLINE_PAYMENT_HOLD_MINUTES: '0.1' };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    [me, florist] = await Promise.all([signIn(a.url, customer), signIn(a.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(a.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!.id;
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await yk?.close();
    await couch?.close();
  });

  const payNow = async () => {
    const draft = { ...draftOf(customer, [{ id: bouquet, count: 2 }]), id: `pay2-${crypto.randomUUID()}` };
    const started = await call<{ data: PaymentAnswer }>(a.url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, me);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body.data.order;
  };
  const stored = async (url: string, id: string) =>
    (await call<{ data: { items: Order[] } }>(url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
  const countOf = async (url: string) => (await call<{ data: Product }>(url, '/api/items/get', { id: bouquet })).body.data.count;

  it('cancels an unpaid order once when its time runs out, both servers sweeping, and its stock comes back once', async () => {
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

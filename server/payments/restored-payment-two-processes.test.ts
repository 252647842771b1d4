import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAmount } from '../../schema/shop/online-payment';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { draftOf } from '../testing/order-rush';
import { startServerProcess, testEnv } from '../testing/server-process';
import { call, demoPhones, signIn } from '../testing/test-shop';
import { startYookassaStandIn } from '../testing/yookassa-stand-in';

const customer = '79440000721';

/**
 * Two app servers on one CouchDB take the same re-sent order (a retry, a second tab) naming the payment it had before a
 * restore (DECISIONS «A paid order a restore lost»): YooKassa's answer marks it paid once; while YooKassa is away both
 * servers' sweeps leave it «checking» past its hold, and the first sweep that reads the payment marks it, once.
 */
describe('a paid order a restore lost, on two server processes', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let yk: Awaited<ReturnType<typeof startYookassaStandIn>>;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let me: string;
  let florist: string;
  let bouquet: string;
  let total: number;
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
    // The shop's price of the draft: what the lost shop charged.
    total = (await call<{ data: Order }>(a.url, '/api/orders/create', draftOf(customer, [{ id: bouquet, count: 1 }]), me)).body.data.total;
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await yk?.close();
    await couch?.close();
  });

  /** The draft the device sends again, and the payment the lost shop had made for it at YooKassa, paid. */
  const lostPaidOrder = async (formerNumber: number) => {
    const draft = { ...draftOf(customer, [{ id: bouquet, count: 1 }]), id: `lost2-${crypto.randomUUID()}` };
    const p = await yk.create({ amount: { value: providerAmount(total), currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'https://shop.example/x' }, metadata: { orderId: draft.id }, payment_method_data: { type: 'bank_card' } });
    await yk.pay(p.id);
    return { request: { ...draft, formerNumber, formerPayment: { id: p.id, method: 'bank_card', tries: 1 } }, payment: p.id };
  };
  const sendToBoth = (request: object) => Promise.all([a.url, b.url, a.url, b.url].map((url) => call<{ data: Order }>(url, '/api/orders/create', request, me)));
  const stored = async (url: string, id: string) =>
    (await call<{ data: { items: Order[] } }>(url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
  // Every entry that marked money from YooKassa, whatever step id it came under.
  const paidEntries = (o: Order) => (o.history ?? []).filter((h) => h.what === 'Оплачен онлайн');

  it('marks it paid once, with its former number, when both servers take it at the same moment', async () => {
    const { request, payment } = await lostPaidOrder(100);
    const answers = await sendToBoth(request);
    expect(answers.map((x) => x.status), JSON.stringify(answers.map((x) => x.body))).toEqual([200, 200, 200, 200]);
    const o = await stored(b.url, request.id);
    expect(o).toMatchObject({ number: 100, status: 'new', paid: { status: 'paid', method: 'online', amount: total }, online: { status: 'paid', payment } });
    expect(paidEntries(o)).toHaveLength(1);
    // Past its hold, both servers sweeping: still paid, still the studio's.
    await new Promise((r) => setTimeout(r, 7000));
    const later = await stored(a.url, request.id);
    expect(later.status).toBe('new');
    expect(paidEntries(later)).toHaveLength(1);
  }, 60_000);

  it('while YooKassa is away keeps it «checking» past its hold on both servers, then the sweeps mark it paid once', async () => {
    const { request, payment } = await lostPaidOrder(101);
    yk.paymentsAway(true);
    try {
      const answers = await sendToBoth(request);
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
      expect(answers.map((x) => x.body.data.online?.status)).toEqual(['checking', 'checking', 'checking', 'checking']);
      // Twice the hold, both servers sweeping every three seconds: not cancelled, its bouquet still held.
      await new Promise((r) => setTimeout(r, 12_000));
      expect(await stored(b.url, request.id)).toMatchObject({ status: 'new', online: { status: 'checking' } });
    } finally {
      yk.paymentsAway(false);
    }
    let o = await stored(a.url, request.id);
    for (let i = 0; i < 200 && o.paid?.status !== 'paid'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      o = await stored(a.url, request.id);
    }
    expect(o).toMatchObject({ status: 'new', paid: { status: 'paid', method: 'online' }, online: { status: 'paid', payment } });
    await new Promise((r) => setTimeout(r, 4000));
    expect(paidEntries(await stored(b.url, request.id))).toHaveLength(1);
  }, 90_000);
});
